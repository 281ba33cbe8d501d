#include "engine/audit/claim_deadline.h"

#include <boost/date_time/gregorian/gregorian.hpp>

#include "base/time/date_steps.h"

namespace slaudit::audit {

namespace {


std::string date_text(LocalDate d) { return boost::gregorian::to_iso_extended_string(d); }

// The Nth Monday-to-Friday day after `day`; nullopt past the calendar. The
// checker bounds N, so the walk is short.
std::optional<LocalDate> nth_working_day_after(LocalDate day, int64_t n) {
  std::optional<LocalDate> d = day;
  for (int64_t k = 0; d && k < n;) {
    d = add_days(*d, 1);
    if (!d) break;
    const auto wd = d->day_of_week().as_number();  // 0 = Sunday
    if (wd != 0 && wd != 6) ++k;
  }
  return d;
}

// What the rule makes the deadline: none (nothing to anchor it to), a day, or
// beyond the calendar (after 9999-12-31): run_audit refuses such a range first
// (deadlines_in_calendar), so no period is left with that.
struct Deadline {
  std::optional<LocalDate> day;
  bool beyond_calendar = false;
};

Deadline checked(std::optional<LocalDate> day) { return {day, !day.has_value()}; }

Deadline deadline(const DeadlineInputs& in) {
  const auto& rule = *in.rule;
  const std::optional<LocalDate> anchor =
      rule.anchor == model::DeadlineAnchor::PeriodEnd ? std::optional<LocalDate>(in.period_last_day) : in.first_incident_day;
  if (!anchor) return {};
  switch (rule.unit) {
    case model::DeadlineUnit::Days: return checked(add_days(*anchor, rule.count));
    case model::DeadlineUnit::Months: {
      const std::optional<LocalDate> after = add_days(*anchor, 1);
      const std::optional<LocalDate> later = after ? add_months(*after, rule.count) : std::nullopt;
      return checked(later ? add_days(*later, -1) : std::nullopt);
    }
    case model::DeadlineUnit::BillingCycles: {
      auto period = period_containing_date(*in.scheme, *in.zone, *anchor);
      for (int64_t k = 0; period && k < rule.count; ++k) {
        const std::optional<LocalDate> next = add_days(period->last_day, 1);
        period = next ? period_containing_date(*in.scheme, *in.zone, *next) : std::nullopt;
      }
      return checked(period ? std::optional<LocalDate>(period->last_day) : std::nullopt);
    }
  }
  return {};
}

}  // namespace

bool deadlines_in_calendar(const model::ClaimDeadline& rule, LocalDate last_day, const PeriodScheme& scheme,
                           const TimeZone& zone) {
  // Anchored on the period's end, the deadline is the latest any of the
  // period's incidents can give, and so is the earliest day to claim.
  model::ClaimDeadline at_end = rule;
  at_end.anchor = model::DeadlineAnchor::PeriodEnd;
  const DeadlineInputs in{&at_end, last_day, std::nullopt, &scheme, &zone};
  if (deadline(in).beyond_calendar) return false;
  return !rule.earliest_working_days || nth_working_day_after(last_day, *rule.earliest_working_days).has_value();
}

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
  const Deadline last = deadline(in);
  if (last.day) out.deadline = to_civil(*last.day);
  if (in.rule->earliest_working_days) {
    const LocalDate base = in.rule->earliest_anchor == model::DeadlineAnchor::PeriodEnd
                               ? in.period_last_day
                               : in.first_incident_day.value_or(in.period_last_day);
    const std::optional<LocalDate> earliest = nth_working_day_after(base, *in.rule->earliest_working_days);
    if (earliest) out.earliest = to_civil(*earliest);
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
