#include "engine/audit/downtime_rules.h"

#include <algorithm>

namespace slaudit::audit {

std::vector<DowntimeRun> downtime_runs(const Classification& c, Instant from, Instant to) {
  std::vector<DowntimeRun> runs;
  // At most one run per down segment: reserved, so that a resource's runs are
  // not moved again and again as they come (a fleet audits 100,000 of them).
  runs.reserve(static_cast<size_t>(
      std::ranges::count_if(c.segments, [](const auto& s) { return s.state == TimeState::Down; })));
  for (const auto& s : c.segments) {
    if (s.state != TimeState::Down) continue;
    if (runs.empty() || runs.back().end != s.start) runs.push_back({s.start, s.start, 0, 0, s.start == from, false, {}});
    auto& run = runs.back();
    run.end = s.end;
    const int64_t seconds = (s.end - s.start).count();
    if (s.weight.full()) run.full_seconds += seconds;
    else run.partial += Rational(seconds) * s.weight.num / s.weight.den;
    auto& owners = runs.back().owners;
    if (s.owner != SIZE_MAX && std::find(owners.begin(), owners.end(), s.owner) == owners.end()) owners.push_back(s.owner);
  }
  for (auto& r : runs) r.touches_end = r.end == to;
  return runs;
}

RunVerdict judge_run(const DowntimeRun& run, Seconds before, Seconds after, const model::AvailabilityClause& clause) {
  RunVerdict v;
  const Seconds own = run.end - run.start;
  v.whole_length = before + own + after;
  if (const auto& m = clause.minimum_downtime) {
    v.ignored = m->relation == model::MinimumRelation::ShorterThan ? v.whole_length < m->value
                                                                   : v.whole_length <= m->value;
  }
  if (v.ignored) return v;
  const int64_t s = own.count();
  switch (clause.partial_minutes.value_or(model::PartialMinuteRule::Exact)) {
    case model::PartialMinuteRule::RoundedUp: v.counted = Seconds{(s + 59) / 60 * 60}; break;
    case model::PartialMinuteRule::Dropped: v.counted = Seconds{s / 60 * 60}; break;
    case model::PartialMinuteRule::Exact: v.counted = own; break;
  }
  return v;
}

}  // namespace slaudit::audit
