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
#include "base/time/instant.h"

namespace slaudit::audit {

enum class IntervalKind { ExclusionWindow, Down, ExcludedIncident };

inline constexpr Weight kWeightOne{1, 1};

struct TimelineInterval {
  Instant start, end;  // half-open; clipped to the period by the caller
  IntervalKind kind = IntervalKind::Down;
  Weight weight = kWeightOne;   // Down only: the affected share
  size_t owner = SIZE_MAX;      // index of the incident it stands for; SIZE_MAX for a recurring window
};

// A maximal run of consecutive classified seconds of one state.
struct ClassifiedSegment {
  Instant start, end;
  TimeState state = TimeState::Up;
  Weight weight{0, 1};     // Down: the weight of the attributed interval
  size_t owner = SIZE_MAX; // the attributed interval's owner
};

struct Classification {
  std::vector<ClassifiedSegment> segments;  // tile [from, to) in order
};

// Which incidents lie in a segment is not kept here: a report's timeline
// (report.h) gives each incident its run of segments once.
Classification classify(Instant from, Instant to, std::vector<TimelineInterval> intervals);

}  // namespace slaudit::audit
