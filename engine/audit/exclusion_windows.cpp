#include "engine/audit/exclusion_windows.h"

#include <algorithm>

#include "base/time/civil_time.h"

namespace slaudit::audit {

std::vector<TimelineInterval> recurring_windows(const std::vector<model::RecurringWindow>& windows,
                                                const TimeZone& zone, Instant from, Instant to) {
  std::vector<TimelineInterval> out;
  if (windows.empty() || to <= from) return out;
  using std::chrono::days;
  // Local days from the day before `from` (a window may cross midnight into the period).
  const auto first = std::chrono::floor<days>(zone.to_local(from)) - days{1};
  const auto last = std::chrono::floor<days>(zone.to_local(to - Seconds{1}));
  for (auto day = first; day <= last; day += days{1}) {
    const unsigned weekday_bit = 1u << ((std::chrono::weekday{day}.iso_encoding() + 6) % 7);  // Monday = bit 0
    for (const auto& w : windows) {
      if ((w.days & weekday_bit) == 0) continue;
      const LocalSeconds local_start = day + std::chrono::minutes{w.start_minute};
      const LocalSeconds local_end =
          day + std::chrono::minutes{w.end_minute} + (w.end_minute <= w.start_minute ? days{1} : days{0});
      TimelineInterval iv;
      iv.start = std::max(zone.to_utc(local_start), from);
      iv.end = std::min(zone.to_utc(local_end), to);
      iv.kind = IntervalKind::ExclusionWindow;
      if (iv.start < iv.end) out.push_back(iv);
    }
  }
  return out;
}

CappedMaintenance apply_maintenance_cap(std::vector<MaintenanceCandidate> candidates, std::optional<Seconds> cap,
                                        Instant from, Instant to) {
  for (auto& c : candidates) {
    c.start = std::max(c.start, from);
    c.end = std::min(c.end, to);
  }
  std::erase_if(candidates, [](const MaintenanceCandidate& c) { return c.end <= c.start; });
  std::sort(candidates.begin(), candidates.end(),
            [](const auto& a, const auto& b) { return std::tie(a.start, a.owner) < std::tie(b.start, b.owner); });
  // The instant at which the union of maintenance time reaches the cap.
  Instant exhausted = to;
  if (cap) {
    Seconds used{0};
    Instant covered = from;
    exhausted = to;
    bool found = false;
    for (const auto& c : candidates) {
      const Instant start = std::max(c.start, covered);
      if (c.end <= start) continue;
      if (used + (c.end - start) >= *cap) {
        exhausted = start + (*cap - used);
        found = true;
        break;
      }
      used += c.end - start;
      covered = c.end;
    }
    if (!found) exhausted = to;
  }
  CappedMaintenance out;
  for (const auto& c : candidates) {
    if (c.start < exhausted)
      out.windows.push_back({c.start, std::min(c.end, exhausted), IntervalKind::ExclusionWindow, kWeightOne, c.owner});
    if (c.end > exhausted)
      out.over_cap.push_back({std::max(c.start, exhausted), c.end, IntervalKind::Down, kWeightOne, c.owner});
  }
  return out;
}

}  // namespace slaudit::audit
