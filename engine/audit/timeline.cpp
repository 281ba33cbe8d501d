#include "engine/audit/timeline.h"

#include <algorithm>

#include "base/util/radix_sort.h"

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
// node allocation per insert a balanced tree would cost. Each entry carries
// what its rank depends on, so comparing two reads no interval.
class ActiveIntervals {
 public:
  explicit ActiveIntervals(const std::vector<char>& open) : open_(&open) {}

  void add(size_t i, const TimelineInterval& interval) {
    heap_.push_back({interval.weight, interval.start, i});
    std::push_heap(heap_.begin(), heap_.end(), worse);
    ++count_;
  }
  // The caller has marked the interval closed. When none is open, what the heap holds is all closed.
  void remove() {
    if (--count_ == 0) heap_.clear();
  }
  bool empty() const { return count_ == 0; }

  // The best open interval; only when not empty.
  size_t best() {
    while (!(*open_)[heap_.front().index]) {
      std::pop_heap(heap_.begin(), heap_.end(), worse);
      heap_.pop_back();
    }
    return heap_.front().index;
  }

 private:
  struct Entry {
    Weight weight;
    Instant start;
    size_t index;
  };
  static bool worse(const Entry& x, const Entry& y) {  // x ranks below y
    if (!(x.weight == y.weight)) return x.weight < y.weight;  // heaviest first
    if (x.start != y.start) return y.start < x.start;       // then earliest
    return y.index < x.index;                                // then lowest index
  }

  const std::vector<char>* open_;
  std::vector<Entry> heap_;
  size_t count_ = 0;
};

void append(Classification& out, Instant start, Instant end, TimeState state, Weight weight, size_t owner) {
  if (end <= start) return;
  if (!out.segments.empty()) {
    auto& last = out.segments.back();
    if (last.end == start && last.state == state && last.weight == weight && last.owner == owner) {
      last.end = end;
      return;
    }
  }
  out.segments.push_back({start, end, state, weight, owner});
}

// Sorted by instant, then index. Openings are usually in order already (a log
// in start order); closings seldom are. Edges are made in interval order, so
// ordering them by (instant, position) orders them by (instant, index).
void sort_edges(std::vector<Edge>& edges, Instant from, Instant to) {
  if (std::is_sorted(edges.begin(), edges.end(), edge_before)) return;
  const std::vector<uint64_t> order = order_by_instant(edges.size(), from, to, [&](size_t k) { return edges[k].at; });
  std::vector<Edge> sorted(edges.size());
  for (size_t k = 0; k < order.size(); ++k) sorted[k] = edges[order[k]];
  edges.swap(sorted);
}

}  // namespace

Classification classify(Instant from, Instant to, std::vector<TimelineInterval> intervals) {
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
  sort_edges(opens, from, to);
  sort_edges(closes, from, to);
  std::vector<char> open(intervals.size(), 0);
  ActiveIntervals windows(open), down(open), excluded(open);
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
      active_of(opens[o].interval).add(opens[o].interval, intervals[opens[o].interval]);
    }
    Instant next = to;
    if (o < opens.size()) next = std::min(next, opens[o].at);
    if (c < closes.size()) next = std::min(next, closes[c].at);
    if (!windows.empty()) {
      append(out, cursor, next, TimeState::Excluded, Weight{0, 1}, intervals[windows.best()].owner);
    } else if (!down.empty()) {
      const auto& best = intervals[down.best()];
      append(out, cursor, next, TimeState::Down, best.weight, best.owner);
    } else if (!excluded.empty()) {
      append(out, cursor, next, TimeState::Excluded, Weight{0, 1}, intervals[excluded.best()].owner);
    } else {
      append(out, cursor, next, TimeState::Up, Weight{0, 1}, SIZE_MAX);
    }
    cursor = next;
  }
  return out;
}

}  // namespace slaudit::audit
