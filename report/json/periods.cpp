// One audited period as JSON ($defs/period in docs/audit-report.schema.json).
#include "engine/figures/figures.h"
#include "report/json/sections.h"
#include "report/json/values.h"
#include "report/common/names.h"

namespace slaudit::report {

namespace {

nlohmann::json tier_json(const std::optional<model::CreditTier>& tier, const SourceFile& contract) {
  if (!tier) return nullptr;
  return {{"below", percent_json(tier->below)},
          {"at_least", percent_json(tier->at_least)},
          {"credit", percent_json(tier->credit)},
          {"clause", clause_json(contract, tier->range)}};
}

nlohmann::json claim_json(const audit::ClaimStatus& claim, const SourceFile& contract) {
  return {{"state", audit::claim_state_name(claim.state)},
          {"deadline", date_json(claim.deadline)},
          {"earliest", date_json(claim.earliest)},
          {"claimed", date_json(claim.claimed)},
          {"clause", clause_json(contract, claim.clause)},
          {"reason", claim.reason}};
}

nlohmann::json incident_json(const audit::IncidentFinding& finding, const SourceFile& contract) {
  return {{"id", finding.id},
          {"line", finding.line},
          {"role", audit::incident_role_name(finding.role)},
          {"reason", finding.reason},
          {"clause", clause_json(contract, finding.clause)},
          {"start", instant_json(finding.start)},
          {"end", instant_json(finding.end)},
          {"down_seconds", finding.down.count()},
          {"excluded_seconds", finding.excluded.count()},
          {"open", finding.open},
          {"flags", strings_json(finding.flags)}};
}

nlohmann::json timeline_json(const std::vector<audit::TimelineSegment>& timeline) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::TimelineSegment& segment : timeline)
    out.push_back({{"start", instant_json(segment.start)},
                   {"end", instant_json(segment.end)},
                   {"state", std::string(time_state_word(segment.state))},
                   {"incidents", strings_json(segment.incidents)}});
  return out;
}

nlohmann::json availability_fields(const audit::PeriodAudit& period) {
  if (!period.availability) return {{"availability", nullptr}, {"availability_percent", nullptr}};
  return {{"availability", rational_json(*period.availability)},
          {"availability_percent", percent_text(*period.availability)}};
}

nlohmann::json money_fields(const audit::PeriodAudit& period, const model::Currency& currency) {
  return {{"fee", money_json(period.fee_minor, currency)},
          {"credit", money_json(period.credit_minor, currency)},
          {"cap", period.cap_minor < 0 ? nlohmann::json(nullptr) : money_json(period.cap_minor, currency)},
          {"owed", money_json(period.owed_minor, currency)},
          {"free_hours", period.free_hours},
          {"hour_rule_credit", money_json(period.hour_rule_minor, currency)}};
}

}  // namespace

nlohmann::json period_json(const audit::PeriodAudit& period, const model::Currency& currency,
                           const SourceFile& contract) {
  nlohmann::json out = {{"service", period.service},
                        {"clause_label", period.clause_label},
                        {"clause", clause_json(contract, period.clause)},
                        {"period", period.period},
                        {"start", instant_json(period.start)},
                        {"end", instant_json(period.end)},
                        {"partial", period.partial},
                        {"partial_rule", period.partial_rule},
                        {"length_seconds", period.length.count()},
                        {"excluded_seconds", period.excluded.count()},
                        {"down_raw_seconds", period.down_raw.count()},
                        {"down_seconds", rational_json(period.down)},
                        {"eligible_seconds", rational_json(period.eligible)},
                        {"target", percent_json(period.target)},
                        {"met", period.met},
                        {"verdict", audit::verdict_name(period.verdict())},
                        {"evidence_gaps", strings_json(period.evidence_gaps)},
                        {"tier", tier_json(period.tier, contract)},
                        {"claim", claim_json(period.claim, contract)},
                        {"timeline", timeline_json(period.timeline)},
                        {"explain", explanations_json(contract, period.explain)},
                        {"notes", strings_json(period.notes)}};
  out.update(availability_fields(period));
  out.update(money_fields(period, currency));
  nlohmann::json incidents = nlohmann::json::array();
  for (const audit::IncidentFinding& finding : period.incidents) incidents.push_back(incident_json(finding, contract));
  out["incidents"] = std::move(incidents);
  if (period.probe) out["probe"] = probe_json(*period.probe, currency);
  return out;
}

}  // namespace slaudit::report
