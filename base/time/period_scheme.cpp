#include "base/time/period.h"

namespace slaudit {

PeriodScheme PeriodScheme::calendar_month() { return PeriodScheme(StatisticalPeriod::calendar_month); }
PeriodScheme PeriodScheme::calendar_quarter() { return PeriodScheme(StatisticalPeriod::calendar_quarter); }
PeriodScheme PeriodScheme::calendar_year() { return PeriodScheme(StatisticalPeriod::calendar_year); }
PeriodScheme PeriodScheme::calendar_week() { return PeriodScheme(StatisticalPeriod::calendar_week); }

std::optional<PeriodScheme> PeriodScheme::billing_month(unsigned anchor_day) {
  if (anchor_day < 1 || anchor_day > 31) return std::nullopt;
  PeriodScheme scheme(StatisticalPeriod::billing_month);
  scheme.billing_anchor_day_ = anchor_day;
  return scheme;
}

std::optional<PeriodScheme> PeriodScheme::rolling_days(unsigned days, LocalDate anchor) {
  if (days < 1 || anchor.is_special()) return std::nullopt;
  PeriodScheme scheme(StatisticalPeriod::rolling_days);
  scheme.rolling_length_days_ = days;
  scheme.rolling_anchor_ = anchor;
  return scheme;
}

}  // namespace slaudit
