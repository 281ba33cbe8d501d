#pragma once
// Exclusion windows of one period: recurring local windows (`Sun 02:00-06:00`)
// converted to UTC day by day, so DST moves them with the wall clock; and
// qualifying maintenance capped per period: the part past the cap, in time
// order, is downtime.
#include <optional>
#include <vector>

#include "engine/audit/timeline.h"
#include "language/model/contract.h"
#include "base/time/time_zone.h"

namespace slaudit::audit {

std::vector<TimelineInterval> recurring_windows(const std::vector<model::RecurringWindow>& windows,
                                                const TimeZone& zone, Instant from, Instant to);

struct MaintenanceCandidate {
  size_t owner;  // incident index
  Instant start, end;
};

struct CappedMaintenance {
  std::vector<TimelineInterval> windows;  // excluded parts
  std::vector<TimelineInterval> over_cap; // downtime parts
};

// `cap` limits the union of the candidates' time inside [from, to).
CappedMaintenance apply_maintenance_cap(std::vector<MaintenanceCandidate> candidates, std::optional<Seconds> cap,
                                        Instant from, Instant to);

}  // namespace slaudit::audit
