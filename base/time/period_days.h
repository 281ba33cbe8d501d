#pragma once
// The calendar half of statistical periods: which local days a period
// covers and what it is called, before any time zone is involved.
// Internal to base/time/; period.h is the interface.
#include <optional>
#include <string>

#include "base/time/period.h"

namespace slaudit {

struct PeriodDays {
  LocalDate first_day;  // inclusive
  LocalDate last_day;   // inclusive
  std::string label;
};

// The period of `scheme` that contains `day`; nullopt if it would reach
// outside the supported calendar.
std::optional<PeriodDays> period_days_containing(const PeriodScheme& scheme, LocalDate day);

}  // namespace slaudit
