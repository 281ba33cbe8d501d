#include "base/time/civil_time.h"

namespace slaudit {

std::optional<LocalSeconds> to_local_seconds(const CivilTime& civil) {
  using namespace std::chrono;
  if (civil.year < int(year::min()) || civil.year > int(year::max())) return std::nullopt;
  if (civil.month > 12 || civil.day > 31) return std::nullopt;  // chrono keeps only 8 bits of each
  const year_month_day date{year{civil.year}, month{civil.month}, day{civil.day}};
  if (!date.ok()) return std::nullopt;
  if (civil.hour > 23 || civil.minute > 59 || civil.second > 59) return std::nullopt;
  return local_days{date} + hours{civil.hour} + minutes{civil.minute} + seconds{civil.second};
}

CivilTime to_civil_time(LocalSeconds local) {
  using namespace std::chrono;
  const local_days day = floor<days>(local);
  const year_month_day date{day};
  const hh_mm_ss<seconds> time{local - day};
  return {int(date.year()), unsigned(date.month()), unsigned(date.day()),
          unsigned(time.hours().count()), unsigned(time.minutes().count()),
          unsigned(time.seconds().count())};
}

}  // namespace slaudit
