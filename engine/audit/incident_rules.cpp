#include "engine/audit/incident_rules.h"

#include "engine/audit/money.h"

namespace slaudit::audit {

namespace {

using model::Comparator;

bool compare(Seconds a, Comparator op, Seconds b) {
  switch (op) {
    case Comparator::AtLeast: return a >= b;
    case Comparator::GreaterThan: return a > b;
    case Comparator::AtMost: return a <= b;
    case Comparator::LessThan: return a < b;
    case Comparator::Equal: return a == b;
    case Comparator::About: return a >= b;
  }
  return false;
}

// The incident's affected share of the service, exactly, or nullopt when the
// log does not say or a count cannot be related to the service's size.
std::optional<Weight> affected_share(const model::Service& service, const Incident& incident, std::string& why) {
  if (!incident.scope.affected) {
    why = "the log does not say how much was affected";
    return std::nullopt;
  }
  if (auto* share = std::get_if<AffectedShare>(&*incident.scope.affected))
    return Weight{share->share.coefficient(), share->share.denominator()};
  const auto& count = std::get<AffectedCount>(*incident.scope.affected);
  const auto& capacity = count.unit == CountUnit::Gpus ? service.gpus : service.nodes;
  if (!capacity) {
    why = "the service's " + std::string(count_unit_name(count.unit)) + " are not stated, so " +
          affected_text(*incident.scope.affected) + " cannot be made a share";
    return std::nullopt;
  }
  return Weight{std::min(count.count, *capacity), *capacity};
}

bool meets_threshold(const model::AffectedThreshold& t, const model::Service& service, const Incident& incident,
                     std::string& why) {
  if (t.unit == model::AffectedUnit::Share) {
    auto share = affected_share(service, incident, why);
    if (!share) return true;  // unknown: counted in full, and flagged
    const Weight threshold{t.share.coefficient(), t.share.denominator()};
    return t.cmp == Comparator::GreaterThan ? threshold < *share : !(*share < threshold);
  }
  // A count threshold: compare counts of the same unit, or a share times capacity.
  const CountUnit unit = t.unit == model::AffectedUnit::Gpus ? CountUnit::Gpus : CountUnit::Nodes;
  if (incident.scope.affected) {
    if (auto* count = std::get_if<AffectedCount>(&*incident.scope.affected); count && count->unit == unit)
      return t.cmp == Comparator::GreaterThan ? count->count > t.count : count->count >= t.count;
  }
  why = "the log gives no " + std::string(count_unit_name(unit)) + " count to compare with the threshold";
  return true;
}

std::optional<IncidentDecision> excluded(const model::AvailabilityClause& clause, const Incident& incident, bool explain) {
  const std::string_view cause = terms::keyword(incident.cause);
  if (auto it = clause.excluded_causes.find(cause); it != clause.excluded_causes.end())
    return IncidentDecision{IncidentDecision::Kind::ExcludedIncident, kWeightOne, 0,
                            explain ? "cause " + std::string(cause) + " is excluded" : "", it->second, {}};
  if (incident.fault)
    if (auto it = clause.excluded_faults.find(*incident.fault); it != clause.excluded_faults.end())
      return IncidentDecision{IncidentDecision::Kind::ExcludedIncident, kWeightOne, 0,
                              explain ? "fault class " + *incident.fault + " is excluded" : "", it->second, {}};
  if (incident.component)
    if (auto it = clause.excluded_components.find(*incident.component); it != clause.excluded_components.end())
      return IncidentDecision{IncidentDecision::Kind::ExcludedIncident, kWeightOne, 0,
                              explain ? "component " + *incident.component + " is excluded" : "", it->second, {}};
  return std::nullopt;
}

}  // namespace

std::string duration_text(Seconds s) {
  const int64_t v = s.count();
  // Days only from a week on: "72 h" reads as contracts write it, "3 d" does not.
  if (v % 86400 == 0 && v >= 7 * 86400) return std::to_string(v / 86400) + " d";
  if (v % 3600 == 0 && v >= 3600) return std::to_string(v / 3600) + " h";
  if (v % 60 == 0 && v >= 60) return std::to_string(v / 60) + " min";
  return std::to_string(v) + " s";
}

IncidentDecision decide_incident(const model::AvailabilityClause& clause, const model::Service& service,
                                 const Incident& incident, bool explain) {
  // `explain` only decides whether reasons are worded; every decision is the same without it.
  if (auto ex = excluded(clause, incident, explain)) return *ex;
  IncidentDecision d;
  if (incident.cause == Cause::Maintenance && !clause.maintenance.empty()) {
    std::string failed;
    for (size_t i = 0; i < clause.maintenance.size(); ++i) {
      const auto& rule = clause.maintenance[i];
      d.clause = rule.range;
      if (!rule.min_notice)
        return {IncidentDecision::Kind::Maintenance, kWeightOne, i, explain ? "scheduled maintenance is excluded" : "", rule.range, {}};
      if (!incident.notice) {
        if (explain) failed = "no notice is recorded; " + duration_text(*rule.min_notice) + " required";
        continue;
      }
      const Seconds given = incident.start - *incident.notice;
      if (compare(given, rule.notice_cmp, *rule.min_notice))
        return {IncidentDecision::Kind::Maintenance, kWeightOne, i,
                explain ? "maintenance with " + duration_text(given) + " notice is excluded" : "", rule.range, {}};
      if (explain)
        failed = "notice " + duration_text(given) + " is less than the " + duration_text(*rule.min_notice) + " required";
    }
    if (explain) d.flags.push_back("maintenance counted as downtime: " + failed);
  }
  std::string why;
  if (clause.measurement && clause.measurement->kind == model::MeasurementKind::AffectedThreshold) {
    if (!meets_threshold(clause.measurement->threshold, service, incident, why))
      return {IncidentDecision::Kind::BelowThreshold, kWeightOne, 0,
              explain ? "affected " + affected_text(*incident.scope.affected) + " is below the threshold" : "",
              clause.measurement->range, {}};
    if (explain && !why.empty()) d.flags.push_back(why + "; counted as a full outage");
  }
  if (clause.measurement && clause.measurement->kind == model::MeasurementKind::Weighted) {
    auto share = affected_share(service, incident, why);
    d.weight = share.value_or(kWeightOne);
    if (explain && !share) d.flags.push_back(why + "; weighted as a full outage");
  }
  d.kind = IncidentDecision::Kind::Down;
  if (explain) d.reason = d.flags.empty() ? "counted as downtime" : "counted as downtime (see flags)";
  if (d.clause.end == 0 && clause.measurement) d.clause = clause.measurement->range;
  // A group clause's downtime is what its down rule says ("when all instances down").
  if (d.clause.end == 0 && clause.group) d.clause = clause.group->down_range;
  return d;
}

}  // namespace slaudit::audit
