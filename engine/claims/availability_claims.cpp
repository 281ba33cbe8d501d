// Availability claims ("SLA 99.9%") against the incident log, through the
// audit engine: the service's own availability clause defines what counts as
// down and what is excluded; the claim's period (or, when it states none, each
// calendar month and the whole range) replaces the clause's period. A service
// with no availability clause is read with the audit's defaults: every
// incident of the service a full outage, nothing excluded.
#include "engine/claims/compare.h"
#include "engine/claims/readings.h"
#include "engine/figures/figures.h"

namespace slaudit::claims {

namespace {

std::string period_name(const model::PeriodRule& rule) {
  switch (rule.kind) {
    case model::PeriodKind::CalendarMonth: return "calendar month";
    case model::PeriodKind::CalendarQuarter: return "calendar quarter";
    case model::PeriodKind::CalendarYear: return "calendar year";
    case model::PeriodKind::CalendarWeek: return "calendar week";
    case model::PeriodKind::BillingMonth: return "billing month from day " + std::to_string(rule.anchor_day);
    case model::PeriodKind::Rolling: return "rolling " + std::to_string(rule.rolling_days) + " days";
  }
  return "period";
}

// The service's availability clause, reduced to what defines availability, over `period`.
model::AvailabilityClause clause_for(const model::Contract& contract, size_t service, const model::PeriodRule& period,
                                     std::string& how) {
  model::AvailabilityClause clause;
  clause.service = service;
  how = "no availability clause for " + contract.services[service].name +
        ": every incident of the service counted as a full outage, nothing excluded";
  for (const auto& c : contract.availability) {
    if (c.service != service) continue;
    if (c.measurement && c.measurement->kind == model::MeasurementKind::Probes) continue;  // not from incidents
    clause = c;
    how = "downtime and exclusions as the availability clause of " + contract.services[service].name + " defines them";
    break;
  }
  clause.period = period;
  clause.credit.reset();  // the claim is about availability, not money
  clause.caps.clear();
  clause.claim.reset();
  clause.hour_rule_more_than.reset();
  return clause;
}

struct ServiceAudit {
  std::vector<audit::PeriodAudit> periods;
  std::string how;
  std::string error;
};

ServiceAudit audit_service(const Evidence& ev, size_t service, const model::PeriodRule& period) {
  ServiceAudit out;
  model::Contract contract = *ev.contract;
  contract.availability = {clause_for(*ev.contract, service, period, out.how)};
  contract.recovery.clear();
  if (!contract.timezone) contract.timezone = "UTC";
  if (!contract.currency) contract.currency = model::Currency{"XXX", 2};
  audit::AuditRequest request;
  request.contract = &contract;
  request.contract_source = ev.source;
  for (const Incident& i : *ev.incidents)
    if (i.service == contract.services[service].name) request.incidents.push_back(i);
  request.range = *ev.range;
  request.record_findings = false;
  request.record_timeline = false;
  audit::AuditResult result = audit::run_audit(request);
  if (!result.report) {
    out.error = result.errors.empty() ? "the audit failed" : result.errors.front().message;
    return out;
  }
  for (auto& p : result.report->periods)
    if (p.availability) out.periods.push_back(std::move(p));
  return out;
}

Rational as_percent(const Rational& share) { return share * 100; }

std::string shown(const Rational& share) { return percent_text(share); }

Reading per_period(const std::string& name, const std::vector<audit::PeriodAudit>& periods,
                   const model::ClaimPredicate& claim) {
  const Rational claimed = to_rational(claim.value.value);
  std::string list, failing;
  size_t failed = 0;
  for (const auto& p : periods) {
    const bool ok = holds(claim.cmp, as_percent(*p.availability), claimed);
    const std::string item = p.period + " " + shown(*p.availability);
    list += (list.empty() ? "" : ", ") + item;
    if (!ok) {
      ++failed;
      failing += (failing.empty() ? "" : ", ") + item;
    }
  }
  const std::string count = std::to_string(periods.size()) + " period" + (periods.size() == 1 ? "" : "s");
  if (failed == 0)
    return {name, Verdict::Verified, "every one of " + count + " " + claimed_text(claim) + ": " + list, ""};
  return {name, Verdict::Refuted,
          std::to_string(failed) + " of " + count + " not " + claimed_text(claim) + ": " + failing +
              (failed == periods.size() ? "" : " (all: " + list + ")"),
          ""};
}

Reading whole_range(const std::string& name, const std::vector<audit::PeriodAudit>& periods,
                    const model::ClaimPredicate& claim, const std::string& range) {
  Rational eligible = 0, down = 0;
  for (const auto& p : periods) {
    eligible += p.eligible;
    down += p.down;
  }
  const Rational share = (eligible - down) / eligible;
  const bool ok = holds(claim.cmp, as_percent(share), to_rational(claim.value.value));
  return {name, ok ? Verdict::Verified : Verdict::Refuted,
          shown(share) + " over " + range + " (" + minutes_text(down) + " min down of " +
              minutes_text(eligible) + " min eligible)" + (ok ? "" : ", not " + claimed_text(claim)),
          ""};
}

}  // namespace

Judged availability_readings(const model::ClaimPredicate& claim, const Evidence& ev) {
  Judged out;
  if (!ev.incidents || !ev.range) {
    out.needs = "an incident log covering the claimed periods";
    return out;
  }
  std::vector<size_t> services;
  if (claim.service) services.push_back(*claim.service);
  else
    for (size_t s = 0; s < ev.contract->services.size(); ++s) services.push_back(s);
  if (services.empty()) {
    out.needs = "a service in the contract whose incidents the claim is about";
    return out;
  }
  if (claim.cmp == model::Comparator::About) out.notes.push_back(std::string("about: ") + kAboutRule);
  const bool several = services.size() > 1;
  for (size_t s : services) {
    const std::string prefix = several ? ev.contract->services[s].name + ", " : "";
    const model::PeriodRule period = claim.period.value_or(model::PeriodRule{});  // calendar month by default
    ServiceAudit audited = audit_service(ev, s, period);
    if (!audited.error.empty()) {
      out.needs = "a contract the audit can run: " + audited.error;
      out.readings.clear();
      return out;
    }
    out.notes.push_back(audited.how);
    if (audited.periods.empty()) {
      out.readings.push_back({prefix + "per " + period_name(period), Verdict::Unverifiable,
                              "no period of " + ev.contract->services[s].name + " in " + ev.range->label,
                              "incidents and a range of days within the service's active days"});
      continue;
    }
    out.readings.push_back(per_period(prefix + "per " + period_name(period), audited.periods, claim));
    if (!claim.period) out.readings.push_back(whole_range(prefix + "whole range", audited.periods, claim, ev.range->label));
  }
  return out;
}

}  // namespace slaudit::claims
