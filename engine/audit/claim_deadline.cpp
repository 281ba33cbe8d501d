#include "engine/audit/claim_deadline.h"

#include <boost/date_time/gregorian/gregorian.hpp>

#include "base/time/date_steps.h"

namespace slaudit::audit {

namespace {


std::string date_text(LocalDate d) { return boost::gregorian::to_iso_extended_string(d); }

// Where counting N working days lands: the day, or nothing, past 9999-12-31
// or on stepping into a year the holiday calendar does not list.
struct WorkingDayCount {
  std::optional<LocalDate> day;
  std::optional<int> unlisted_year;
};

// The Nth working day after `day` (Monday to Friday without a calendar). The
// checker bounds N, so the walk is short.
WorkingDayCount nth_working_day_after(LocalDate day, int64_t n, const HolidayCalendar* calendar) {
  std::optional<LocalDate> d = day;
  for (int64_t k = 0; d && k < n;) {
    d = add_days(*d, 1);
    if (!d) break;
    if (calendar == nullptr) {
      const auto wd = d->day_of_week().as_number();  // 0 = Sunday
      if (wd != 0 && wd != 6) ++k;
      continue;
    }
    if (!calendar->covers(*d)) return {std::nullopt, static_cast<int>(d->year())};
    if (calendar->is_working_day(*d)) ++k;
  }
  return {d, std::nullopt};
}

std::string ordinal(int64_t n) {
  const int64_t tens = n % 100, ones = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
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
  return !rule.earliest_working_days || nth_working_day_after(last_day, *rule.earliest_working_days, nullptr).day;
}

std::optional<int> year_not_in_calendar(const model::ClaimDeadline& rule, LocalDate first_day, LocalDate last_day,
                                        const HolidayCalendar& calendar) {
  if (!rule.earliest_working_days) return std::nullopt;
  // Counted from the period's end, the count reaches furthest; counted from an
  // incident, it may start on any day of the period.
  const WorkingDayCount count = nth_working_day_after(last_day, *rule.earliest_working_days, &calendar);
  if (count.unlisted_year) return count.unlisted_year;
  const LocalDate from = rule.earliest_anchor == model::DeadlineAnchor::Incident ? first_day : last_day;
  const std::optional<LocalDate> first_counted = add_days(from, 1);
  if (!first_counted || !count.day) return std::nullopt;  // past 9999-12-31: deadlines_in_calendar's error
  for (int year = static_cast<int>(first_counted->year()); year <= static_cast<int>(count.day->year()); ++year)
    if (!calendar.years.contains(year)) return year;
  return std::nullopt;
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
  if (in.rule->earliest_working_days && !in.calendar_missing) {
    const LocalDate base = in.rule->earliest_anchor == model::DeadlineAnchor::PeriodEnd
                               ? in.period_last_day
                               : in.first_incident_day.value_or(in.period_last_day);
    const WorkingDayCount earliest = nth_working_day_after(base, *in.rule->earliest_working_days, in.holidays);
    if (earliest.day) out.earliest = to_civil(*earliest.day);
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
    out.reason = "claimed " + date_text(f) + ", before the earliest day " + date_text(from_civil(*out.earliest)) +
                 " (the " + ordinal(*in.rule->earliest_working_days) + " working day" +
                 (in.holidays ? " of calendar " + in.holidays->name : ", Monday to Friday") + ")";
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
