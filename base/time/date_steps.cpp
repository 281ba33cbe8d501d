#include "base/time/date_steps.h"

#include <algorithm>

namespace slaudit {

std::optional<LocalDate> add_days(LocalDate day, std::int64_t days) {
  // Bounded before the sum: the calendar spans fewer than 3,100,000 days.
  constexpr std::int64_t kSpan = 3'100'000;
  if (days > kSpan || days < -kSpan) return std::nullopt;
  return to_local_date(to_local_days(day) + std::chrono::days{days});
}

std::optional<LocalDate> add_months(LocalDate day, std::int64_t months) {
  constexpr std::int64_t kSpan = 12 * (last_supported_year - first_supported_year + 1);
  if (months > kSpan || months < -kSpan) return std::nullopt;
  const std::int64_t index = static_cast<std::int64_t>(day.year()) * 12 + (day.month().as_number() - 1) + months;
  const int year = static_cast<int>(index / 12);
  const unsigned month = static_cast<unsigned>(index % 12) + 1;
  if (year < first_supported_year || year > last_supported_year) return std::nullopt;
  const unsigned last = boost::gregorian::gregorian_calendar::end_of_month_day(static_cast<unsigned short>(year),
                                                                              static_cast<unsigned short>(month));
  return make_local_date(year, month, std::min<unsigned>(day.day(), last));
}

}  // namespace slaudit
