#pragma once
// `--holidays FILE` (docs/audit.md, "Working days and holiday calendars"): the
// days of the holiday calendar the contract names (`holidays "CN";`), read for
// the audit's working-day counts, with the file's digest in the report.
#include <optional>
#include <string>
#include <string_view>

#include "engine/records/holiday_calendar.h"
#include "jobs/inputs.h"
#include "jobs/messages.h"
#include "language/model/contract.h"

namespace slaudit::jobs {

// Whether some clause counts working days with the contract's holiday calendar.
bool counts_working_days(const model::Contract& contract);

// Reads `path` (role "holidays"; an .ics file as iCalendar, holidays only,
// else the CSV form) into `calendar` when the contract names a
// calendar. False after adding why to `messages`: the contract counts working
// days with a calendar and no file was given, the file is unreadable or has a
// bad row (each with its line), or it lists no day of that calendar. A file the
// contract has no use for is not read, with a warning.
bool read_holiday_input(std::string_view command, const std::string& path, const model::Contract& contract,
                        Inputs& inputs, Messages& messages, std::optional<HolidayCalendar>& calendar);

// The report's note on the calendar the working days were counted with.
std::string holiday_note(const HolidayCalendar& calendar);

}  // namespace slaudit::jobs
