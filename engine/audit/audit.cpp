// run_audit: every availability clause over every period of the range, then
// every recovery clause, then totals. Incidents are bucketed by period once
// (O(n log p)), so each period sees only its own incidents.
#include "engine/audit/audit.h"

#include <algorithm>

#include "engine/audit/audit_period.h"
#include "engine/audit/claim_deadline.h"
#include "engine/audit/recovery.h"
#include "engine/time/time_zone.h"

namespace slaudit::audit {

namespace {

std::optional<PeriodScheme> scheme_of(const model::AvailabilityClause& clause, const model::Contract& contract,
                                      std::vector<std::string>& notes) {
  if (!clause.period) {
    notes.push_back("the clause states no statistical period: audited per calendar month");
    return PeriodScheme::calendar_month();
  }
  switch (clause.period->kind) {
    case model::PeriodKind::CalendarMonth: return PeriodScheme::calendar_month();
    case model::PeriodKind::CalendarQuarter: return PeriodScheme::calendar_quarter();
    case model::PeriodKind::CalendarYear: return PeriodScheme::calendar_year();
    case model::PeriodKind::BillingMonth: return PeriodScheme::billing_month(static_cast<unsigned>(clause.period->anchor_day));
    case model::PeriodKind::Rolling: {
      const LocalDate anchor = contract.effective_from ? from_civil(*contract.effective_from) : LocalDate(2000, 1, 1);
      return PeriodScheme::rolling_days(static_cast<unsigned>(clause.period->rolling_days), anchor);
    }
  }
  return std::nullopt;
}

Instant midnight(const TimeZone& zone, LocalDate day) {
  return zone.to_utc(LocalSeconds{to_local_days(day).time_since_epoch()});
}

// Incident indexes of one service, by start.
std::vector<size_t> service_incidents(const std::vector<Incident>& incidents, const std::string& service) {
  // Sorting (start, index) pairs keeps the sort in contiguous memory; the index keeps it stable.
  std::vector<std::pair<Instant, size_t>> keyed;
  size_t count = 0;
  for (const Incident& incident : incidents) count += incident.service == service;
  keyed.reserve(count);  // once: a growing vector would hold its old and new storage together
  for (size_t i = 0; i < incidents.size(); ++i)
    if (incidents[i].service == service) keyed.emplace_back(incidents[i].start, i);
  std::sort(keyed.begin(), keyed.end());
  std::vector<size_t> out;
  out.reserve(keyed.size());
  for (const auto& k : keyed) out.push_back(k.second);
  return out;
}

// Each period's incidents: those overlapping its audited part.
std::vector<std::vector<size_t>> bucket(const std::vector<Incident>& incidents, const std::vector<size_t>& indexes,
                                        const std::vector<std::pair<Instant, Instant>>& parts, Instant range_end) {
  std::vector<std::vector<size_t>> out(parts.size());
  for (size_t i : indexes) {
    const Instant start = incidents[i].start, end = incidents[i].end.value_or(range_end);
    // The first part that ends after the incident starts.
    auto it = std::upper_bound(parts.begin(), parts.end(), start,
                               [](Instant t, const std::pair<Instant, Instant>& p) { return t < p.second; });
    for (; it != parts.end() && it->first < end; ++it)
      if (end > it->first && start < it->second) out[static_cast<size_t>(it - parts.begin())].push_back(i);
  }
  return out;
}

// The seconds of the downtime run touching a period's start (or end).
Seconds edge_run(const ClassifiedPeriod& cp, bool at_end) {
  if (cp.runs.empty()) return Seconds{0};
  const auto& run = at_end ? cp.runs.back() : cp.runs.front();
  if (at_end ? !run.touches_end : !run.touches_start) return Seconds{0};
  return run.end - run.start;
}

using ServiceIndex = std::vector<std::vector<size_t>>;  // per service, incident indexes by start

ServiceIndex index_services(const AuditRequest& req) {
  ServiceIndex out;
  for (const auto& s : req.contract->services) out.push_back(service_incidents(req.incidents, s.name));
  return out;
}

void audit_clause(const AuditRequest& req, const TimeZone& zone, const model::AvailabilityClause& clause,
                  const ServiceIndex& by_service, AuditReport& report) {
  const auto& contract = *req.contract;
  const auto& service = contract.services[clause.service];
  std::vector<std::string> notes;
  if (clause.measurement && clause.measurement->kind == model::MeasurementKind::Probes) {
    report.notes.push_back("availability " + service.name + (clause.label.empty() ? "" : " \"" + clause.label + "\"") +
                           " is measured from probes: an incident log cannot audit it");
    return;
  }
  if (!clause.measurement) notes.push_back("the clause does not define unavailability: every counted incident is a full outage");
  if (!clause.excluded_time) notes.push_back("the clause does not say how excluded time counts: it counts as available");
  auto scheme = scheme_of(clause, contract, notes);
  if (!scheme) return;

  // The service is audited from its start (or the contract's), to the contract's end.
  LocalDate first = from_civil(req.range.first), last = from_civil(req.range.last);
  LocalDate active_first = contract.effective_from ? from_civil(*contract.effective_from) : first;
  if (service.starts) active_first = std::max(active_first, from_civil(*service.starts));
  const LocalDate active_last = contract.effective_until ? from_civil(*contract.effective_until) : last;
  first = std::max(first, active_first);
  last = std::min(last, active_last);
  if (last < first) return;
  const auto periods = periods_for_dates(*scheme, zone, first, last);
  if (periods.empty()) return;
  const Instant active_from = midnight(zone, active_first);
  const Instant active_to = midnight(zone, active_last + boost::gregorian::date_duration(1));
  const bool whole = clause.partial_period == model::PartialPeriodMode::Whole;

  std::vector<std::pair<Instant, Instant>> parts;
  for (const auto& p : periods)
    parts.push_back(whole ? std::make_pair(p.start, p.end)
                          : std::make_pair(std::max(p.start, active_from), std::min(p.end, active_to)));
  const Instant range_end = parts.back().second;
  const auto buckets = bucket(req.incidents, by_service[clause.service], parts, range_end);

  ClauseContext cx{&contract, &clause, &service, &req, &zone, &*scheme, &req.incidents, range_end};
  const auto classify_part = [&](size_t k) {
    ClassifiedPeriod cp = classify_period(cx, periods[k], parts[k].first, parts[k].second, buckets[k]);
    cp.notes = notes;
    if (cp.partial && !clause.partial_period)
      cp.notes.push_back("a partial period, and the clause does not say how to treat one: prorated");
    return cp;
  };
  // Each period is judged once its neighbours' edge runs are known, and then
  // freed: only two classified periods are alive at once, whatever the range.
  std::vector<std::pair<LocalDate, int64_t>> earlier;
  ClassifiedPeriod current = classify_part(0);
  Seconds previous_end_run{0};
  Instant previous_to{};
  for (size_t k = 0; k < periods.size(); ++k) {
    std::optional<ClassifiedPeriod> next;
    if (k + 1 < periods.size()) next = classify_part(k + 1);
    // A run continues across a boundary only when the parts are adjacent.
    const bool joined_before = k > 0 && previous_to == current.from;
    const bool joined_after = next && current.to == next->from;
    const Seconds before = joined_before ? previous_end_run : Seconds{0};
    const Seconds after = joined_after ? edge_run(*next, false) : Seconds{0};
    previous_end_run = edge_run(current, true);
    previous_to = current.to;
    const LocalDate period_last = current.period.last_day;
    PeriodAudit audited = judge_period(cx, std::move(current), before, after, earlier);
    // Counted as whole, a period the service only partly covered is still reported as partial.
    if (whole && (periods[k].start < active_from || periods[k].end > active_to)) audited.partial = true;
    if (audited.partial) audited.partial_rule = whole ? "whole" : clause.partial_period == model::PartialPeriodMode::Split ? "split" : "prorated";
    // Caps count the capped credits only: the hour rule's credit is outside them.
    earlier.emplace_back(period_last, audited.owed_minor - audited.hour_rule_minor);
    report.periods.push_back(std::move(audited));
    if (next) current = std::move(*next);
  }
}

void audit_recovery_clauses(const AuditRequest& req, const TimeZone& zone, const ServiceIndex& by_service,
                            AuditReport& report) {
  const auto& contract = *req.contract;
  const Instant range_from = midnight(zone, from_civil(req.range.first));
  const Instant range_to = midnight(zone, from_civil(req.range.last) + boost::gregorian::date_duration(1));
  for (const auto& clause : contract.recovery) {
    const auto& service = contract.services[clause.service];
    std::vector<const Incident*> incidents;
    for (size_t i : by_service[clause.service]) {
      const auto& inc = req.incidents[i];
      if (inc.start >= range_from && inc.start < range_to) incidents.push_back(&inc);
    }
    std::vector<std::string> covered;
    for (const auto& other : contract.recovery)
      if (other.service == clause.service) covered.insert(covered.end(), other.faults.begin(), other.faults.end());
    RecoveryInputs in{&clause, &incidents, covered, range_to, &zone, service.fee ? service.fee->minor : 0,
                      model::RoundingMode::HalfUp, req.record_findings};
    if (service.fee && service.fee_basis == model::FeeBasis::PerHour)
      in.monthly_fee_minor = service.fee->minor * 730;  // the common 730-hour month
    RecoveryAudit audited = audit_recovery(in);
    audited.service = service.name;
    report.recovery.push_back(std::move(audited));
  }
  if (!contract.recovery.empty())
    report.notes.push_back("recovery credits and caps are computed over the whole audited range");
}

}  // namespace

AuditResult run_audit(const AuditRequest& req) {
  AuditResult result;
  const auto& contract = *req.contract;
  if (!contract.timezone) result.errors.push_back({"the contract states no time zone: periods cannot be cut", contract.range});
  if (!contract.currency) result.errors.push_back({"the contract states no currency: credits cannot be priced", contract.range});
  if (!result.errors.empty()) return result;
  const auto zone = TimeZone::find(*contract.timezone);
  if (!zone) {
    result.errors.push_back({"unknown time zone " + *contract.timezone, contract.range});
    return result;
  }
  AuditReport report;
  report.engine_version = SLAUDIT_VERSION;
  report.tzdata_version = std::string(TimeZone::tzdata_version());
  report.contract_title = contract.title;
  report.timezone = *contract.timezone;
  report.currency = *contract.currency;
  report.range = req.range.label;
  const ServiceIndex by_service = index_services(req);
  for (const auto& clause : contract.availability) audit_clause(req, *zone, clause, by_service, report);
  audit_recovery_clauses(req, *zone, by_service, report);

  for (const auto& s : contract.services) report.totals.push_back({s.name, 0});
  for (const auto& p : report.periods) {
    for (auto& t : report.totals)
      if (t.service == p.service) t.owed_minor += p.owed_minor;
    if (!p.met) report.breached = true;
  }
  for (const auto& r : report.recovery) {
    for (auto& t : report.totals)
      if (t.service == r.service) t.owed_minor += r.owed_minor;
    if (r.breaches > 0) report.breached = true;
  }
  for (const auto& t : report.totals) report.total_owed_minor += t.owed_minor;
  result.report = std::move(report);
  return result;
}

}  // namespace slaudit::audit
