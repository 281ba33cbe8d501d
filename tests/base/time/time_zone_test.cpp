#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>

#include "base/time/time_zone.h"
#include "tests/base/time/time_test_support.h"

using namespace slaudit;
using namespace slaudit::test;
using std::chrono::hours;
using std::chrono::minutes;

TEST_CASE("time zone: lookup by IANA name", "[time]") {
  CHECK(TimeZone::find("America/New_York")->name() == "America/New_York");
  CHECK(TimeZone::find("UTC"));
  CHECK(TimeZone::find("Etc/UTC"));
  CHECK(TimeZone::utc().name() == "Etc/UTC");
  CHECK(TimeZone::find("US/Eastern"));  // a link keeps its own name
  CHECK(TimeZone::find("US/Eastern")->name() == "US/Eastern");
}

TEST_CASE("time zone: unknown names are not found", "[time]") {
  for (const char* name : {"Mars/Olympus_Mons", "america/new_york", "", "America/New_York ", "posix/America/New_York",
                           "right/UTC", "localtime", "posixrules", "zone.tab", "tzdata.zi"}) {
    CAPTURE(name);
    CHECK_FALSE(TimeZone::find(name));
  }
}

TEST_CASE("time zone: names are sorted and exclude the posix and right trees", "[time]") {
  const auto names = TimeZone::names();
  CHECK(names.size() > 400);
  CHECK(std::is_sorted(names.begin(), names.end()));
  CHECK(std::adjacent_find(names.begin(), names.end()) == names.end());
  for (const char* expected : {"UTC", "Etc/UTC", "America/New_York", "US/Eastern", "Europe/London", "Asia/Shanghai",
                               "Australia/Sydney"}) {
    CAPTURE(expected);
    CHECK(std::binary_search(names.begin(), names.end(), expected));
  }
  for (std::string_view name : names) {
    CAPTURE(name);
    CHECK_FALSE(name.starts_with("posix/"));
    CHECK_FALSE(name.starts_with("right/"));
    CHECK(TimeZone::find(name));
  }
}

TEST_CASE("time zone: the tzdata version is embedded", "[time]") {
  const std::string version(TimeZone::tzdata_version());
  CAPTURE(version);
  CHECK(std::regex_match(version, std::regex("[0-9]{4}[a-z]")));  // e.g. 2025b
}

TEST_CASE("time zone: links share the data of their target", "[time]") {
  const TimeZone eastern = zone("US/Eastern"), new_york = zone("America/New_York");
  for (Instant at : {utc(1950, 6, 1), utc(2026, 1, 15), utc(2026, 7, 15), utc(2100, 7, 15)}) {
    CHECK(eastern.utc_offset(at) == new_york.utc_offset(at));
    CHECK(eastern.abbreviation(at) == new_york.abbreviation(at));
  }
  CHECK_FALSE(eastern == new_york);  // equal data, different names
}

// Offset and abbreviation one second before a switch and at the switch itself.
TEST_CASE("time zone: UTC offset and abbreviation around DST switches", "[time]") {
  struct Case {
    const char* zone;
    Instant switch_at;
    hours offset_before;
    const char* abbreviation_before;
    hours offset_after;
    const char* abbreviation_after;
  };
  auto c = GENERATE(values<Case>({
      // 2026-03-08 02:00 EST: second Sunday of March; 02:00 -05:00 = 07:00Z
      {"America/New_York", utc(2026, 3, 8, 7), hours{-5}, "EST", hours{-4}, "EDT"},
      // 2026-11-01 02:00 EDT: first Sunday of November; 02:00 -04:00 = 06:00Z
      {"America/New_York", utc(2026, 11, 1, 6), hours{-4}, "EDT", hours{-5}, "EST"},
      // after 2037, from the POSIX rule: 2040-03-11 is the second Sunday of March
      {"America/New_York", utc(2040, 3, 11, 7), hours{-5}, "EST", hours{-4}, "EDT"},
      {"America/New_York", utc(2040, 11, 4, 6), hours{-4}, "EDT", hours{-5}, "EST"},
      {"America/New_York", utc(2199, 3, 10, 7), hours{-5}, "EST", hours{-4}, "EDT"},
      // Europe switches at 01:00 UTC on the last Sundays of March and October
      {"Europe/London", utc(2026, 3, 29, 1), hours{0}, "GMT", hours{1}, "BST"},
      {"Europe/London", utc(2026, 10, 25, 1), hours{1}, "BST", hours{0}, "GMT"},
      // southern hemisphere: DST ends 2026-04-05 03:00 AEDT (+11) = 04-04 16:00Z,
      // starts 2026-10-04 02:00 AEST (+10) = 10-03 16:00Z
      {"Australia/Sydney", utc(2026, 4, 4, 16), hours{11}, "AEDT", hours{10}, "AEST"},
      {"Australia/Sydney", utc(2026, 10, 3, 16), hours{10}, "AEST", hours{11}, "AEDT"},
  }));
  const TimeZone z = zone(c.zone);
  CAPTURE(c.zone, c.switch_at.time_since_epoch().count());
  CHECK(z.utc_offset(c.switch_at - std::chrono::seconds{1}) == c.offset_before);
  CHECK(z.abbreviation(c.switch_at - std::chrono::seconds{1}) == c.abbreviation_before);
  CHECK(z.utc_offset(c.switch_at) == c.offset_after);
  CHECK(z.abbreviation(c.switch_at) == c.abbreviation_after);
}

TEST_CASE("time zone: zones without DST keep one offset", "[time]") {
  for (Instant at : {utc(2026, 1, 15), utc(2026, 7, 15), utc(2150, 7, 15)}) {
    CHECK(zone("Asia/Shanghai").utc_offset(at) == hours{8});
    CHECK(zone("Asia/Shanghai").abbreviation(at) == "CST");
    CHECK(zone("UTC").utc_offset(at) == hours{0});
    CHECK(zone("UTC").abbreviation(at) == "UTC");
    CHECK(zone("Asia/Kolkata").utc_offset(at) == hours{5} + minutes{30});
  }
}

TEST_CASE("time zone: DST flag", "[time]") {
  CHECK(zone("America/New_York").is_dst(utc(2026, 7, 1)));
  CHECK_FALSE(zone("America/New_York").is_dst(utc(2026, 1, 1)));
  CHECK(zone("Australia/Sydney").is_dst(utc(2026, 1, 1)));  // January is summer there
  CHECK_FALSE(zone("Australia/Sydney").is_dst(utc(2026, 7, 1)));
}

TEST_CASE("time zone: history before standard time is local mean time", "[time]") {
  // New York adopted EST on 1883-11-18 at noon local; before, LMT was -4:56:02
  const TimeZone ny = zone("America/New_York");
  CHECK(ny.utc_offset(utc(1800, 1, 1)) == -(hours{4} + minutes{56} + std::chrono::seconds{2}));
  CHECK(ny.abbreviation(utc(1800, 1, 1)) == "LMT");
  CHECK(ny.utc_offset(utc(1900, 1, 1)) == hours{-5});
}

TEST_CASE("time zone: local time to UTC", "[time]") {
  using Kind = LocalTimeLookup::Kind;
  struct Case {
    const char* zone;
    LocalSeconds reading;
    Kind kind;
    Instant earlier;
    Instant later;
  };
  auto c = GENERATE(values<Case>({
      // an ordinary summer noon: 12:00 EDT (-4) = 16:00Z
      {"America/New_York", local(2026, 7, 1, 12), Kind::unique, utc(2026, 7, 1, 16), utc(2026, 7, 1, 16)},
      // clocks go back 02:00 EDT -> 01:00 EST: 01:30 happens at 05:30Z (-4) and 06:30Z (-5)
      {"America/New_York", local(2026, 11, 1, 1, 30), Kind::ambiguous, utc(2026, 11, 1, 5, 30),
       utc(2026, 11, 1, 6, 30)},
      // clocks jump 02:00 EST -> 03:00 EDT: 02:30 never happens; the gap ends at 07:00Z
      {"America/New_York", local(2026, 3, 8, 2, 30), Kind::nonexistent, utc(2026, 3, 8, 7), utc(2026, 3, 8, 7)},
      // the first second of the gap and the first second after it
      {"America/New_York", local(2026, 3, 8, 2), Kind::nonexistent, utc(2026, 3, 8, 7), utc(2026, 3, 8, 7)},
      {"America/New_York", local(2026, 3, 8, 3), Kind::unique, utc(2026, 3, 8, 7), utc(2026, 3, 8, 7)},
      // 01:59:59 EST = 06:59:59Z, the last reading before the gap
      {"America/New_York", local(2026, 3, 8, 1, 59, 59), Kind::unique, utc(2026, 3, 8, 6, 59, 59),
       utc(2026, 3, 8, 6, 59, 59)},
      // after 2037: 2040-11-04 01:30 at 05:30Z (-4) and 06:30Z (-5)
      {"America/New_York", local(2040, 11, 4, 1, 30), Kind::ambiguous, utc(2040, 11, 4, 5, 30),
       utc(2040, 11, 4, 6, 30)},
      // London: 01:30 on 2026-10-25 is BST (+1) at 00:30Z, then GMT at 01:30Z
      {"Europe/London", local(2026, 10, 25, 1, 30), Kind::ambiguous, utc(2026, 10, 25, 0, 30),
       utc(2026, 10, 25, 1, 30)},
      {"Europe/London", local(2026, 3, 29, 1, 30), Kind::nonexistent, utc(2026, 3, 29, 1), utc(2026, 3, 29, 1)},
      // Sydney: 02:30 on 2026-04-05 is AEDT (+11) at 04-04 15:30Z, then AEST (+10) at 16:30Z
      {"Australia/Sydney", local(2026, 4, 5, 2, 30), Kind::ambiguous, utc(2026, 4, 4, 15, 30),
       utc(2026, 4, 4, 16, 30)},
      {"Australia/Sydney", local(2026, 10, 4, 2, 30), Kind::nonexistent, utc(2026, 10, 3, 16), utc(2026, 10, 3, 16)},
      // Havana starts DST at midnight: 2026-03-08 00:00 CST (-5) never happens; the day begins 05:00Z
      {"America/Havana", local(2026, 3, 8), Kind::nonexistent, utc(2026, 3, 8, 5), utc(2026, 3, 8, 5)},
  }));
  const TimeZone z = zone(c.zone);
  const LocalTimeLookup result = z.lookup(c.reading);
  CAPTURE(c.zone, c.reading.time_since_epoch().count());
  CHECK(result.kind == c.kind);
  CHECK(result.earlier == c.earlier);
  CHECK(result.later == c.later);
  CHECK(z.to_utc(c.reading) == c.earlier);  // gap -> its end, overlap -> the earlier instant
}

TEST_CASE("time zone: civil time to UTC validates its fields", "[time]") {
  const TimeZone ny = zone("America/New_York");
  CHECK(ny.to_utc(CivilTime{2026, 3, 8, 3, 0, 0}) == utc(2026, 3, 8, 7));
  CHECK(ny.to_utc(CivilTime{2026, 3, 8, 2, 30, 0}) == utc(2026, 3, 8, 7));  // in the gap: its end
  CHECK(ny.to_utc(CivilTime{2028, 2, 29, 0, 0, 0}) == utc(2028, 2, 29, 5));  // leap day, EST
  for (const CivilTime bad : {CivilTime{2026, 2, 29}, CivilTime{2026, 13, 1}, CivilTime{2026, 0, 1},
                              CivilTime{2026, 4, 31}, CivilTime{2026, 1, 0}, CivilTime{2026, 1, 1, 24},
                              CivilTime{2026, 1, 1, 0, 60}, CivilTime{2026, 1, 1, 0, 0, 60}, CivilTime{2026, 257, 1},
                              CivilTime{2026, 1, 257}, CivilTime{100000, 1, 1}}) {
    CAPTURE(bad.year, bad.month, bad.day, bad.hour, bad.minute, bad.second);
    CHECK_FALSE(ny.to_utc(bad));
  }
}

TEST_CASE("time zone: UTC round trip of local readings", "[time]") {
  // every half hour of 2026 in New York maps back to the reading, except the gap
  const TimeZone ny = zone("America/New_York");
  for (Instant at = utc(2026, 1, 1); at < utc(2027, 1, 1); at += minutes{30}) {
    const LocalSeconds reading = ny.to_local(at);
    const LocalTimeLookup result = ny.lookup(reading);
    CAPTURE(at.time_since_epoch().count());
    REQUIRE(result.kind != LocalTimeLookup::Kind::nonexistent);
    CHECK((result.earlier == at || result.later == at));
  }
}
