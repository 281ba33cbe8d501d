#pragma once
// Date steps that cannot throw: Boost throws outside years 1400-9999
// (local_date.h), so a step that would leave them is nullopt, and a period or
// deadline past the calendar is the caller's error to report.
#include <cstdint>
#include <optional>

#include "base/time/local_date.h"

namespace slaudit {

// `day` plus `days` (either sign).
std::optional<LocalDate> add_days(LocalDate day, std::int64_t days);
// `months` calendar months after `day` (either sign), the day clamped to the
// month's length (Jan 31 + 1 month = Feb 28).
std::optional<LocalDate> add_months(LocalDate day, std::int64_t months);

}  // namespace slaudit
