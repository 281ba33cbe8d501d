#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "base/time/timestamp.h"

using namespace slaudit;

namespace {

struct GoodTimestamp {
  std::string text;
  std::string utc;  // format_utc of the parsed instant
};

struct BadTimestamp {
  std::string text;
  size_t column;
  std::string error;
};

}  // namespace

TEST_CASE("timestamp: good timestamps parse to the right UTC instant", "[timestamp]") {
  const std::vector<GoodTimestamp> table = {
      {"2026-03-08T06:59:59Z", "2026-03-08T06:59:59Z"},
      {"2026-03-08T01:59:59-05:00", "2026-03-08T06:59:59Z"},
      {"2026-03-08 14:59:59+08:00", "2026-03-08T06:59:59Z"},
      {"2026-03-08t06:59:59z", "2026-03-08T06:59:59Z"},
      {"2026-03-08T06:59:59.000Z", "2026-03-08T06:59:59Z"},
      {"2026-03-08T06:59:59.0+00:00", "2026-03-08T06:59:59Z"},
      {"2026-03-08T06:59:59-00:00", "2026-03-08T06:59:59Z"},  // RFC 3339: UTC, local offset unknown
      {"2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00Z"},  // offset crosses a year
      {"2025-12-31T23:30:00-01:00", "2026-01-01T00:30:00Z"},
      {"2024-02-29T12:00:00Z", "2024-02-29T12:00:00Z"},       // leap day
      {"2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z"},       // divisible by 400: leap
      {"2026-03-08T00:00:00+14:00", "2026-03-07T10:00:00Z"},
      {"2026-03-08T00:00:00-12:00", "2026-03-08T12:00:00Z"},
      {"2026-03-08T00:00:00+05:45", "2026-03-07T18:15:00Z"},  // Nepal
      {"2026-12-31T23:59:59-23:59", "2027-01-01T23:58:59Z"},
      {"1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"},
      {"1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"},
      {"9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"},
  };
  for (const GoodTimestamp& row : table) {
    INFO(row.text);
    const TimestampResult result = parse_timestamp(row.text);
    REQUIRE(result.ok());
    CHECK(result.error.empty());
    CHECK(result.column == 0);
    CHECK(format_utc(*result.instant) == row.utc);
  }
}

TEST_CASE("timestamp: the instant is UTC seconds since the epoch", "[timestamp]") {
  CHECK(parse_timestamp("1970-01-01T00:00:00Z").instant->time_since_epoch().count() == 0);
  CHECK(parse_timestamp("2026-03-08T06:59:59Z").instant->time_since_epoch().count() == 1772953199);
  CHECK(parse_timestamp("2026-03-08T01:59:59-05:00").instant == parse_timestamp("2026-03-08T06:59:59Z").instant);
}

TEST_CASE("timestamp: bad timestamps are rejected with the column and the reason", "[timestamp]") {
  const std::vector<BadTimestamp> table = {
      {"", 1, "empty timestamp"},
      {"2026-03-08T01:59:59", 20, "timestamp has no UTC offset; add Z or an offset such as +08:00"},
      {"2026-03-08T01:59:59.000", 24, "timestamp has no UTC offset; add Z or an offset such as +08:00"},
      {"2026-03-08", 11, "expected 'T' and a time of day after the date"},
      {"2026-03-08X06:59:59Z", 11, "expected 'T' between the date and the time of day"},
      {"26-03-08T06:59:59Z", 1, "expected a 4-digit year (YYYY-MM-DD)"},
      {"2026/03/08T06:59:59Z", 5, "expected '-' after the year (YYYY-MM-DD)"},
      {"2026-3-08T06:59:59Z", 6, "expected a 2-digit month (YYYY-MM-DD)"},
      {"2026-13-08T06:59:59Z", 6, "month 13 is out of range (01-12)"},
      {"2026-00-08T06:59:59Z", 6, "month 00 is out of range (01-12)"},
      {"2026-03-8T06:59:59Z", 9, "expected a 2-digit day (YYYY-MM-DD)"},
      {"2026-02-30T06:59:59Z", 9, "day 30 is out of range for 2026-02, which has 28 days"},
      {"2026-02-29T06:59:59Z", 9, "day 29 is out of range for 2026-02, which has 28 days"},
      {"1900-02-29T06:59:59Z", 9, "day 29 is out of range for 1900-02, which has 28 days"},
      {"2026-04-31T06:59:59Z", 9, "day 31 is out of range for 2026-04, which has 30 days"},
      {"2026-03-00T06:59:59Z", 9, "day 00 is out of range for 2026-03, which has 31 days"},
      {"2026-03-08T24:00:00Z", 12, "hour 24 is out of range (00-23); write 00:00:00 of the next day"},
      {"2026-03-08T25:00:00Z", 12, "hour 25 is out of range (00-23)"},
      {"2026-03-08T6:59:59Z", 12, "expected a 2-digit hour (hh:mm:ss)"},
      {"2026-03-08T06-59:59Z", 14, "expected ':' after the hour (hh:mm:ss)"},
      {"2026-03-08T06:60:00Z", 15, "minute 60 is out of range (00-59)"},
      {"2026-03-08T06:59Z", 17, "expected ':' and seconds after the minutes (hh:mm:ss)"},
      {"2026-03-08T06:59:5Z", 18, "expected 2-digit seconds (hh:mm:ss)"},
      {"2026-03-08T23:59:60Z", 18,
       "second 60 (a leap second) cannot be represented: audit time has no leap seconds"},
      {"2026-03-08T23:59:61Z", 18, "second 61 is out of range (00-59)"},
      {"2026-03-08T06:59:59.5Z", 20, "fractional seconds '.5' are not supported: the audit has one-second resolution"},
      {"2026-03-08T06:59:59.001Z", 20,
       "fractional seconds '.001' are not supported: the audit has one-second resolution"},
      {"2026-03-08T06:59:59.Z", 21, "expected digits after '.' in the seconds"},
      {"2026-03-08T06:59:59 Z", 20, "expected 'Z' or a UTC offset such as +08:00"},
      {"2026-03-08T06:59:59+8:00", 21, "expected a 2-digit offset hour (+hh:mm)"},
      {"2026-03-08T06:59:59+0800", 23, "expected ':' in the UTC offset (+hh:mm)"},
      {"2026-03-08T06:59:59+08", 23, "expected ':' in the UTC offset (+hh:mm)"},
      {"2026-03-08T06:59:59+08:0", 24, "expected 2-digit offset minutes (+hh:mm)"},
      {"2026-03-08T06:59:59+24:00", 21, "offset hour 24 is out of range (00-23)"},
      {"2026-03-08T06:59:59+08:60", 24, "offset minute 60 is out of range (00-59)"},
      {"2026-03-08T06:59:59Z ", 21, "unexpected text after the UTC offset"},
      {"2026-03-08T06:59:59+08:00[Asia/Shanghai]", 26, "unexpected text after the UTC offset"},
      {" 2026-03-08T06:59:59Z", 1, "expected a 4-digit year (YYYY-MM-DD)"},
      // Columns count code points: the full-width digit is the 12th character.
      {"2026-03-08T０6:59:59Z", 12, "expected a 2-digit hour (hh:mm:ss)"},
      {"２026-03-08T06:59:59Z", 1, "expected a 4-digit year (YYYY-MM-DD)"},
      {"2026-03-08T06:59:59+08:00 ok", 26, "unexpected text after the UTC offset"},
  };
  for (const BadTimestamp& row : table) {
    INFO(row.text);
    const TimestampResult result = parse_timestamp(row.text);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error == row.error);
    CHECK(result.column == row.column);
  }
}

TEST_CASE("timestamp: only a missing offset is flagged as no_offset", "[timestamp]") {
  CHECK(parse_timestamp("2026-03-08T01:59:59").no_offset);
  CHECK_FALSE(parse_timestamp("2026-13-08T01:59:59Z").no_offset);
  CHECK_FALSE(parse_timestamp("2026-03-08T01:59:59Z").no_offset);
}

TEST_CASE("timestamp: format_utc writes the canonical Z form", "[timestamp]") {
  using namespace std::chrono;
  CHECK(format_utc(Instant{}) == "1970-01-01T00:00:00Z");
  CHECK(format_utc(Instant{seconds{1772953199}}) == "2026-03-08T06:59:59Z");
  CHECK(format_utc(Instant{seconds{-1}}) == "1969-12-31T23:59:59Z");
  CHECK(format_utc(sys_days{2024y / February / 29} + 23h + 59min + 59s) == "2024-02-29T23:59:59Z");
  // The edges of the digit-by-digit form (years 0-9999) and the printf form past them.
  CHECK(format_utc(sys_days{0y / January / 1}) == "0000-01-01T00:00:00Z");
  CHECK(format_utc(sys_days{1400y / March / 9} + 7h + 5min + 3s) == "1400-03-09T07:05:03Z");
  CHECK(format_utc(sys_days{9999y / December / 31} + 23h + 59min + 59s) == "9999-12-31T23:59:59Z");
  CHECK(format_utc(sys_days{10000y / January / 1}) == "10000-01-01T00:00:00Z");
  CHECK(format_utc(sys_days{-1y / December / 31} + 1s) == "-001-12-31T00:00:01Z");
  // Round trip
  const Instant t = *parse_timestamp("2026-03-08T14:59:59+08:00").instant;
  CHECK(parse_timestamp(format_utc(t)).instant == t);
}

TEST_CASE("timestamp: the fast path reads the two common shapes to the scanner's instant", "[time][timestamp]") {
  struct Case {
    const char* text;
    bool fast;  // read by the fast path (else declined, and the scanner decides)
  };
  const Case cases[] = {
      {"2026-03-08T06:00:00Z", true},       {"2026-03-08T14:00:00+08:00", true},
      {"2026-03-08T00:30:00-05:30", true},  {"2024-02-29T23:59:59Z", true},  // a leap day
      {"2026-12-31T23:59:59+23:59", true},  {"1400-01-01T00:00:00Z", true},
      {"0000-01-01T00:00:00Z", false},      // before 1400: the scanner refuses it (issue 14)
      {"2025-02-29T00:00:00Z", false},      // no such day: the scanner says so
      {"2026-03-08t06:00:00Z", false},      {"2026-03-08T06:00:00z", false},  // lower case: scanner's forms
      {"2026-03-08 06:00:00Z", false},      {"2026-03-08T24:00:00Z", false},
      {"2026-03-08T06:60:00Z", false},      {"2026-03-08T06:00:60Z", false},
      {"2026-13-08T06:00:00Z", false},      {"2026-00-08T06:00:00Z", false},
      {"2026-03-08T06:00:00+24:00", false}, {"2026-03-08T06:00:00+08:60", false},
      {"2026-03-08T06:00:00+0800", false},  {"2026-03-08T06:00:00.0Z", false},
      {"2026-03-08T06:00:0aZ", false},      {"2026-03-08T06:00:00", false},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const std::optional<Instant> fast = parse_common_timestamp(c.text);
    CHECK(fast.has_value() == c.fast);
    const TimestampResult scanned = scan_timestamp(c.text);
    if (fast) CHECK(scanned.instant == fast);
    // Whichever path reads it, parse_timestamp gives the scanner's result.
    const TimestampResult parsed = parse_timestamp(c.text);
    CHECK(parsed.instant == scanned.instant);
    CHECK(parsed.error == scanned.error);
    CHECK(parsed.column == scanned.column);
  }
}

TEST_CASE("timestamp: the fast path never accepts what the scanner rejects, nor reads it differently",
          "[time][timestamp]") {
  // Valid timestamps with one byte replaced at random: every one the fast path
  // accepts must be accepted by the scanner with the same instant.
  const std::string seeds[] = {"2026-03-08T06:00:00Z", "2024-02-29T23:59:59+08:00", "1999-12-31T00:00:00-12:45"};
  const std::string bytes = "0123456789-:TtZz+ .x\xC3";
  uint64_t state = 42;
  const auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<size_t>(state >> 33);
  };
  size_t accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = seeds[next() % 3];
    for (int edits = 1 + static_cast<int>(next() % 2); edits > 0; --edits) text[next() % text.size()] = bytes[next() % bytes.size()];
    const std::optional<Instant> fast = parse_common_timestamp(text);
    if (!fast) continue;
    ++accepted;
    INFO(text);
    const TimestampResult scanned = scan_timestamp(text);
    REQUIRE(scanned.ok());
    CHECK(*scanned.instant == *fast);
  }
  CHECK(accepted > 1000);  // the mutations hit valid digits often enough to mean something
}
