#include "jobs/holiday_inputs.h"

#include <cctype>
#include <set>

#include "telemetry/billing/billing_inputs.h"
#include "telemetry/billing/holiday_ics.h"

namespace slaudit::jobs {

bool counts_working_days(const model::Contract& contract) {
  if (!contract.holidays) return false;
  for (const auto& clause : contract.availability)
    if (clause.claim && clause.claim->earliest_working_days) return true;
  return false;
}

namespace {

std::string calendars_listed(const std::vector<HolidayRow>& rows) {
  std::set<std::string> names;
  for (const HolidayRow& row : rows) names.insert(row.calendar);
  if (names.empty()) return "none";
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "\"" : ", \"") + n + "\"";
  return out;
}

// An .ics file is an iCalendar; any other name, the CSV form.
bool is_ics(const std::string& path) {
  if (path.size() < 4) return false;
  std::string tail = path.substr(path.size() - 4);
  for (char& c : tail) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return tail == ".ics";
}

}  // namespace

bool read_holiday_input(std::string_view command, const std::string& path, const model::Contract& contract,
                        Inputs& inputs, Messages& messages, std::optional<HolidayCalendar>& calendar) {
  const std::string prefix = "slaudit " + std::string(command) + ": ";
  if (path.empty()) {
    if (!counts_working_days(contract)) return true;
    messages.push_back(prefix + "the contract counts working days with holiday calendar \"" + contract.holidays->name +
                       "\": give its days with --holidays FILE (CSV: date,calendar,day; docs/audit.md)");
    return false;
  }
  if (!contract.holidays) {
    messages.push_back(prefix + "warning: the contract names no holiday calendar (holidays \"...\";): working days "
                       "are Monday to Friday, and " + path + " was not read");
    return true;
  }
  const std::optional<std::string> bytes = read_input("holidays", path, inputs, messages);
  if (!bytes) return false;
  const InputRows<HolidayRow> read =
      is_ics(path) ? read_holidays_ics(*bytes, contract.holidays->name) : read_holidays(*bytes);
  for (const InputRowError& error : read.errors)
    messages.push_back(path + ":" + std::to_string(error.line) + ": " + error.reason);
  if (!read.ok()) return false;
  calendar = holiday_calendar(read.rows, contract.holidays->name, path);
  if (calendar->years.empty()) {
    messages.push_back(prefix + path +
                       (is_ics(path) ? " holds no all-day event: no holiday of calendar \"" + contract.holidays->name + "\""
                                     : " lists no day of calendar \"" + contract.holidays->name +
                                           "\", which the contract names (it lists: " + calendars_listed(read.rows) + ")"));
    return false;
  }
  return true;
}

std::string holiday_note(const HolidayCalendar& calendar) {
  const int first = *calendar.years.begin(), last = *calendar.years.rbegin();
  std::string years = std::to_string(first);
  if (last != first) years += (calendar.years.size() == static_cast<size_t>(last - first + 1) ? "-" : " to ") + std::to_string(last);
  std::string note = "working days: Monday to Friday, less " + std::to_string(calendar.holidays.size()) +
                     " holiday(s) and plus " + std::to_string(calendar.working.size()) +
                     " make-up working day(s) of calendar \"" + calendar.name + "\" (" + calendar.source +
                     "), which lists days in " + years;
  if (calendar.years.size() != static_cast<size_t>(last - first + 1)) note += " with years missing between";
  return note;
}

}  // namespace slaudit::jobs
