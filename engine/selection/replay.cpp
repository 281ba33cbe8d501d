// The what-if replay: the history's cost to the job, then the history through
// each contract's own audit, then the remedy beside the cost.
#include "engine/selection/replay.h"

#include <algorithm>
#include <map>

#include "base/time/civil_time.h"
#include "base/time/time_zone.h"
#include "engine/claims/compare.h"
#include "engine/figures/figures.h"

namespace slaudit::selection {

namespace {

constexpr int64_t kHoursPerMonth = 730;  // the audit's month for an hourly fee (docs/audit.md, section 18)

model::CivilDate local_day(Instant at, const TimeZone& zone) {
  const CivilTime t = to_civil_time(zone.to_local(at));
  return {static_cast<int>(t.year), static_cast<int>(t.month), static_cast<int>(t.day)};
}

// The instant the job is running again after `incident`: recovered, else resolved, else the window's end.
Instant back_at(const Incident& incident, Instant window_end) {
  if (incident.recovered) return *incident.recovered;
  return incident.end.value_or(window_end);
}

// The union of [start, back) of every interruption not caused by the customer, clipped to the window.
Seconds interrupted_time(const ReplayInput& replay) {
  std::vector<std::pair<Instant, Instant>> spans;
  for (const Incident& i : *replay.incidents) {
    if (i.cause == Cause::Customer) continue;
    const Instant start = std::max(i.start, replay.from);
    const Instant stop = std::min(back_at(i, replay.to), replay.to);
    if (stop > start) spans.emplace_back(start, stop);
  }
  std::sort(spans.begin(), spans.end());
  Seconds total{0};
  Instant covered_to = Instant::min();
  for (const auto& [start, stop] : spans) {
    const Instant from = std::max(start, covered_to);
    if (stop > from) total += stop - from;
    covered_to = std::max(covered_to, stop);
  }
  return total;
}

std::vector<std::pair<std::string, size_t>> fault_counts(const std::vector<Incident>& incidents) {
  std::map<std::string, size_t> counts;
  for (const Incident& i : incidents)
    if (i.cause != Cause::Maintenance) ++counts[i.fault.value_or("unclassified")];
  std::vector<std::pair<std::string, size_t>> out(counts.begin(), counts.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

// ---------------------------------------------------------------- the audit

audit::AuditRequest audit_request(const VendorInput& vendor, const ReplayInput& replay, const audit::AuditRange& range) {
  audit::AuditRequest request;
  request.contract = vendor.contract;
  request.contract_source = vendor.source;
  const SharedName service(vendor.contract->services[vendor.service].name);
  request.incidents.reserve(replay.incidents->size());
  for (const Incident& i : *replay.incidents) {
    request.incidents.push_back(i);
    request.incidents.back().service = service;  // the history is the compared service's, whatever the log called it
  }
  request.range = range;
  request.record_findings = false;  // the figures are the same; the comparison shows none of the detail
  request.record_timeline = false;
  return request;
}

std::string audit_error_text(const VendorInput& vendor, const audit::AuditError& error) {
  std::string where = vendor.source ? vendor.source->name() : std::string("the contract");
  if (vendor.source && error.clause.end > error.clause.begin)
    where += ":" + std::to_string(vendor.source->location(error.clause.begin).line);
  return where + ": " + error.message;
}

// The compared service's periods and recovery clauses; the fees of its first clause's periods.
void collect_figures(const VendorInput& vendor, ReplayOutcome& out) {
  const audit::AuditReport& report = *out.audit;
  std::optional<SourceRange> fee_clause;
  size_t clauses = 0;
  for (const model::AvailabilityClause& clause : vendor.contract->availability) {
    if (clause.service != vendor.service) continue;
    const bool audited = std::any_of(report.periods.begin(), report.periods.end(),
                                     [&](const audit::PeriodAudit& p) { return p.clause == clause.range; });
    if (!audited) continue;
    ++clauses;
    if (!fee_clause) fee_clause = clause.range;
  }
  if (clauses > 1)
    out.notes.push_back(std::to_string(clauses) + " availability clauses of " + out.service +
                        ": their credits add up; the fees are counted once, from the first clause's periods");
  for (size_t k = 0; k < report.periods.size(); ++k) {
    const audit::PeriodAudit& p = report.periods[k];
    if (p.service != out.service) continue;
    out.periods.push_back(k);
    out.availability_owed_minor += p.owed_minor + p.hour_rule_minor;
    out.periods_missed += p.verdict() == audit::Verdict::Breached;
    out.periods_not_assessed += p.verdict() == audit::Verdict::NotAssessed;
    if (fee_clause && p.clause == *fee_clause) out.fees_minor += p.fee_minor;
  }
  for (size_t k = 0; k < report.recovery.size(); ++k) {
    const audit::RecoveryAudit& r = report.recovery[k];
    if (r.service != out.service) continue;
    out.recovery.push_back(k);
    out.recovery_owed_minor += r.owed_minor;
    out.breaches += r.breaches;
    out.covered += r.covered;
  }
  out.credits_minor = out.availability_owed_minor + out.recovery_owed_minor;
}

// Unexpected faults (neither maintenance nor the customer's) of a class no recovery clause of the service covers.
size_t uncovered_faults(const VendorInput& vendor, const ReplayInput& replay) {
  std::vector<std::string> covered;
  for (const model::RecoveryClause& clause : vendor.contract->recovery)
    if (clause.service == vendor.service) covered.insert(covered.end(), clause.faults.begin(), clause.faults.end());
  size_t count = 0;
  for (const Incident& i : *replay.incidents) {
    if (i.cause == Cause::Maintenance || i.cause == Cause::Customer) continue;
    const std::string fault = i.fault.value_or("unclassified");
    count += std::find(covered.begin(), covered.end(), fault) == covered.end();
  }
  return count;
}

// ---------------------------------------------------------------- the price of lost time

// The contract's own price of one GPU-hour: its fee over its GPUs.
void price(const VendorInput& vendor, const HistorySummary& history, ReplayOutcome& out) {
  const model::Service& service = vendor.contract->services[vendor.service];
  const model::Currency currency = vendor.contract->currency.value_or(model::Currency{});
  if (!service.fee) {
    out.price_basis = "the service states no fee: lost time cannot be priced";
    return;
  }
  if (!service.gpus) {
    out.price_basis = "the service states no capacity in gpus: lost time cannot be priced per GPU-hour";
    return;
  }
  const std::string fee = price_with_code(service.fee->minor, currency);
  const std::string gpus = claims::grouped(*service.gpus) + " gpus";
  if (service.fee_basis == model::FeeBasis::PerHour) {
    out.price_per_gpu_hour_minor = service.fee->minor / *service.gpus;
    out.price_basis = "fee " + fee + " per hour / " + gpus;
  } else {
    out.price_per_gpu_hour_minor = service.fee->minor / (*service.gpus * kHoursPerMonth);
    out.price_basis = "fee " + fee + " per month / (" + gpus + " × 730 h)";
  }
  out.lost_cost_minor = history.gpu_hours_lost * *out.price_per_gpu_hour_minor;
  if (history.job_gpus > *service.gpus)
    out.notes.push_back("the job's " + claims::grouped(history.job_gpus) + " GPUs are more than the service's " + gpus +
                        ": the lost time is priced at the contract's rate all the same");
}

void shares(ReplayOutcome& out) {
  if (out.fees_minor > 0) {
    out.credit_share = Rational(out.credits_minor) / out.fees_minor;
    if (out.lost_cost_minor) out.lost_share = *out.lost_cost_minor / out.fees_minor;
  } else {
    out.notes.push_back("no fee over the audited periods: credits cannot be a share of fees");
  }
  if (out.lost_cost_minor && *out.lost_cost_minor > 0) out.remedy_ratio = Rational(out.credits_minor) / *out.lost_cost_minor;
}

}  // namespace

HistorySummary summarize_history(const ReplayInput& replay) {
  HistorySummary h;
  h.source = replay.source;
  h.generated = replay.generated;
  h.from = replay.from;
  h.to = replay.to;
  h.job_gpus = replay.job_gpus;
  h.incidents = replay.incidents->size();
  for (const Incident& i : *replay.incidents) {
    h.customer += i.cause == Cause::Customer;
    h.maintenance += i.cause == Cause::Maintenance;
    h.open += i.is_open();
  }
  h.faults = fault_counts(*replay.incidents);
  h.interrupted = interrupted_time(replay);
  h.gpu_hours_lost = Rational(h.interrupted.count()) * replay.job_gpus / 3600;
  h.range = replay.range ? replay.range->label + ", in each contract's time zone"
                         : "the days of the window in each contract's time zone";
  return h;
}

std::optional<audit::AuditRange> replay_range(const ReplayInput& replay, const model::Contract& contract) {
  if (replay.range) return replay.range;
  const auto zone = contract.timezone ? TimeZone::find(*contract.timezone) : std::nullopt;
  if (!zone) return std::nullopt;
  const model::CivilDate first = local_day(replay.from, *zone);
  const model::CivilDate last = local_day(std::max(replay.from, replay.to - Seconds{1}), *zone);
  return audit::AuditRange{first, last, date_text(first) + ".." + date_text(last)};
}

ReplayOutcome replay_history(const VendorInput& vendor, const ReplayInput& replay, const HistorySummary& history) {
  ReplayOutcome out;
  out.service = vendor.contract->services[vendor.service].name;
  const std::optional<audit::AuditRange> range = replay_range(replay, *vendor.contract);
  if (!range) {
    out.errors.push_back((vendor.source ? vendor.source->name() + ": " : std::string()) +
                         "the contract states no time zone: its periods cannot be cut");
    return out;
  }
  out.range = range->label;
  audit::AuditResult result = audit::run_audit(audit_request(vendor, replay, *range));
  for (const audit::AuditError& error : result.errors) out.errors.push_back(audit_error_text(vendor, error));
  if (!result.report) return out;
  out.audit = std::move(result.report);
  collect_figures(vendor, out);
  out.uncovered = uncovered_faults(vendor, replay);
  if (out.periods.empty()) out.notes.push_back("no availability period of " + out.service + " in " + out.range);
  price(vendor, history, out);
  shares(out);
  return out;
}

}  // namespace slaudit::selection
