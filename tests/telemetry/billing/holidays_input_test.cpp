// The --holidays CSV (date,calendar,day[,name]): a holiday calendar's days,
// read by column name; every bad row is an error with its line and reason.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/billing/billing_inputs.h"
#include "tests/support/input_row_error.h"

using namespace slaudit;

TEST_CASE("holidays input: days by column name, a name column for people, two calendars", "[telemetry][holidays]") {
  const auto read = read_holidays(
      "name,day,calendar,date\n"
      "National Day,holiday,CN,2026-10-01\n"
      "Make-up working day,working,CN,2026-10-10\n"
      "New Year,holiday,CN,2027-01-01\n"
      "Thanksgiving,holiday,US,2026-11-26\n");
  REQUIRE(read.ok());
  CHECK(read.lines == std::vector<size_t>{2, 3, 4, 5});
  const HolidayCalendar cn = holiday_calendar(read.rows, "CN", "h.csv");
  CHECK(cn.holidays == std::set<LocalDate>{LocalDate(2026, 10, 1), LocalDate(2027, 1, 1)});
  CHECK(cn.working == std::set<LocalDate>{LocalDate(2026, 10, 10)});
  CHECK(cn.years == std::set<int>{2026, 2027});
  // Thursday 1 October is a holiday; Saturday 10 October is worked; Friday 2 October is a plain working day.
  CHECK_FALSE(cn.is_working_day(LocalDate(2026, 10, 1)));
  CHECK(cn.is_working_day(LocalDate(2026, 10, 10)));
  CHECK(cn.is_working_day(LocalDate(2026, 10, 2)));
  CHECK_FALSE(cn.is_working_day(LocalDate(2026, 10, 11)));  // a Sunday
  CHECK(holiday_calendar(read.rows, "US", "h.csv").holidays.size() == 1);
  CHECK(holiday_calendar(read.rows, "DE", "h.csv").years.empty());
}

TEST_CASE("holidays input: bad rows give their line and reason", "[telemetry][holidays]") {
  const auto read = read_holidays(
      "date,calendar,day\n"
      "2026-10-01,CN,holiday\n"   // 2: good
      "2026-10-01,CN,holiday\n"   // 3: a second row for the day, even saying the same
      "2026-02-30,CN,holiday\n"   // 4: no such day
      "2026-10-02,CN,off\n"       // 5: not holiday or working
      "2026-10-03,,holiday\n"     // 6: no calendar
      "2026-10-01,US,holiday\n");  // 7: good, another calendar's day
  using Errors = std::vector<InputRowError>;
  CHECK(read.lines == std::vector<size_t>{2, 7});
  CHECK(read.errors ==
        Errors{{3, "second row for calendar 'CN' and day 2026-10-01 (first at line 2)"},
               {4, "bad date in 'date' '2026-02-30'; expected a real day as YYYY-MM-DD"},
               {5, "bad value in 'day' 'off'; expected holiday (not a working day) or working (a make-up working day)"},
               {6, "empty 'calendar'"}});
}

TEST_CASE("holidays input: the header names its columns", "[telemetry][holidays]") {
  using Errors = std::vector<InputRowError>;
  CHECK(read_holidays("date,calendar\n2026-10-01,CN\n").errors ==
        Errors{{1, "missing column 'day'; expected the header row date,calendar,day"}});
  CHECK(read_holidays("date,calendar,day,note\n").errors ==
        Errors{{1, "unknown column 'note'; expected the header row date,calendar,day"}});
  CHECK(read_holidays("").errors == Errors{{1, "empty file; expected the header row date,calendar,day"}});
}
