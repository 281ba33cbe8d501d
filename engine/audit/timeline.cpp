#include "engine/audit/timeline.h"

#include <algorithm>
#include <tuple>

namespace slaudit::audit {

namespace {

// An interval's edge: where it opens or closes.
struct Edge {
  Instant at;
  size_t interval;
};

bool edge_before(const Edge& a, const Edge& b) { return a.at < b.at || (a.at == b.at && a.interval < b.interval); }

// The active intervals of one kind, best on top: heaviest, then earliest, then
// lowest index (a strict total order, so the best is always the same one).
// A binary heap with lazy removal: a closed interval stays in the heap until
// it reaches the top, so each interval is pushed and popped once, without the
// node allocation per insert a balanced tree would cost.
class ActiveIntervals {
 public:
  explicit ActiveIntervals(const std::vector<TimelineInterval>& intervals, const std::vector<char>& open)
      : intervals_(&intervals), open_(&open) {}

  void add(size_t i) {
    heap_.push_back(i);
    std::push_heap(heap_.begin(), heap_.end(), Worse{intervals_});
    ++count_;
  }
  // The caller has marked the interval closed. When none is open, what the heap holds is all closed.
  void remove() {
    if (--count_ == 0) heap_.clear();
  }
  bool empty() const { return count_ == 0; }

  // The best open interval; only when not empty.
  size_t best() {
    while (!(*open_)[heap_.front()]) {
      std::pop_heap(heap_.begin(), heap_.end(), Worse{intervals_});
      heap_.pop_back();
    }
    return heap_.front();
  }

  // Every interval still in the heap (closed ones included): for the caller to filter.
  const std::vector<size_t>& held() const { return heap_; }

 private:
  struct Worse {
    const std::vector<TimelineInterval>* intervals;
    bool operator()(size_t a, size_t b) const {  // a ranks below b
      const auto& x = (*intervals)[a];
      const auto& y = (*intervals)[b];
      if (!(x.weight == y.weight)) return x.weight < y.weight;  // heaviest first
      return std::make_tuple(y.start, b) < std::make_tuple(x.start, a);
    }
  };

  const std::vector<TimelineInterval>* intervals_;
  const std::vector<char>* open_;
  std::vector<size_t> heap_;
  size_t count_ = 0;
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

// Sorted by instant, then index. Openings are usually in order already (a log
// in start order); closings seldom are.
void sort_edges(std::vector<Edge>& edges) {
  if (!std::is_sorted(edges.begin(), edges.end(), edge_before)) std::sort(edges.begin(), edges.end(), edge_before);
}

}  // namespace

Classification classify(Instant from, Instant to, std::vector<TimelineInterval> intervals, bool with_active) {
  std::vector<Edge> opens, closes;
  opens.reserve(intervals.size());
  closes.reserve(intervals.size());
  for (size_t i = 0; i < intervals.size(); ++i) {
    auto& iv = intervals[i];
    iv.start = std::max(iv.start, from);
    iv.end = std::min(iv.end, to);
    if (iv.end <= iv.start) continue;
    opens.push_back({iv.start, i});
    closes.push_back({iv.end, i});
  }
  sort_edges(opens);
  sort_edges(closes);
  std::vector<char> open(intervals.size(), 0);
  ActiveIntervals windows(intervals, open), down(intervals, open), excluded(intervals, open);
  auto active_of = [&](size_t i) -> ActiveIntervals& {
    switch (intervals[i].kind) {
      case IntervalKind::ExclusionWindow: return windows;
      case IntervalKind::Down: return down;
      case IntervalKind::ExcludedIncident: return excluded;
    }
    return down;
  };
  Classification out;
  Instant cursor = from;
  size_t o = 0, c = 0;
  while (cursor < to) {
    // Closings before openings at the same instant: intervals are half-open.
    for (; c < closes.size() && closes[c].at <= cursor; ++c) {
      open[closes[c].interval] = 0;
      active_of(closes[c].interval).remove();
    }
    for (; o < opens.size() && opens[o].at <= cursor; ++o) {
      open[opens[o].interval] = 1;
      active_of(opens[o].interval).add(opens[o].interval);
    }
    Instant next = to;
    if (o < opens.size()) next = std::min(next, opens[o].at);
    if (c < closes.size()) next = std::min(next, closes[c].at);
    std::vector<size_t> active;
    if (with_active) {
      for (const ActiveIntervals* set : {&windows, &down, &excluded})
        for (size_t i : set->held())
          if (open[i] && intervals[i].owner != SIZE_MAX) active.push_back(intervals[i].owner);
      std::sort(active.begin(), active.end());
      active.erase(std::unique(active.begin(), active.end()), active.end());
    }
    if (!windows.empty()) {
      append(out, cursor, next, TimeState::Excluded, Weight{0, 1}, intervals[windows.best()].owner, std::move(active));
    } else if (!down.empty()) {
      const auto& best = intervals[down.best()];
      append(out, cursor, next, TimeState::Down, best.weight, best.owner, std::move(active));
    } else if (!excluded.empty()) {
      append(out, cursor, next, TimeState::Excluded, Weight{0, 1}, intervals[excluded.best()].owner, std::move(active));
    } else {
      append(out, cursor, next, TimeState::Up, Weight{0, 1}, SIZE_MAX, {});
    }
    cursor = next;
  }
  return out;
}

}  // namespace slaudit::audit
