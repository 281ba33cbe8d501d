#include "engine/audit/fleet_life.h"

#include <algorithm>

namespace slaudit::audit {

std::optional<LifeInPeriod> life_in_period(Instant start, Instant end, const Resource& resource) {
  const Instant from = resource.launched ? std::max(start, *resource.launched) : start;
  const Instant to = resource.terminated ? std::min(end, *resource.terminated) : end;
  if (from >= to) return std::nullopt;
  return LifeInPeriod{from, to, from == start && to == end};
}

}  // namespace slaudit::audit
