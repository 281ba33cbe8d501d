#include "engine/audit/composite.h"

#include <algorithm>
#include <map>
#include <optional>

namespace slaudit::audit {

namespace {

using Kind = model::CompositeComponent::Kind;

// A component's states over one period: its timeline, and the part it covers.
struct ComponentTimeline {
  Instant start, end;
  std::vector<TimelineSegment> segments;  // tile [start, end)
  std::vector<std::string> gaps;
  // A component's period without usable evidence (not assessed): its
  // timeline shows no downtime because nothing was known, not because it was up.
  std::vector<std::string> unassessed;
};

class CompositeAuditor {
 public:
  CompositeAuditor(const model::Contract& contract, const std::vector<PeriodAudit>& periods)
      : contract_(contract), periods_(periods) {}

  CompositeAudit audit(size_t k) {
    const model::CompositeClause& c = contract_.composites[k];
    CompositeAudit out{c.name, c.label, c.range, c.shape, {}, c.target, c.promise, true, {}, {}};
    for (const auto& part : c.components) out.components.push_back(part.name);
    for (const std::string& label : period_labels(k)) {
      std::string why;
      const std::optional<ComponentTimeline> t = timeline_of(k, label, why);
      if (!t) {
        out.assessed = false;
        out.not_assessed_reason = why;
        out.periods.clear();
        return out;
      }
      out.periods.push_back(judged(c, label, *t));
    }
    return out;
  }

 private:
  // The periods of the composite's first clause, in order: every component's
  // clause has the same period rule (the checker says so).
  std::vector<std::string> period_labels(size_t k) const {
    const model::CompositeComponent* first = &contract_.composites[k].components.front();
    while (first->kind == Kind::Composite) first = &contract_.composites[first->index].components.front();
    std::vector<std::string> out;
    for (const PeriodAudit& p : periods_)
      if (p.clause == contract_.availability[first->index].range) out.push_back(p.period);
    return out;
  }

  std::optional<ComponentTimeline> clause_timeline(const model::CompositeComponent& part, const std::string& label,
                                                   std::string& why) const {
    const SourceRange clause = contract_.availability[part.index].range;
    for (const PeriodAudit& p : periods_) {
      if (p.clause != clause || p.period != label) continue;
      if (p.probe || p.statement || (p.timeline.empty() && p.start < p.end)) {
        why = "'" + part.name + "' is not measured from an incident log, so when it was down is not known second by second";
        return std::nullopt;
      }
      ComponentTimeline t{p.start, p.end, p.timeline, {}, {}};
      for (const std::string& gap : p.evidence_gaps) t.gaps.push_back(part.name + ": " + gap);
      if (!p.availability) t.unassessed.push_back(part.name + ": " + label + " not assessed");
      return t;
    }
    why = "'" + part.name + "' has no period " + label + " in the audited range";
    return std::nullopt;
  }

  std::optional<ComponentTimeline> timeline_of(size_t k, const std::string& label, std::string& why) {
    const model::CompositeClause& c = contract_.composites[k];
    std::vector<ComponentTimeline> parts;
    for (const model::CompositeComponent& part : c.components) {
      std::optional<ComponentTimeline> t =
          part.kind == Kind::Clause ? clause_timeline(part, label, why) : timeline_of(part.index, label, why);
      if (!t) return std::nullopt;
      parts.push_back(std::move(*t));
    }
    return combined(c.shape, parts);
  }

  // The state of one component at `at`, inside [start, end).
  static TimeState state_at(const ComponentTimeline& t, Instant at) {
    const auto after = std::upper_bound(t.segments.begin(), t.segments.end(), at,
                                        [](Instant x, const TimelineSegment& s) { return x < s.start; });
    return after == t.segments.begin() ? TimeState::Up : std::prev(after)->state;
  }

  // Series: down when any is down, else excluded when any is, else up.
  // Parallel: up when any is up, else excluded when any is, else down.
  static TimeState combine(terms::CompositeShape shape, const std::vector<TimeState>& states) {
    const auto any = [&](TimeState s) { return std::find(states.begin(), states.end(), s) != states.end(); };
    if (shape == terms::CompositeShape::Series)
      return any(TimeState::Down) ? TimeState::Down : any(TimeState::Excluded) ? TimeState::Excluded : TimeState::Up;
    return any(TimeState::Up) ? TimeState::Up : any(TimeState::Excluded) ? TimeState::Excluded : TimeState::Down;
  }

  // Over the part every component covers, cut at every component's boundary.
  static ComponentTimeline combined(terms::CompositeShape shape, const std::vector<ComponentTimeline>& parts) {
    ComponentTimeline out;
    out.start = parts.front().start;
    out.end = parts.front().end;
    std::vector<Instant> cuts;
    for (const ComponentTimeline& t : parts) {
      out.start = std::max(out.start, t.start);
      out.end = std::min(out.end, t.end);
      for (const TimelineSegment& s : t.segments) cuts.push_back(s.start);
      out.gaps.insert(out.gaps.end(), t.gaps.begin(), t.gaps.end());
      out.unassessed.insert(out.unassessed.end(), t.unassessed.begin(), t.unassessed.end());
    }
    if (out.end <= out.start) {
      out.end = out.start;
      return out;
    }
    cuts.push_back(out.start);
    cuts.push_back(out.end);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::vector<TimeState> states(parts.size());
    for (size_t k = 0; k + 1 < cuts.size(); ++k) {
      if (cuts[k] < out.start || cuts[k + 1] > out.end) continue;
      for (size_t p = 0; p < parts.size(); ++p) states[p] = state_at(parts[p], cuts[k]);
      const TimeState s = combine(shape, states);
      if (!out.segments.empty() && out.segments.back().state == s) out.segments.back().end = cuts[k + 1];
      else out.segments.push_back({cuts[k], cuts[k + 1], s});
    }
    return out;
  }

  static CompositePeriod judged(const model::CompositeClause& c, const std::string& label, const ComponentTimeline& t) {
    CompositePeriod p;
    p.period = label;
    p.start = t.start;
    p.end = t.end;
    p.length = std::chrono::duration_cast<Seconds>(t.end - t.start);
    for (const TimelineSegment& s : t.segments) {
      const Seconds d = std::chrono::duration_cast<Seconds>(s.end - s.start);
      if (s.state == TimeState::Down) p.down += d;
      if (s.state == TimeState::Excluded) p.excluded += d;
    }
    p.evidence_gaps = t.gaps;
    p.evidence_gaps.insert(p.evidence_gaps.end(), t.unassessed.begin(), t.unassessed.end());
    const Seconds eligible = p.length - p.excluded;
    if (eligible.count() > 0 && t.unassessed.empty())
      p.availability = Rational((eligible - p.down).count(), eligible.count());
    if (c.target)
      p.verdict = !p.availability ? Verdict::NotAssessed
                  : *p.availability >= Rational(c.target->value.coefficient(), c.target->value.denominator() * 100)
                      ? Verdict::Met
                      : Verdict::Breached;
    return p;
  }

  const model::Contract& contract_;
  const std::vector<PeriodAudit>& periods_;
};

}  // namespace

std::vector<CompositeAudit> audit_composites(const model::Contract& contract, const std::vector<PeriodAudit>& periods) {
  std::vector<CompositeAudit> out;
  CompositeAuditor auditor(contract, periods);
  for (size_t k = 0; k < contract.composites.size(); ++k) out.push_back(auditor.audit(k));
  return out;
}

bool is_composite_component(const model::Contract& contract, const model::AvailabilityClause& clause) {
  for (const model::CompositeClause& c : contract.composites)
    for (const model::CompositeComponent& part : c.components)
      if (part.kind == Kind::Clause && &contract.availability[part.index] == &clause) return true;
  return false;
}

}  // namespace slaudit::audit
