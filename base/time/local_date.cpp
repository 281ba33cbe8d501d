#include "base/time/local_date.h"

namespace slaudit {

std::optional<LocalDate> make_local_date(int year, unsigned month, unsigned day) {
  if (year < first_supported_year || year > last_supported_year) return std::nullopt;
  if (month < 1 || month > 12 || day < 1) return std::nullopt;
  const auto y = static_cast<unsigned short>(year);
  const auto m = static_cast<unsigned short>(month);
  if (day > boost::gregorian::gregorian_calendar::end_of_month_day(y, m)) return std::nullopt;
  return LocalDate(y, m, static_cast<unsigned short>(day));
}

std::optional<LocalDate> to_local_date(std::chrono::local_days day) {
  const std::chrono::year_month_day ymd{day};
  return make_local_date(int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()));
}

std::chrono::local_days to_local_days(LocalDate day) {
  using namespace std::chrono;
  const year_month_day ymd{year{int(day.year())}, month{unsigned(day.month())}, std::chrono::day{unsigned(day.day())}};
  return local_days{ymd};
}

}  // namespace slaudit
