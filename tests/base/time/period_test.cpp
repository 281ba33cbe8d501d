#include <catch2/catch.hpp>

#include "base/time/civil_date.h"
#include "base/time/period.h"
#include "tests/base/time/time_test_support.h"

using namespace slaudit;
using namespace slaudit::test;

namespace {

Period containing(const PeriodScheme& scheme, const char* zone_name, LocalDate day) {
  return period_containing_date(scheme, zone(zone_name), day).value();
}

}  // namespace

TEST_CASE("time period: calendar month lengths follow DST", "[time][period]") {
  struct Case {
    const char* zone;
    int year;
    unsigned month;
    const char* label;
    long long minutes;
  };
  auto c = GENERATE(values<Case>({
      {"America/New_York", 2026, 3, "2026-03", 31 * minutes_per_day - 60},   // 44,580: DST starts 03-08
      {"America/New_York", 2026, 11, "2026-11", 30 * minutes_per_day + 60},  // 43,260: DST ends 11-01
      {"America/New_York", 2026, 7, "2026-07", 31 * minutes_per_day},        // 44,640
      {"America/New_York", 2026, 2, "2026-02", 28 * minutes_per_day},        // 40,320
      {"America/New_York", 2028, 2, "2028-02", 29 * minutes_per_day},        // 41,760: leap year
      {"America/New_York", 2040, 3, "2040-03", 31 * minutes_per_day - 60},   // after 2037: 44,580
      {"America/New_York", 2040, 11, "2040-11", 30 * minutes_per_day + 60},  // 43,260
      {"Europe/London", 2026, 3, "2026-03", 31 * minutes_per_day - 60},      // 44,580: BST from 03-29
      {"Europe/London", 2026, 10, "2026-10", 31 * minutes_per_day + 60},     // 44,700: GMT from 10-25
      {"Australia/Sydney", 2026, 4, "2026-04", 30 * minutes_per_day + 60},   // 43,260: AEDT ends 04-05
      {"Australia/Sydney", 2026, 10, "2026-10", 31 * minutes_per_day - 60},  // 44,580: AEDT starts 10-04
      {"Australia/Sydney", 2026, 1, "2026-01", 31 * minutes_per_day},        // 44,640: all summer time
      {"UTC", 2026, 3, "2026-03", 31 * minutes_per_day},                     // 44,640
  }));
  const Period p = containing(PeriodScheme::calendar_month(), c.zone, date(c.year, c.month, 10));
  CAPTURE(c.zone, c.label);
  CHECK(p.label == c.label);
  CHECK(p.first_day == date(c.year, c.month, 1));
  CHECK(minutes_of(p.length()) == c.minutes);
}

TEST_CASE("time period: Asia/Shanghai months are whole days", "[time][period]") {
  // China has had no DST since 1991, so each month is days x 1440 minutes
  const unsigned days_in_2026[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  for (unsigned month = 1; month <= 12; ++month) {
    const Period p = containing(PeriodScheme::calendar_month(), "Asia/Shanghai", date(2026, month, 1));
    CAPTURE(month);
    CHECK(minutes_of(p.length()) == days_in_2026[month - 1] * minutes_per_day);
    CHECK(p.start == utc(2026, month, 1) - std::chrono::hours{8});  // local midnight at +08:00
  }
}

TEST_CASE("time period: calendar quarters and years in New York", "[time][period]") {
  struct Case {
    PeriodScheme scheme;
    LocalDate day;
    const char* label;
    LocalDate first_day, last_day;
    long long minutes;
  };
  const PeriodScheme quarter = PeriodScheme::calendar_quarter(), year = PeriodScheme::calendar_year();
  auto c = GENERATE_COPY(values<Case>({
      // 31 + 28 + 31 = 90 days, less the hour DST takes on 03-08: 129,540
      {quarter, date(2026, 2, 14), "2026-Q1", date(2026, 1, 1), date(2026, 3, 31), 90 * minutes_per_day - 60},
      // 30 + 31 + 30 = 91 days: 131,040
      {quarter, date(2026, 4, 1), "2026-Q2", date(2026, 4, 1), date(2026, 6, 30), 91 * minutes_per_day},
      // 31 + 31 + 30 = 92 days: 132,480
      {quarter, date(2026, 9, 30), "2026-Q3", date(2026, 7, 1), date(2026, 9, 30), 92 * minutes_per_day},
      // 31 + 30 + 31 = 92 days, plus the hour given back on 11-01: 132,540
      {quarter, date(2026, 12, 31), "2026-Q4", date(2026, 10, 1), date(2026, 12, 31), 92 * minutes_per_day + 60},
      // the spring hour and the autumn hour cancel: 365 x 1440 = 525,600
      {year, date(2026, 6, 1), "2026", date(2026, 1, 1), date(2026, 12, 31), 365 * minutes_per_day},
      // 366 x 1440 = 527,040
      {year, date(2028, 2, 29), "2028", date(2028, 1, 1), date(2028, 12, 31), 366 * minutes_per_day},
  }));
  const Period p = period_containing_date(c.scheme, zone("America/New_York"), c.day).value();
  CAPTURE(c.label);
  CHECK(p.label == c.label);
  CHECK(p.first_day == c.first_day);
  CHECK(p.last_day == c.last_day);
  CHECK(minutes_of(p.length()) == c.minutes);
}

TEST_CASE("time period: billing months anchored on day 15", "[time][period]") {
  struct Case {
    LocalDate day;
    const char* label;
    long long minutes;
  };
  auto c = GENERATE(values<Case>({
      // 03-15 .. 04-14 is 31 days, after the DST switch: 44,640
      {date(2026, 3, 20), "2026-03-15/2026-04-14", 31 * minutes_per_day},
      // before the 15th: still February's period; 28 days less the hour of 03-08: 40,260
      {date(2026, 3, 10), "2026-02-15/2026-03-14", 28 * minutes_per_day - 60},
      {date(2026, 3, 14), "2026-02-15/2026-03-14", 28 * minutes_per_day - 60},
      {date(2026, 3, 15), "2026-03-15/2026-04-14", 31 * minutes_per_day},
      // across the year: 12-15 .. 01-14 is 31 days
      {date(2027, 1, 1), "2026-12-15/2027-01-14", 31 * minutes_per_day},
  }));
  const auto scheme = PeriodScheme::billing_month(15).value();
  const Period p = containing(scheme, "America/New_York", c.day);
  CAPTURE(c.label);
  CHECK(p.label == c.label);
  CHECK(minutes_of(p.length()) == c.minutes);
}

TEST_CASE("time period: billing months anchored on day 31 start on the last day of shorter months",
          "[time][period]") {
  struct Case {
    LocalDate day;
    const char* label;
    long long days;
  };
  auto c = GENERATE(values<Case>({
      // February 2026 has 28 days, so its period starts 02-28: January's runs 01-31 .. 02-27 (28 days)
      {date(2026, 2, 10), "2026-01-31/2026-02-27", 28},
      {date(2026, 2, 27), "2026-01-31/2026-02-27", 28},
      // 02-28 .. 03-30 (31 days), then 03-31 .. 04-29 (30 days, April starts 04-30)
      {date(2026, 2, 28), "2026-02-28/2026-03-30", 31},
      {date(2026, 3, 31), "2026-03-31/2026-04-29", 30},
      {date(2026, 4, 30), "2026-04-30/2026-05-30", 31},
      // leap year: February starts on the 29th
      {date(2024, 2, 28), "2024-01-31/2024-02-28", 29},
      {date(2024, 2, 29), "2024-02-29/2024-03-30", 31},
  }));
  const Period p = containing(PeriodScheme::billing_month(31).value(), "UTC", c.day);
  CAPTURE(c.label);
  CHECK(p.label == c.label);
  CHECK(minutes_of(p.length()) == c.days * minutes_per_day);
}

TEST_CASE("time period: billing months anchored on day 1 are calendar months", "[time][period]") {
  const Period p = containing(PeriodScheme::billing_month(1).value(), "America/New_York", date(2026, 3, 31));
  CHECK(p.label == "2026-03-01/2026-03-31");
  CHECK(p.length() == containing(PeriodScheme::calendar_month(), "America/New_York", date(2026, 3, 1)).length());
}

TEST_CASE("time period: rolling 30 days anchored at the effective start", "[time][period]") {
  struct Case {
    LocalDate day;
    const char* label;
    long long minutes;
  };
  auto c = GENERATE(values<Case>({
      {date(2026, 1, 1), "2026-01-01/2026-01-30", 30 * minutes_per_day},  // 43,200
      {date(2026, 1, 30), "2026-01-01/2026-01-30", 30 * minutes_per_day},
      {date(2026, 2, 10), "2026-01-31/2026-03-01", 30 * minutes_per_day},
      // 03-02 .. 03-31 holds the DST switch of 03-08: 43,200 - 60 = 43,140
      {date(2026, 3, 8), "2026-03-02/2026-03-31", 30 * minutes_per_day - 60},
      // before the anchor the windows count backwards: 2025-12-02 .. 2025-12-31
      {date(2025, 12, 31), "2025-12-02/2025-12-31", 30 * minutes_per_day},
      {date(2025, 12, 2), "2025-12-02/2025-12-31", 30 * minutes_per_day},
      // 2025's DST ended on 11-02 at 02:00, inside this window: 43,200 + 60 = 43,260
      {date(2025, 12, 1), "2025-11-02/2025-12-01", 30 * minutes_per_day + 60},
  }));
  const auto scheme = PeriodScheme::rolling_days(30, date(2026, 1, 1)).value();
  const Period p = containing(scheme, "America/New_York", c.day);
  CAPTURE(c.label);
  CHECK(p.label == c.label);
  CHECK(minutes_of(p.length()) == c.minutes);
}

TEST_CASE("time period: an instant on a boundary belongs to the later period", "[time][period]") {
  const TimeZone ny = zone("America/New_York");
  const PeriodScheme month = PeriodScheme::calendar_month();
  // 2026-04-01 00:00 EDT (-4) = 04:00Z
  const Instant april_starts = utc(2026, 4, 1, 4);
  CHECK(period_containing(month, ny, april_starts)->label == "2026-04");
  CHECK(period_containing(month, ny, april_starts - std::chrono::seconds{1})->label == "2026-03");
  CHECK(period_containing(month, ny, april_starts - std::chrono::seconds{1})->end == april_starts);
  CHECK(period_containing(month, ny, april_starts)->start == april_starts);
  // the same for a rolling window: 2026-01-31 00:00 EST (-5) = 05:00Z
  const auto rolling = PeriodScheme::rolling_days(30, date(2026, 1, 1)).value();
  CHECK(period_containing(rolling, ny, utc(2026, 1, 31, 5))->label == "2026-01-31/2026-03-01");
  CHECK(period_containing(rolling, ny, utc(2026, 1, 31, 4, 59, 59))->label == "2026-01-01/2026-01-30");
}

TEST_CASE("time period: a day that starts in a DST gap starts when the gap ends", "[time][period]") {
  // Havana moves 2026-03-08 00:00 CST (-5) to 01:00 CDT (-4): midnight never
  // happens, so the day begins 05:00Z and runs to 03-09 00:00 CDT = 04:00Z: 23 hours
  const auto daily = PeriodScheme::rolling_days(1, date(2026, 1, 1)).value();
  const Period p = containing(daily, "America/Havana", date(2026, 3, 8));
  CHECK(p.start == utc(2026, 3, 8, 5));
  CHECK(p.end == utc(2026, 3, 9, 4));
  CHECK(p.length() == std::chrono::hours{23});
  // and 2026-11-01 01:00 CDT goes back to 00:00 CST: midnight happens twice,
  // the day starts at the first (04:00Z) and ends 11-02 00:00 CST = 05:00Z: 25 hours
  const Period q = containing(daily, "America/Havana", date(2026, 11, 1));
  CHECK(q.start == utc(2026, 11, 1, 4));
  CHECK(q.length() == std::chrono::hours{25});
}

TEST_CASE("time period: a DST overlap across midnight stays in the later day", "[time][period]") {
  // Goose Bay ended DST on 2000-10-29 at 00:01 ADT (-3) = 03:01Z, going back to
  // 10-28 23:01 AST (-4). The 29th began at its first midnight, 03:00Z; at 03:30Z
  // the clock reads 10-28 23:30 again, but that instant is already in the 29th.
  const auto daily = PeriodScheme::rolling_days(1, date(2000, 1, 1)).value();
  const TimeZone goose_bay = zone("America/Goose_Bay");
  const Period p = period_containing(daily, goose_bay, utc(2000, 10, 29, 3, 30)).value();
  CHECK(p.label == "2000-10-29/2000-10-29");
  CHECK(p.start == utc(2000, 10, 29, 3));
  CHECK(period_containing(daily, goose_bay, utc(2000, 10, 29, 2, 59, 59))->label == "2000-10-28/2000-10-28");
}

TEST_CASE("time period: periods for a contract's effective dates", "[time][period]") {
  const TimeZone ny = zone("America/New_York");
  // effective 2026-01-01 to 2027-12-31 inclusive: 24 months, 8 quarters, 2 years
  const auto months = periods_for_dates(PeriodScheme::calendar_month(), ny, date(2026, 1, 1), date(2027, 12, 31));
  REQUIRE(months.size() == 24);
  CHECK(months.front().label == "2026-01");
  CHECK(months.back().label == "2027-12");
  Seconds total{0};
  for (std::size_t i = 0; i < months.size(); ++i) {
    total += months[i].length();
    if (i > 0) CHECK(months[i - 1].end == months[i].start);  // no gap, no overlap
  }
  CHECK(total == std::chrono::days{365 + 365});  // DST hours cancel over whole years
  CHECK(periods_for_dates(PeriodScheme::calendar_quarter(), ny, date(2026, 1, 1), date(2027, 12, 31)).size() == 8);
  CHECK(periods_for_dates(PeriodScheme::calendar_year(), ny, date(2026, 1, 1), date(2027, 12, 31)).size() == 2);
  // partial months at the ends are returned whole
  const auto partial = periods_for_dates(PeriodScheme::calendar_month(), ny, date(2026, 1, 15), date(2026, 3, 10));
  REQUIRE(partial.size() == 3);
  CHECK(partial.front().first_day == date(2026, 1, 1));
  CHECK(partial.back().last_day == date(2026, 3, 31));
  CHECK(periods_for_dates(PeriodScheme::calendar_month(), ny, date(2026, 3, 1), date(2026, 2, 28)).empty());
}

TEST_CASE("time period: periods overlapping a UTC range", "[time][period]") {
  const TimeZone ny = zone("America/New_York");
  const PeriodScheme month = PeriodScheme::calendar_month();
  // [03-31 12:00Z, 05-01 04:00Z): May starts exactly at the end, so it is not included
  const auto periods = periods_overlapping(month, ny, utc(2026, 3, 31, 12), utc(2026, 5, 1, 4));
  REQUIRE(periods.size() == 2);
  CHECK(periods[0].label == "2026-03");
  CHECK(periods[1].label == "2026-04");
  CHECK(periods_overlapping(month, ny, utc(2026, 3, 31, 12), utc(2026, 5, 1, 4, 0, 1)).size() == 3);
  CHECK(periods_overlapping(month, ny, utc(2026, 5, 1), utc(2026, 5, 1)).empty());
  CHECK(periods_overlapping(month, ny, utc(2026, 5, 2), utc(2026, 5, 1)).empty());
}

TEST_CASE("time period: schemes refuse parameters that name no period", "[time][period]") {
  CHECK_FALSE(PeriodScheme::billing_month(0));
  CHECK_FALSE(PeriodScheme::billing_month(32));
  CHECK(PeriodScheme::billing_month(31));
  CHECK_FALSE(PeriodScheme::rolling_days(0, date(2026, 1, 1)));
  CHECK_FALSE(PeriodScheme::rolling_days(30, LocalDate(boost::gregorian::not_a_date_time)));
  CHECK(PeriodScheme::rolling_days(30, date(2026, 1, 1))->rolling_anchor() == date(2026, 1, 1));
}

TEST_CASE("time period: outside the supported calendar there is no period", "[time][period]") {
  const TimeZone utc_zone = TimeZone::utc();
  CHECK_FALSE(period_containing(PeriodScheme::calendar_month(), utc_zone, utc(10000, 1, 1)));
  CHECK_FALSE(period_containing(PeriodScheme::calendar_month(), utc_zone, utc(1399, 12, 31)));
  CHECK(period_containing(PeriodScheme::calendar_month(), utc_zone, utc(9999, 12, 31))->label == "9999-12");
  // billing 15 on 9999-12-20 would end in year 10000
  CHECK_FALSE(period_containing_date(PeriodScheme::billing_month(15).value(), utc_zone, date(9999, 12, 20)));
  CHECK(periods_for_dates(PeriodScheme::calendar_year(), utc_zone, date(9998, 6, 1), date(9999, 12, 31)).size() == 2);
}

// Every period tiles its neighbours and contains its own first and last
// second, in every zone, over the years audits are likely to cover.
TEST_CASE("time period: months tile time in every zone", "[time][period]") {
  for (std::string_view name : TimeZone::names()) {
    const TimeZone z = TimeZone::find(name).value();
    const auto months = periods_overlapping(PeriodScheme::calendar_month(), z, utc(1990, 1, 1), utc(2050, 1, 1));
    CAPTURE(name);
    REQUIRE(months.size() >= 720);
    for (std::size_t i = 0; i < months.size(); ++i) {
      const Period& p = months[i];
      if (i > 0 && months[i - 1].end != p.start) FAIL_CHECK(p.label << " does not start where the last ended");
      if (p.length() < std::chrono::days{27} || p.length() > std::chrono::days{32})
        FAIL_CHECK(p.label << " is " << p.length().count() << " s long");
      if (period_containing(PeriodScheme::calendar_month(), z, p.start)->label != p.label)
        FAIL_CHECK(p.label << " does not contain its start");
      if (period_containing(PeriodScheme::calendar_month(), z, p.end - std::chrono::seconds{1})->label != p.label)
        FAIL_CHECK(p.label << " does not contain its last second");
    }
  }
}

TEST_CASE("time period: ISO weeks run Monday to Sunday, numbered in the year of their Thursday", "[time][period]") {
  struct Case {
    LocalDate day;
    const char* label;
    LocalDate monday;
    long long minutes;
  };
  auto c = GENERATE(values<Case>({
      {date(2026, 11, 25), "2026-W48", date(2026, 11, 23), 7 * minutes_per_day},  // a Wednesday
      {date(2026, 11, 30), "2026-W49", date(2026, 11, 30), 7 * minutes_per_day},  // a Monday starts its week
      // Thursday 2026-01-01 is in week 1, which starts on Monday 2025-12-29.
      {date(2026, 1, 1), "2026-W01", date(2025, 12, 29), 7 * minutes_per_day},
      // Sunday 2027-01-03 is still in 2026's 53rd week: its Thursday is 2026-12-31.
      {date(2027, 1, 3), "2026-W53", date(2026, 12, 28), 7 * minutes_per_day},
      // Sunday 2021-01-03: 2020 had 53 weeks.
      {date(2021, 1, 3), "2020-W53", date(2020, 12, 28), 7 * minutes_per_day},
      // The week of 2026-03-08, when New York springs forward: 7 days less an hour.
      {date(2026, 3, 8), "2026-W10", date(2026, 3, 2), 7 * minutes_per_day - 60},
  }));
  const Period p = containing(PeriodScheme::calendar_week(), "America/New_York", c.day);
  CAPTURE(c.label);
  CHECK(p.label == c.label);
  CHECK(p.first_day == c.monday);
  CHECK(p.last_day == c.monday + boost::gregorian::days(6));
  CHECK(minutes_of(p.length()) == c.minutes);
}

TEST_CASE("time period: week labels name the same days as the periods", "[time][period]") {
  // Every week from 2020 to 2030 (two 53-week years, 2020 and 2026): the label parses back to its days.
  LocalDate day = date(2020, 1, 1);
  int weeks = 0;
  while (day.year() <= 2030) {
    const Period p = containing(PeriodScheme::calendar_week(), "UTC", day);
    const std::optional<DayRange> named = parse_day_range(p.label);
    REQUIRE(named.has_value());
    CHECK(named->label == p.label);
    CHECK(named->first == CivilDate{int(p.first_day.year()), int(p.first_day.month()), int(p.first_day.day())});
    CHECK(named->last == CivilDate{int(p.last_day.year()), int(p.last_day.month()), int(p.last_day.day())});
    day = p.last_day + boost::gregorian::days(1);
    ++weeks;
  }
  // 2020-W01 starts on 2019-12-30; the last week holding a 2030 day is 2031-W01 (Monday 2030-12-30).
  CHECK(weeks == 575);
  CHECK_FALSE(parse_day_range("2026-W54").has_value());
  CHECK_FALSE(parse_day_range("2025-W53").has_value());  // 2025 has 52 weeks
  CHECK_FALSE(parse_day_range("2026-W00").has_value());
  CHECK(parse_day_range("2026-W53").has_value());
}
