// Step one of a period's audit: decide each incident, build the exclusion
// windows, and classify every second of the audited part.
#include <algorithm>

#include "engine/audit/audit_period.h"
#include "engine/audit/exclusion_windows.h"
#include "engine/audit/incident_rules.h"

namespace slaudit::audit {

ClassifiedPeriod classify_period(const ClauseContext& cx, const Period& period, Instant from, Instant to,
                                 const std::vector<size_t>& incident_indexes, std::vector<TimelineInterval> extra) {
  const auto& clause = *cx.clause;
  const bool weighted = clause.measurement && clause.measurement->kind == model::MeasurementKind::Weighted;
  ClassifiedPeriod out;
  out.period = period;
  out.from = from;
  out.to = to;
  out.partial = from != period.start || to != period.end;

  std::vector<TimelineInterval> intervals = recurring_windows(clause.windows, *cx.zone, from, to);
  intervals.insert(intervals.end(), extra.begin(), extra.end());
  std::vector<std::vector<MaintenanceCandidate>> maintenance(clause.maintenance.size());
  std::vector<Weight> weight_of(incident_indexes.size(), kWeightOne);
  NameTable reasons;  // most incidents of a period are worded alike: one text each
  if (cx.request->record_findings) out.findings.reserve(incident_indexes.size());
  out.owners.reserve(incident_indexes.size());
  for (size_t k = 0; k < incident_indexes.size(); ++k) {
    const size_t index = incident_indexes[k];
    const Incident& incident = (*cx.incidents)[index];
    const Instant end = incident.end.value_or(cx.range_end);  // open: runs to the end of the audited range
    const bool explain = cx.request->record_findings;
    IncidentDecision d = decide_incident(clause, *cx.service, incident, explain);
    if (cx.incidents_exclude_only && d.kind == IncidentDecision::Kind::Down) {
      d.kind = IncidentDecision::Kind::BelowThreshold;
      d.reason = "the clause measures downtime from probes: an incident only excludes time";
    }
    IncidentFinding f;
    if (explain) {
      f.id = incident.id;
      f.line = incident.line;
      f.fault = incident.fault;
      f.cause = terms::keyword(incident.cause);
      f.start = std::max(incident.start, from);
      f.end = std::min(end, to);
      f.open = incident.is_open();
      f.reason = reasons.get(d.reason);
      f.clause = d.clause;
      f.flags = std::move(d.flags);
      if (f.open) f.flags.push_back("open incident (no end in the log): runs to the end of the audited range");
    }
    switch (d.kind) {
      case IncidentDecision::Kind::Down:
        intervals.push_back({incident.start, end, IntervalKind::Down, d.weight, k});
        weight_of[k] = d.weight;
        if (weighted) f.weight = d.weight;
        break;
      case IncidentDecision::Kind::ExcludedIncident:
        f.role = IncidentRole::Excluded;
        intervals.push_back({incident.start, end, IntervalKind::ExcludedIncident, Weight{0, 1}, k});
        break;
      case IncidentDecision::Kind::Maintenance:
        f.role = IncidentRole::Excluded;
        maintenance[d.maintenance_rule].push_back({k, incident.start, end});
        break;
      case IncidentDecision::Kind::BelowThreshold:
        f.role = IncidentRole::BelowThreshold;
        break;
    }
    out.owners.push_back(index);
    if (cx.request->record_findings) out.findings.push_back(std::move(f));
  }
  for (size_t r = 0; r < maintenance.size(); ++r) {
    auto capped = apply_maintenance_cap(maintenance[r], clause.maintenance[r].cap_per_period, from, to);
    intervals.insert(intervals.end(), capped.windows.begin(), capped.windows.end());
    for (auto& over : capped.over_cap) {
      if (!out.findings.empty())
        out.findings[over.owner].flags.push_back("over the cap of " + duration_text(*clause.maintenance[r].cap_per_period) +
                                                 " of maintenance per period: the part past the cap is downtime");
      over.weight = weight_of[over.owner];
      if (!out.findings.empty() && weighted) out.findings[over.owner].weight = over.weight;  // full: docs/audit.md
      intervals.push_back(over);
    }
  }
  out.timeline = classify(from, to, std::move(intervals));
  out.runs = downtime_runs(out.timeline, from, to);
  // Seconds per incident, by the attribution of each segment.
  for (const auto& s : out.timeline.segments) {
    if (s.owner == SIZE_MAX || out.findings.empty()) continue;
    auto& f = out.findings[s.owner];
    if (s.state == TimeState::Down) f.down += s.end - s.start;
    else if (s.state == TimeState::Excluded) f.excluded += s.end - s.start;
  }
  return out;
}

}  // namespace slaudit::audit
