#include "base/time/local_day.h"

#include <chrono>

namespace slaudit {

std::optional<LocalDate> local_day(const TimeZone& zone, Instant at) {
  return to_local_date(std::chrono::floor<std::chrono::days>(zone.to_local(at)));
}

}  // namespace slaudit
