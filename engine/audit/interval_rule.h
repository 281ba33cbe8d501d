#pragma once
// `downtime counted in clock minutes;` (AWS EC2: the clock minutes in which an
// instance was unavailable) and `downtime counted in 5 min intervals;`
// (DigitalOcean's older SLA): every interval of the local clock that holds a
// counted down second counts whole, so a 30-second outage across a minute
// boundary is two minutes, and two runs in one interval count it once. An
// interval counts only its seconds inside the period and outside exclusions:
// no second is counted beyond the period it lies in, or twice.
#include <vector>

#include "base/time/time_zone.h"
#include "engine/audit/downtime_rules.h"
#include "engine/audit/timeline.h"

namespace slaudit::audit {

// `counted`: the runs the minimum-downtime rule kept, in time order, within [from, to).
Seconds interval_downtime(const Classification& c, const std::vector<const DowntimeRun*>& counted, Instant from,
                          Instant to, const TimeZone& zone, Seconds length);

}  // namespace slaudit::audit
