#include "base/time/period.h"

#include "base/time/local_day.h"
#include "base/time/period_days.h"

namespace slaudit {
namespace {

// The first instant of `day` in the zone. TimeZone::to_utc maps a midnight
// that falls in a DST gap to the gap's end and an ambiguous midnight to its
// first occurrence, so this is always the moment the day has begun.
Instant start_of_day(const TimeZone& zone, std::chrono::local_days day) {
  return zone.to_utc(LocalSeconds{day});
}

Period to_period(const TimeZone& zone, PeriodDays days) {
  const auto first = to_local_days(days.first_day);
  const auto after_last = to_local_days(days.last_day) + std::chrono::days{1};
  return {start_of_day(zone, first), start_of_day(zone, after_last), days.first_day, days.last_day,
          std::move(days.label)};
}

std::optional<Period> next_period(const PeriodScheme& scheme, const TimeZone& zone, const Period& p) {
  if (p.last_day.year() == last_supported_year && p.last_day.month() == 12 && p.last_day.day() == 31)
    return std::nullopt;
  return period_containing_date(scheme, zone, p.last_day + boost::gregorian::days(1));
}

std::optional<Period> previous_period(const PeriodScheme& scheme, const TimeZone& zone, const Period& p) {
  if (p.first_day.year() == first_supported_year && p.first_day.month() == 1 && p.first_day.day() == 1)
    return std::nullopt;
  return period_containing_date(scheme, zone, p.first_day - boost::gregorian::days(1));
}

}  // namespace

std::optional<Period> period_containing_date(const PeriodScheme& scheme, const TimeZone& zone, LocalDate day) {
  std::optional<PeriodDays> days = period_days_containing(scheme, day);
  if (!days) return std::nullopt;
  return to_period(zone, std::move(*days));
}

// Start from the period of the instant's local date, then step: when a DST
// overlap straddles midnight, the repeated hour before midnight lies after
// the day's start and so belongs to the next day's period.
std::optional<Period> period_containing(const PeriodScheme& scheme, const TimeZone& zone, Instant at) {
  const std::optional<LocalDate> day = local_day(zone, at);
  if (!day) return std::nullopt;
  std::optional<Period> period = period_containing_date(scheme, zone, *day);
  while (period && at < period->start) period = previous_period(scheme, zone, *period);
  while (period && at >= period->end) period = next_period(scheme, zone, *period);
  return period;
}

std::vector<Period> periods_overlapping(const PeriodScheme& scheme, const TimeZone& zone, Instant from,
                                        Instant to) {
  std::vector<Period> periods;
  if (to <= from) return periods;
  for (std::optional<Period> p = period_containing(scheme, zone, from); p && p->start < to;
       p = next_period(scheme, zone, *p))
    periods.push_back(*p);
  return periods;
}

std::vector<Period> periods_for_dates(const PeriodScheme& scheme, const TimeZone& zone, LocalDate first_day,
                                      LocalDate last_day) {
  std::vector<Period> periods;
  if (first_day.is_special() || last_day.is_special() || last_day < first_day) return periods;
  for (std::optional<Period> p = period_containing_date(scheme, zone, first_day); p && p->first_day <= last_day;
       p = next_period(scheme, zone, *p))
    periods.push_back(*p);
  return periods;
}

}  // namespace slaudit
