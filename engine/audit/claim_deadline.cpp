#include "engine/audit/claim_deadline.h"

#include <boost/date_time/gregorian/gregorian.hpp>

namespace slaudit::audit {

namespace {

using boost::gregorian::date_duration;
using boost::gregorian::months;

std::string date_text(LocalDate d) { return boost::gregorian::to_iso_extended_string(d); }

// N months after `day`, clamped to the month's length (Boost's months() would
// snap an end-of-month date to the next month's end: Feb 28 + 1 month = Mar 31).
LocalDate add_months(LocalDate day, int64_t n) {
  const int64_t index = static_cast<int64_t>(day.year()) * 12 + (day.month().as_number() - 1) + n;
  const int year = static_cast<int>(index / 12), month = static_cast<int>(index % 12) + 1;
  const int last = boost::gregorian::gregorian_calendar::end_of_month_day(year, month);
  return LocalDate(year, month, std::min<int>(day.day(), last));
}

LocalDate nth_working_day_after(LocalDate day, int64_t n) {
  LocalDate d = day;
  for (int64_t k = 0; k < n;) {
    d += date_duration(1);
    const auto wd = d.day_of_week().as_number();  // 0 = Sunday
    if (wd != 0 && wd != 6) ++k;
  }
  return d;
}

std::optional<LocalDate> deadline(const DeadlineInputs& in) {
  const auto& rule = *in.rule;
  const std::optional<LocalDate> anchor =
      rule.anchor == model::DeadlineAnchor::PeriodEnd ? std::optional<LocalDate>(in.period_last_day) : in.first_incident_day;
  if (!anchor) return std::nullopt;
  switch (rule.unit) {
    case model::DeadlineUnit::Days: return *anchor + date_duration(rule.count);
    case model::DeadlineUnit::Months: return add_months(*anchor + date_duration(1), rule.count) - date_duration(1);
    case model::DeadlineUnit::BillingCycles: {
      auto period = period_containing_date(*in.scheme, *in.zone, *anchor);
      for (int64_t k = 0; period && k < rule.count; ++k)
        period = period_containing_date(*in.scheme, *in.zone, period->last_day + date_duration(1));
      if (!period) return std::nullopt;
      return period->last_day;
    }
  }
  return std::nullopt;
}

}  // namespace

model::CivilDate to_civil(LocalDate d) {
  return {static_cast<int>(d.year()), static_cast<int>(d.month().as_number()), static_cast<int>(d.day())};
}
LocalDate from_civil(model::CivilDate d) { return LocalDate(d.year, d.month, d.day); }

ClaimStatus claim_status(const DeadlineInputs& in, std::optional<model::CivilDate> filed) {
  ClaimStatus out;
  out.claimed = filed;
  if (in.rule == nullptr) {
    out.state = filed ? ClaimState::InTime : ClaimState::NotGiven;
    out.reason = "the contract sets no claim deadline";
    return out;
  }
  out.clause = in.rule->range;
  if (auto last = deadline(in)) out.deadline = to_civil(*last);
  if (in.rule->earliest_working_days) {
    const LocalDate base = in.rule->earliest_anchor == model::DeadlineAnchor::PeriodEnd
                               ? in.period_last_day
                               : in.first_incident_day.value_or(in.period_last_day);
    out.earliest = to_civil(nth_working_day_after(base, *in.rule->earliest_working_days));
  }
  if (!filed) {
    out.state = ClaimState::NotGiven;
    out.reason = out.deadline ? "no claim date given: credit is owed if claimed by " + date_text(from_civil(*out.deadline))
                              : "no claim date given";
    return out;
  }
  const LocalDate f = from_civil(*filed);
  if (out.earliest && f < from_civil(*out.earliest)) {
    out.state = ClaimState::TooEarly;
    out.reason = "claimed " + date_text(f) + ", before the earliest day " + date_text(from_civil(*out.earliest));
  } else if (out.deadline && f > from_civil(*out.deadline)) {
    out.state = ClaimState::Late;
    out.reason = "claimed " + date_text(f) + ", after the deadline " + date_text(from_civil(*out.deadline)) +
                 ": no credit is owed";
  } else {
    out.state = ClaimState::InTime;
    out.reason = "claimed " + date_text(f) + (out.deadline ? ", by the deadline " + date_text(from_civil(*out.deadline)) : "");
  }
  return out;
}

}  // namespace slaudit::audit
