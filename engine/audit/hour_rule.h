#pragma once
// The clock-hour rule (AWS EC2: no charge for an instance hour with more than
// six minutes of unavailability): count the local clock hours of a period
// whose down seconds exceed the limit.
#include <vector>

#include "engine/audit/timeline.h"
#include "base/time/time_zone.h"

namespace slaudit::audit {

int64_t hours_over_limit(const Classification& c, const TimeZone& zone, Seconds more_than);

}  // namespace slaudit::audit
