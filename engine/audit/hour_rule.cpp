#include "engine/audit/hour_rule.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace slaudit::audit {

int64_t hours_over_limit(const Classification& c, const TimeZone& zone, Seconds more_than) {
  // Down seconds per local clock hour, keyed by the hour's start as an instant,
  // so the hour repeated when clocks go back counts as two hours. Pieces in a
  // vector, summed per hour after sorting (the timeline is already in time
  // order, so the sort only checks): a fleet audit does this per resource.
  std::vector<std::pair<Instant, Seconds>> pieces;
  for (const auto& s : c.segments) {
    if (s.state != TimeState::Down) continue;
    Instant t = s.start;
    while (t < s.end) {
      const LocalSeconds local = zone.to_local(t);
      const LocalSeconds hour = std::chrono::floor<std::chrono::hours>(local);
      // Seconds to the next local hour boundary (offsets may change at it: recompute each step).
      const Instant next = std::min(s.end, t + (hour + std::chrono::hours{1} - local));
      pieces.emplace_back(t - (local - hour), next - t);
      t = next;
    }
  }
  const auto by_hour = [](const auto& a, const auto& b) { return a.first < b.first; };
  if (!std::is_sorted(pieces.begin(), pieces.end(), by_hour)) std::stable_sort(pieces.begin(), pieces.end(), by_hour);
  int64_t hours = 0;
  for (size_t k = 0; k < pieces.size();) {
    Seconds down{0};
    const Instant hour = pieces[k].first;
    for (; k < pieces.size() && pieces[k].first == hour; ++k) down += pieces[k].second;
    if (down > more_than) ++hours;
  }
  return hours;
}

}  // namespace slaudit::audit
