#include "engine/audit/timeline.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace slaudit::audit {

namespace {

struct Boundary {
  Instant at;
  bool opens;
  size_t interval;
};

// The active intervals of one kind, best first: heaviest, then earliest, then lowest index.
struct ByPriority {
  const std::vector<TimelineInterval>* intervals;
  bool operator()(size_t a, size_t b) const {
    const auto& x = (*intervals)[a];
    const auto& y = (*intervals)[b];
    if (!(x.weight == y.weight)) return y.weight < x.weight;  // heaviest first
    return std::make_tuple(x.start, a) < std::make_tuple(y.start, b);
  }
};

void append(Classification& out, Instant start, Instant end, TimeState state, Weight weight, size_t owner,
            std::vector<size_t> active) {
  if (end <= start) return;
  if (!out.segments.empty()) {
    auto& last = out.segments.back();
    if (last.end == start && last.state == state && last.weight == weight && last.owner == owner &&
        last.active == active) {
      last.end = end;
      return;
    }
  }
  out.segments.push_back({start, end, state, weight, owner, std::move(active)});
}

}  // namespace

Classification classify(Instant from, Instant to, std::vector<TimelineInterval> intervals, bool with_active) {
  std::vector<Boundary> boundaries;
  boundaries.reserve(intervals.size() * 2);
  for (size_t i = 0; i < intervals.size(); ++i) {
    auto& iv = intervals[i];
    iv.start = std::max(iv.start, from);
    iv.end = std::min(iv.end, to);
    if (iv.end <= iv.start) continue;
    boundaries.push_back({iv.start, true, i});
    boundaries.push_back({iv.end, false, i});
  }
  // Closings before openings at the same instant: intervals are half-open.
  std::sort(boundaries.begin(), boundaries.end(), [](const Boundary& a, const Boundary& b) {
    return std::tie(a.at, a.opens, a.interval) < std::tie(b.at, b.opens, b.interval);
  });
  const ByPriority order{&intervals};
  std::set<size_t, ByPriority> windows(order), down(order), excluded(order);
  auto set_of = [&](size_t i) -> std::set<size_t, ByPriority>& {
    switch (intervals[i].kind) {
      case IntervalKind::ExclusionWindow: return windows;
      case IntervalKind::Down: return down;
      case IntervalKind::ExcludedIncident: return excluded;
    }
    return down;
  };
  Classification out;
  Instant cursor = from;
  size_t b = 0;
  while (cursor < to) {
    while (b < boundaries.size() && boundaries[b].at <= cursor) {
      auto& set = set_of(boundaries[b].interval);
      if (boundaries[b].opens) set.insert(boundaries[b].interval);
      else set.erase(boundaries[b].interval);
      ++b;
    }
    const Instant next = b < boundaries.size() ? std::min(boundaries[b].at, to) : to;
    std::vector<size_t> active;
    if (with_active)
      for (const auto* set : {&windows, &down, &excluded})
      for (size_t i : *set)
        if (intervals[i].owner != SIZE_MAX) active.push_back(intervals[i].owner);
    std::sort(active.begin(), active.end());
    active.erase(std::unique(active.begin(), active.end()), active.end());
    if (!windows.empty()) {
      append(out, cursor, next, TimeState::Excluded, Weight{0, 1}, intervals[*windows.begin()].owner, std::move(active));
    } else if (!down.empty()) {
      const auto& best = intervals[*down.begin()];
      append(out, cursor, next, TimeState::Down, best.weight, best.owner, std::move(active));
    } else if (!excluded.empty()) {
      append(out, cursor, next, TimeState::Excluded, Weight{0, 1}, intervals[*excluded.begin()].owner, std::move(active));
    } else {
      append(out, cursor, next, TimeState::Up, Weight{0, 1}, SIZE_MAX, {});
    }
    cursor = next;
  }
  return out;
}

}  // namespace slaudit::audit
