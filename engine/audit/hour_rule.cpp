#include "engine/audit/hour_rule.h"

#include <map>

namespace slaudit::audit {

int64_t hours_over_limit(const Classification& c, const TimeZone& zone, Seconds more_than) {
  // Down seconds per local clock hour, keyed by the hour's start as an instant,
  // so the hour repeated when clocks go back counts as two hours.
  std::map<Instant, Seconds> per_hour;
  for (const auto& s : c.segments) {
    if (s.state != TimeState::Down) continue;
    Instant t = s.start;
    while (t < s.end) {
      const LocalSeconds local = zone.to_local(t);
      const LocalSeconds hour = std::chrono::floor<std::chrono::hours>(local);
      // Seconds to the next local hour boundary (offsets may change at it: recompute each step).
      const Instant next = std::min(s.end, t + (hour + std::chrono::hours{1} - local));
      per_hour[t - (local - hour)] += next - t;
      t = next;
    }
  }
  int64_t hours = 0;
  for (const auto& [hour, down] : per_hour)
    if (down > more_than) ++hours;
  return hours;
}

}  // namespace slaudit::audit
