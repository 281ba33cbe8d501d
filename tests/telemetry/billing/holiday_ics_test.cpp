// `--holidays FILE.ics`: an iCalendar's all-day events as the contract's
// calendar's holidays; folded lines, multi-day events, and every event that
// cannot be a holiday an error with its line.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "telemetry/billing/holiday_ics.h"
#include "tests/support/input_row_error.h"

using namespace slaudit;

TEST_CASE("holidays ics: all-day events, multi-day and folded, are the calendar's holidays", "[telemetry][holidays]") {
  const auto read = read_holidays_ics(
      "BEGIN:VCALENDAR\r\n"
      "VERSION:2.0\r\n"
      "BEGIN:VEVENT\r\n"                          // line 3
      "DTSTART;VALUE=DATE:20261001\r\n"
      "DTEND;VALUE=DATE:20261008\r\n"              // exclusive: 1 to 7 October
      "SUMMARY:National Day and a long descr\r\n"
      " iption folded onto a second line\r\n"
      "END:VEVENT\r\n"
      "BEGIN:VEVENT\r\n"                          // line 9
      "DTSTART;VALUE=DATE:20270101\r\n"            // no DTEND: one day
      "END:VEVENT\r\n"
      "BEGIN:VEVENT\r\n"                          // line 12: the same day again counts once
      "DTST\r\n"
      " ART;VALUE=DATE:20261001\r\n"               // a folded property name
      "END:VEVENT\r\n"
      "END:VCALENDAR\r\n",
      "CN");
  REQUIRE(read.ok());
  const HolidayCalendar cn = holiday_calendar(read.rows, "CN", "cn.ics");
  std::set<LocalDate> expected;
  for (int day = 1; day <= 7; ++day) expected.insert(LocalDate(2026, 10, day));
  expected.insert(LocalDate(2027, 1, 1));
  CHECK(cn.holidays == expected);
  CHECK(cn.working.empty());
  CHECK(cn.years == std::set<int>{2026, 2027});
  CHECK(read.lines.front() == 3);
  CHECK(read.lines.back() == 9);
}

TEST_CASE("holidays ics: what cannot be a holiday is an error at its event's line", "[telemetry][holidays]") {
  using Errors = std::vector<InputRowError>;
  const auto read = read_holidays_ics(
      "BEGIN:VCALENDAR\n"
      "BEGIN:VEVENT\n"                     // 2: a time of day
      "DTSTART:20261001T090000Z\n"
      "END:VEVENT\n"
      "BEGIN:VEVENT\n"                     // 5: ends before it starts
      "DTSTART;VALUE=DATE:20261005\n"
      "DTEND;VALUE=DATE:20261005\n"
      "END:VEVENT\n"
      "BEGIN:VEVENT\n"                     // 9: no start
      "SUMMARY:?\n"
      "END:VEVENT\n"
      "BEGIN:VEVENT\n"                     // 12: a day that does not exist
      "DTSTART;VALUE=DATE:20260230\n"
      "END:VEVENT\n"
      "BEGIN:VEVENT\n"                     // 15: never ended
      "DTSTART;VALUE=DATE:20261225\n",
      "CN");
  CHECK(read.errors ==
        Errors{{2, "DTSTART '20261001T090000Z' is not a day (YYYYMMDD with VALUE=DATE): a holiday is a whole day, "
                   "not an event with a time"},
               {5, "DTEND 20261005 is not after DTSTART 20261005"},
               {9, "an event without DTSTART"},
               {12, "DTSTART '20260230' is not a day (YYYYMMDD with VALUE=DATE): a holiday is a whole day, "
                    "not an event with a time"},
               {15, "an event without END:VEVENT"}});
  CHECK(read_holidays_ics("date,calendar,day\n", "CN").errors ==
        Errors{{1, "not an iCalendar file: expected BEGIN:VCALENDAR"}});
}
