#pragma once
// The small CSV inputs of an audit besides the incident log:
//   --claims FILE            service,period,filed        when each credit claim was filed
//   --billing FILE           service,period,fee          the fee actually billed for a period
//   --previous-credits FILE  service,period_end,amount   credits already paid (for caps over a year)
//   --holidays FILE          date,calendar,day[,name]    a holiday calendar's days (day: holiday | working)
// A header row naming the columns is required (any order, each once). Unlike
// incident records, a bad row here is an error for the whole input, never a
// rejected-and-skipped record: a dropped claim or fee changes the money owed.
// So every bad row is reported with its line and reason, and the caller stops.
//
// Values: services must be the contract's; periods are labels as the audit
// prints them (2026-11, 2026-Q4, 2026, 2026-03-15/2026-04-14); dates are
// YYYY-MM-DD; amounts are plain decimals in the contract's currency with at
// most its minor digits (1200000.00 CNY, 150000 JPY), never negative.
// Claims and fees allow one row per service and period.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/audit/audit.h"
#include "language/model/contract.h"
#include "engine/records/holiday_calendar.h"
#include "engine/records/incident.h"

namespace slaudit {

struct InputRowError {
  size_t line = 0;  // 1-based; the header's line for a bad header
  std::string reason;
  bool operator==(const InputRowError&) const = default;
};

template <class Row>
struct InputRows {
  std::vector<Row> rows;              // in file order
  std::vector<size_t> lines;          // lines[i]: where rows[i] is in the file
  std::vector<InputRowError> errors;  // in file order; the rows are unusable unless this is empty
  bool ok() const { return errors.empty(); }
};

InputRows<audit::ClaimFiling> read_claim_filings(std::string_view content, const ServiceNames& services);
InputRows<audit::BilledFee> read_billed_fees(std::string_view content, const model::Currency& currency,
                                             const ServiceNames& services);
InputRows<audit::PreviousCredit> read_previous_credits(std::string_view content, const model::Currency& currency,
                                                       const ServiceNames& services);

// One day of a holiday calendar: a holiday (not worked, whatever the weekday)
// or a make-up working day (worked, whatever the weekday). One row per
// calendar and day; the `name` column, when present, is for people only.
struct HolidayRow {
  LocalDate day;
  std::string calendar;
  bool working = false;
};
InputRows<HolidayRow> read_holidays(std::string_view content);
// The days of calendar `name` among `rows` (none when the file has no such calendar).
HolidayCalendar holiday_calendar(const std::vector<HolidayRow>& rows, const std::string& name, const std::string& source);

// "2026-11", "2026-Q4", "2026", "2026-03-15/2026-04-14" (first day <= last day;
// also written 2026-03-15..2026-04-14): the day-range grammar of
// base/time/civil_date.h, but for a single day.
bool is_period_label(std::string_view text);

}  // namespace slaudit
