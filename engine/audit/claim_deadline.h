#pragma once
// When a claim for a period's credit must be filed (docs/audit.md):
//   within N d after period end       -> the period's last day + N days
//   within N months after period end  -> the day before the same day N months after the period ends
//   within N d after incident         -> the first counted incident's local start date + N days
//   by end of Nth billing cycle after incident/period end -> the last day of the Nth period after
//   not before N working days after period end -> from the Nth working day after it
// Dates are local to the contract's time zone. Working days are Monday to
// Friday, or, when the contract names a holiday calendar, that calendar's.
#include <optional>

#include "engine/audit/report.h"
#include "engine/records/holiday_calendar.h"
#include "base/time/local_date.h"
#include "base/time/period.h"

namespace slaudit::audit {

struct DeadlineInputs {
  const model::ClaimDeadline* rule = nullptr;  // null: the contract sets no deadline
  LocalDate period_last_day;
  std::optional<LocalDate> first_incident_day;  // local date of the first counted downtime
  const PeriodScheme* scheme = nullptr;         // for billing cycles
  const TimeZone* zone = nullptr;
  const HolidayCalendar* holidays = nullptr;    // null: Monday to Friday
  // The contract names a holiday calendar the audit was not given: the
  // earliest day is not stated rather than counted Monday to Friday.
  bool calendar_missing = false;
};

ClaimStatus claim_status(const DeadlineInputs& in, std::optional<model::CivilDate> filed);

// Whether every claim deadline (and earliest claim day) of periods ending by
// `last_day` falls in years 1400-9999, the calendar dates are computed in.
bool deadlines_in_calendar(const model::ClaimDeadline& rule, LocalDate last_day, const PeriodScheme& scheme,
                           const TimeZone& zone);

// The first year that counting the working days of `rule` for a period from
// `first_day` to `last_day` would step into and `calendar` lists no day in;
// nullopt when every such year is listed (or the rule counts none).
std::optional<int> year_not_in_calendar(const model::ClaimDeadline& rule, LocalDate first_day, LocalDate last_day,
                                        const HolidayCalendar& calendar);

model::CivilDate to_civil(LocalDate d);
LocalDate from_civil(model::CivilDate d);

}  // namespace slaudit::audit
