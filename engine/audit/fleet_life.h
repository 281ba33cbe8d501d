#pragma once
// A resource's part of a period: the period [start, end) clipped to its life
// span [launched, terminated). A resource launched or terminated mid-month is
// audited over the time it existed (the clause's `partial period prorated`,
// the default for fleets), never over time before it was launched.
#include <optional>

#include "base/time/instant.h"
#include "engine/records/resource.h"

namespace slaudit::audit {

struct LifeInPeriod {
  Instant from, to;          // the clipped span, from < to
  bool whole_period = true;  // the resource lived the whole period
  Seconds length() const { return to - from; }
};

// nullopt: the resource did not exist at any second of the period.
std::optional<LifeInPeriod> life_in_period(Instant start, Instant end, const Resource& resource);

}  // namespace slaudit::audit
