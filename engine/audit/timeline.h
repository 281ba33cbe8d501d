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

// The affected share of a down interval, as an exact fraction: a logged share
// 0.25 is 25/100, a count of 1 node of 3 is 1/3 (never rounded to a decimal).
struct Weight {
  int64_t num = 1, den = 1;  // 0 < num <= den <= 10^18
  bool full() const { return num == den; }
  // Exact: cross-multiplied in 128 bits; shares over one denominator (most
  // often all of a log's) compare without multiplying.
  friend bool operator<(const Weight& a, const Weight& b) {
    if (a.den == b.den) return a.num < b.num;
    return static_cast<__int128>(a.num) * b.den < static_cast<__int128>(b.num) * a.den;
  }
  friend bool operator==(const Weight& a, const Weight& b) {
    if (a.den == b.den) return a.num == b.num;
    return static_cast<__int128>(a.num) * b.den == static_cast<__int128>(b.num) * a.den;
  }
};
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
