#pragma once
// A holiday calendar (docs/audit.md, "Working days and holiday calendars"):
// the days a jurisdiction does not work, and the weekend days it works instead
// (make-up working days, such as China's 调休). The contract names the
// calendar (`holidays "CN";`); the user gives its days (`--holidays FILE`).
//
// A calendar knows only the years it lists a day in: counting working days
// into any other year is refused, since a year without a listed holiday is far
// more likely a file that stops than a country without holidays.
#include <set>
#include <string>

#include "base/time/local_date.h"

namespace slaudit {

struct HolidayCalendar {
  std::string name;               // as the contract names it ("CN")
  std::string source;             // the file it was read from, for reports
  std::set<LocalDate> holidays;   // not working days, whatever the weekday
  std::set<LocalDate> working;    // working days, whatever the weekday
  std::set<int> years;            // the years the calendar lists a day in

  bool covers(LocalDate day) const { return years.contains(static_cast<int>(day.year())); }
  // Monday to Friday, less the holidays, plus the make-up working days.
  bool is_working_day(LocalDate day) const {
    if (working.contains(day)) return true;
    if (holidays.contains(day)) return false;
    const auto weekday = day.day_of_week().as_number();  // 0 = Sunday
    return weekday != 0 && weekday != 6;
  }
};

}  // namespace slaudit
