#include "engine/audit/interval_rule.h"

#include <algorithm>

namespace slaudit::audit {

namespace {

// The start of the local-clock interval holding `at`. Lengths divide an hour,
// so intervals start on the local clock's hours in any zone; the offset is
// read at `at`, as it may change at a transition.
Instant interval_start(Instant at, const TimeZone& zone, Seconds length) {
  const int64_t local = zone.to_local(at).time_since_epoch().count();
  const int64_t into = (local % length.count() + length.count()) % length.count();
  return at - Seconds{into};
}

// The seconds of [a, b) that are not excluded. `seg` is the first segment
// that may overlap; calls come with increasing `a`, so it only moves forward.
Seconds countable(const Classification& c, size_t& seg, Instant a, Instant b) {
  while (seg < c.segments.size() && c.segments[seg].end <= a) ++seg;
  Seconds sum{0};
  for (size_t k = seg; k < c.segments.size() && c.segments[k].start < b; ++k) {
    const ClassifiedSegment& s = c.segments[k];
    if (s.state != TimeState::Excluded) sum += std::min(b, s.end) - std::max(a, s.start);
  }
  return sum;
}

}  // namespace

Seconds interval_downtime(const Classification& c, const std::vector<const DowntimeRun*>& counted, Instant from,
                          Instant to, const TimeZone& zone, Seconds length) {
  Seconds total{0};
  Instant counted_to = from;  // the end of the last interval counted: none is counted twice
  size_t seg = 0;
  for (const DowntimeRun* run : counted) {
    for (Instant t = std::max(run->start, counted_to); t < run->end;) {
      const Instant start = interval_start(t, zone, length), end = start + length;
      total += countable(c, seg, std::max({start, from, counted_to}), std::min(end, to));
      counted_to = t = end;
    }
  }
  return total;
}

}  // namespace slaudit::audit
