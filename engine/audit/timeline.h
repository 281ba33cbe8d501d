#pragma once
// Classifying every second of a period exactly once (docs/audit.md):
//   inside an exclusion window (qualifying maintenance, recurring window) -> excluded;
//   else covered by a counted incident                                    -> down;
//   else covered only by excluded incidents                               -> excluded;
//   else                                                                  -> up.
// A sweep over the intervals' boundaries, O(k log k) for k intervals: overlaps
// are never double-counted, and each classified second is attributed to one
// interval (the heaviest active one, then the earliest), so per-incident
// figures add up to the period's figures.
#include <cstdint>
#include <vector>

#include "engine/audit/report.h"
#include "engine/time/instant.h"

namespace slaudit::audit {

enum class IntervalKind { ExclusionWindow, Down, ExcludedIncident };

// Shares are fixed-point integers at kWeightScale: 1.0 is 10^18, so weighted
// sums stay exact in 128-bit integers.
inline constexpr int64_t kWeightOne = 1'000'000'000'000'000'000;

struct TimelineInterval {
  Instant start, end;  // half-open; clipped to the period by the caller
  IntervalKind kind = IntervalKind::Down;
  int64_t weight = kWeightOne;  // Down only: the affected share
  size_t owner = SIZE_MAX;      // index of the incident it stands for; SIZE_MAX for a recurring window
};

// A maximal run of consecutive classified seconds of one state.
struct ClassifiedSegment {
  Instant start, end;
  TimeState state = TimeState::Up;
  int64_t weight = 0;      // Down: the weight of the attributed interval
  size_t owner = SIZE_MAX; // the attributed interval's owner
  std::vector<size_t> active;  // owners of every interval active in the segment
};

struct Classification {
  std::vector<ClassifiedSegment> segments;  // tile [from, to) in order
};

// `with_active`: fill ClassifiedSegment::active (for timelines); costs an allocation per segment.
Classification classify(Instant from, Instant to, std::vector<TimelineInterval> intervals, bool with_active = true);

}  // namespace slaudit::audit
