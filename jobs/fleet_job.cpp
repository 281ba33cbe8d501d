#include "jobs/fleet_job.h"

#include <algorithm>

#include "base/time/civil_date.h"
#include "base/time/timestamp.h"
#include "engine/audit/error_budget.h"
#include "jobs/as_of.h"
#include "jobs/fleet_probes.h"
#include "jobs/holiday_inputs.h"
#include "jobs/inputs.h"
#include "jobs/ledger_evidence.h"
#include "jobs/status_evidence.h"
#include "jobs/unseen_time.h"
#include "ledger/record.h"
#include "telemetry/billing/billing_inputs.h"
#include "telemetry/fleet/fleet_inputs.h"

namespace slaudit::jobs {

namespace {

std::optional<fleet::TableFormat> inventory_format(const FleetJobOptions& o, Messages& messages) {
  std::string name = o.inventory_format;
  if (name.empty()) {
    const auto dot = o.inventory.rfind('.');
    name = dot == std::string::npos ? "" : o.inventory.substr(dot + 1);
  }
  if (name == "csv") return fleet::TableFormat::Csv;
  if (name == "jsonl" || name == "ndjson") return fleet::TableFormat::JsonLines;
  messages.push_back("slaudit audit: cannot tell the format of --inventory " + o.inventory +
                     " from its name; give --inventory-format csv or jsonl");
  return std::nullopt;
}

// A reader's whole-file error stops the audit; its rejected rows are kept for the report.
void account(const std::string& path, size_t read, const std::vector<RejectedRow>& rejected, audit::FleetReport& report) {
  report.records.push_back({path, read, read - rejected.size(), rejected.size()});
  for (const RejectedRow& row : rejected) report.rejected.push_back({path, row.line, row.reason});
  if (!rejected.empty())
    report.evidence_gaps.push_back(std::to_string(rejected.size()) + " record(s) of " + path +
                                   " rejected (listed under Records)");
}

struct FleetInputs {
  fleet::InventoryInput inventory;
  std::optional<fleet::BillingExportInput> billing;
  IncidentLog log;
};

bool read_fleet_inputs(const FleetJobOptions& o, const model::Contract& contract, Inputs& inputs, FleetInputs& in,
                       Messages& messages) {
  const auto format = inventory_format(o, messages);
  if (!format) return false;
  const std::optional<std::string> inventory = read_input("inventory", o.inventory, inputs, messages);
  if (!inventory) return false;
  in.inventory = fleet::read_inventory(*inventory, *format, contract);
  if (!in.inventory.error.empty()) {
    messages.push_back("slaudit: " + o.inventory + ": " + in.inventory.error);
    return false;
  }
  if (!o.billing_export.empty()) {
    const std::optional<std::string> billing = read_input("billing-export", o.billing_export, inputs, messages);
    if (!billing) return false;
    in.billing = fleet::read_billing_export(*billing, *contract.currency, in.inventory.resources);
    if (!in.billing->error.empty()) {
      messages.push_back("slaudit: " + o.billing_export + ": " + in.billing->error);
      return false;
    }
  }
  if (o.incidents.empty()) return true;  // a probe audit without incidents
  std::optional<IncidentLog> log =
      read_incident_input({o.incidents, o.incidents_format, o.initial_state, o.source_map, o.strict},
                          service_names(contract), inputs, messages);
  if (!log) return false;
  in.log = std::move(*log);
  return true;
}

bool read_claims(const FleetJobOptions& o, const model::Contract& contract, audit::FleetAuditRequest& request,
                 Inputs& inputs, Messages& messages) {
  if (!o.claims.empty() && !o.claimed.empty()) {
    messages.push_back("slaudit audit: give --claims or --claimed, not both");
    return false;
  }
  if (!o.claimed.empty()) {
    const std::optional<model::CivilDate> filed = parse_civil_date(o.claimed);
    if (!filed) {
      messages.push_back("slaudit audit: bad --claimed '" + o.claimed + "'; expected a day as YYYY-MM-DD");
      return false;
    }
    request.claims.push_back({"", "", *filed, std::nullopt, std::nullopt});
  }
  if (o.claims.empty()) return true;
  const std::optional<std::string> text = read_input("claims", o.claims, inputs, messages);
  if (!text) return false;
  InputRows<audit::ClaimFiling> rows = read_claim_filings(*text, service_names(contract));
  for (const InputRowError& error : rows.errors)
    messages.push_back(o.claims + ":" + std::to_string(error.line) + ": " + error.reason);
  request.claims = std::move(rows.rows);
  return rows.ok();
}

// The incident log's records: read = used + rejected (by the reader, or not attributed to any resource)
// + not for this contract (services it does not define).
void account_incidents(const IncidentLog& log, audit::FleetReport& report) {
  if (log.path.empty()) return;  // no --incidents
  const size_t unattributed = report.unattributed.size();
  report.records.push_back({log.path, log.records_read, log.used_records() - unattributed,
                            log.rejected.size() + unattributed, log.not_for_contract});
  for (const RejectedRecord& r : log.rejected) report.rejected.push_back({log.path, r.line, r.reason});
  for (const auto& u : report.unattributed) report.rejected.push_back({log.path, u.line, u.reason});
  if (!log.rejected.empty())
    report.evidence_gaps.push_back(std::to_string(log.rejected.size()) + " record(s) of the incident log " + log.path +
                                   " rejected (listed under Records)");
}

// A status history says nothing of a resource before its first record (nor
// of one it never names): with --initial-state unknown, each resource period
// that time touches has a gap.
void note_status(const IncidentLog& log, const model::Contract& contract, audit::FleetReport& report) {
  if (!log.from_status_history) {
    // Every log's notes (fields not used, records for other contracts); the notes stay sorted.
    for (const std::string& note : log.notes)
      report.notes.insert(std::upper_bound(report.notes.begin(), report.notes.end(), note), note);
    return;
  }
  size_t gaps = 0;
  for (audit::ResourcePeriod& rp : report.periods) {
    if (!rp.group_by.empty()) continue;  // a group's periods are built from its members'
    std::string gap = status_resource_gap(log, rp.figures.service, rp.resource, rp.figures.start);
    if (gap.empty()) continue;
    rp.figures.evidence_gaps.push_back(std::move(gap));
    ++gaps;
  }
  if (gaps > 0)
    report.evidence_gaps.push_back(log.path + ": the state is unknown for part of " + std::to_string(gaps) +
                                   " resource period(s) (before a resource's first status record)");
  std::vector<std::string> notes = status_notes(log, service_names(contract));
  if (log.assumed_up) notes.push_back(log.path + ": resources with no status record are assumed up throughout (--initial-state up)");
  report.notes.insert(report.notes.end(), notes.begin(), notes.end());
  std::sort(report.notes.begin(), report.notes.end());
  report.notes.erase(std::unique(report.notes.begin(), report.notes.end()), report.notes.end());
}

bool from_prometheus(const FleetJobOptions& o) { return !o.prometheus.url.empty() || !o.prometheus.replay_dir.empty(); }

// The inputs that measure the clauses: one kind of probe input at most, and something to audit from.
bool evidence_options(const FleetJobOptions& o, Messages& messages) {
  if (!o.probes.empty() && from_prometheus(o)) {
    messages.push_back("slaudit audit: --probes and --prometheus both measure the probe clauses; give one");
    return false;
  }
  if (o.incidents.empty() && o.probes.empty() && !from_prometheus(o)) {
    messages.push_back("slaudit audit: a fleet audit (--inventory) needs --incidents, --probes or --prometheus (or "
                       "--incidents with one of the others)");
    return false;
  }
  return true;
}

// The range: --period/--from/--to, the contract's effective range, or, with
// --as-of, the periods in progress at the instant (or its rolling window).
bool as_of_request(const FleetJobOptions& o, const model::Contract& contract, audit::FleetAuditRequest& request,
                   Messages& messages) {
  if (o.as_of.empty()) {
    if (!(request.judged_at = audit_instant(o.now, messages))) return false;
    if (!o.window.empty()) {
      messages.push_back("slaudit audit: --window is the rolling window ending at --as-of; give --as-of too");
      return false;
    }
    const std::optional<audit::AuditRange> range = range_or_effective("audit", o.period, o.from, o.to, contract, messages);
    if (range) request.range = *range;
    return range.has_value();
  }
  if (!o.period.empty() || !o.from.empty() || !o.to.empty() || !o.probes.empty() || from_prometheus(o) ||
      !o.ledger.empty()) {
    messages.push_back("slaudit audit: --as-of audits each resource's periods in progress at an instant from an "
                       "incident log; it takes no --period, --from, --to, --probes, --prometheus or --ledger");
    return false;
  }
  if (!o.now.empty()) {
    messages.push_back("slaudit audit: --as-of is the instant its periods are judged at; give --as-of or --now, not both");
    return false;
  }
  request.as_of = as_of_instant(o.as_of, messages);
  if (!request.as_of) return false;
  std::optional<Seconds> window;
  if (!o.window.empty() && !(window = window_length(o.window, messages))) return false;
  if (window) request.window = audit::RollingWindow{*request.as_of, *window};
  const std::optional<audit::AuditRange> range = as_of_range(*request.as_of, contract, window, messages);
  if (range) request.range = *range;
  return range.has_value();
}

// The span the log covers, as the service audit takes it: --covers, else
// inferred from the records; none for a status-change history.
bool incident_span(const FleetJobOptions& o, const IncidentLog& log, audit::FleetAuditRequest& request,
                   Messages& messages) {
  if (o.covers.empty()) {
    if (!log.from_status_history) request.incident_span = inferred_span(log.incidents, log.path);
    return true;
  }
  request.incident_span = stated_span(o.covers, log.path, messages);
  return request.incident_span.has_value();
}

// A resource period in progress (or a rolling window) is never a final
// figure: each says so, in every format, and the exit code is not 0.
void note_as_of(std::optional<Instant> as_of, bool window, size_t later, audit::FleetReport& report) {
  if (!as_of) return;
  for (audit::ResourcePeriod& rp : report.periods)
    if (std::string gap = in_progress_gap(*as_of, window, rp.figures.end); !gap.empty())
      rp.figures.evidence_gaps.push_back(std::move(gap));
  const std::string note = as_of_note(*as_of, later);
  report.notes.insert(std::upper_bound(report.notes.begin(), report.notes.end(), note), note);
  if (report.explained) {  // --explain-resource prints this one: it says the same
    for (audit::PeriodAudit& p : report.explained->periods)
      if (std::string gap = in_progress_gap(*as_of, window, p.end); !gap.empty()) p.evidence_gaps.push_back(std::move(gap));
    report.explained->notes.push_back(note);
  }
}

int verdict_code(const FleetJobOptions& o, const audit::FleetReport& report, Messages& messages) {
  size_t rejected = 0;
  for (const auto& r : report.records) rejected += r.rejected;
  if (rejected > 0) {
    messages.push_back(std::string("slaudit: ") + (o.strict ? "error: " : "warning: ") + std::to_string(rejected) +
                       " record(s) rejected; each is listed in the report");
    if (o.strict) return kContractErrors;
  }
  return verdict_exit_code(report.verdict, report.evidence_complete(), "some resource or period", messages);
}

}  // namespace

FleetJob run_fleet_job(const FleetJobOptions& o) {
  FleetJob job;
  if (!evidence_options(o, job.messages)) return job;
  std::vector<NamedInput> named{{"the contract", o.contract}, {"--inventory", o.inventory},
                                {"--billing-export", o.billing_export}, {"--incidents", o.incidents},
                                {"--claims", o.claims}, {"--holidays", o.holidays}};
  for (const std::string& p : o.probes) named.push_back({"--probes", p});
  if (!stdin_read_once("audit", named, job.messages)) return job;
  Inputs inputs;
  if (!compile_contract_input(o.contract, inputs, job.messages, job.source, job.compiled)) {
    if (job.compiled) job.exit_code = kContractErrors;
    return job;
  }
  const model::Contract& contract = job.contract();
  audit::FleetAuditRequest request;
  request.contract = &contract;
  request.contract_source = job.source.get();
  if (!as_of_request(o, contract, request, job.messages)) return job;
  if (!contract.currency) {
    job.messages.push_back(job.source->name() + ": error: the contract states no currency: charges cannot be read");
    job.exit_code = kContractErrors;
    return job;
  }
  FleetInputs in;
  if (!read_fleet_inputs(o, contract, inputs, in, job.messages)) return job;
  if (!read_claims(o, contract, request, inputs, job.messages)) return job;
  std::optional<HolidayCalendar> holidays;
  if (!read_holiday_input("audit", o.holidays, contract, inputs, job.messages, holidays)) return job;
  if (holidays) request.holidays = &*holidays;
  request.resources = &in.inventory.resources;
  if (in.billing) request.charges = &in.billing->charges;
  request.incident_evidence = o.incidents.empty() ? audit::IncidentEvidence::NoLog
                               // every record of this contract's rejected (others' records are no evidence)
                               : !in.log.rejected.empty() && in.log.used_records() == 0
                                   ? audit::IncidentEvidence::NoneUsable
                                   : audit::IncidentEvidence::Log;
  if (!o.incidents.empty() && !incident_span(o, in.log, request, job.messages)) return job;
  const size_t later = incidents_not_yet_known(in.log.incidents, request.as_of);
  request.incidents = std::move(in.log.incidents);
  request.explain_resource = o.explain_resource;
  ProbeOptions probe_options;
  probe_options.files = o.probes;
  probe_options.targets_map = o.targets_map;
  probe_options.target_label = o.target_label;
  FleetProbeRun probes;
  PrometheusRun recorded;
  if (!o.probes.empty() || from_prometheus(o)) {
    if (!o.probes.empty()) {
      if (!read_fleet_probes(probe_options, request, probes, job.messages)) return job;
      add_probe_inputs(probe_options, probes.run, inputs);
    } else if (!read_fleet_prometheus(probe_options, o.prometheus, request, probes, recorded, inputs, job.messages)) {
      return job;
    }
    request.probe_engines = &probes.by_resource;
    request.probe_sources = probes.sources;
  }
  // Read last, under the ledger's write lock, held until the audit is recorded.
  LedgerEvidence evidence;
  bool ledger_ok = true;  // when the ledger cannot be read, the audit runs without it and is not recorded
  std::unique_ptr<LedgerLock> ledger_lock;
  if (o.ledger_evidence) evidence = *o.ledger_evidence;
  else if (!o.ledger.empty())
    ledger_ok = lock_ledger(o.ledger, ledger_lock, job.messages) &&
                read_fleet_ledger_evidence(*ledger_lock, contract, request.range, evidence, job.messages);
  apply_fleet_ledger_evidence(evidence, request);
  const std::optional<Instant> as_of = request.as_of, judged_at = request.judged_at;
  const bool window = request.window.has_value();
  audit::FleetAuditResult result = audit::run_fleet_audit(std::move(request));
  if (!result.report) {
    job.exit_code = audit_error_code(result.errors, *job.source, job.messages);
    return job;
  }
  audit::FleetReport& report = *result.report;
  report.inputs = std::move(inputs);
  account(o.inventory, in.inventory.records_read, in.inventory.rejected, report);
  if (in.billing) account(o.billing_export, in.billing->records_read, in.billing->rejected, report);
  account_incidents(in.log, report);
  if (!o.probes.empty()) account_fleet_probes(probe_options, probes, report);
  if (from_prometheus(o)) account_fleet_prometheus(contract, probes, recorded, report);
  note_status(in.log, contract, report);
  note_as_of(as_of, window, later, report);
  if (holidays && counts_working_days(contract)) {  // the notes stay sorted
    const std::string note = holiday_note(*holidays);
    report.notes.insert(std::upper_bound(report.notes.begin(), report.notes.end(), note), note);
  }
  if (!o.explain_resource.empty() && !report.explained) {
    job.messages.push_back("slaudit audit: --explain-resource " + o.explain_resource +
                           ": no such resource was audited (not in the inventory, or matched by no clause)");
    return job;
  }
  note_fleet_ledger_evidence(evidence, o.ledger.empty() ? std::string("of the recorded audit") : o.ledger, report);
  job.exit_code = verdict_code(o, report, job.messages);
  if (ledger_lock && ledger_ok) {
    FleetJobOptions recorded = o;  // with the instant it was judged at, which ledger verify judges at again
    if (judged_at) recorded.now = format_utc(*judged_at);
    const std::string options = fleet_options_json(recorded, evidence);
    const auto record = [&](ledger::Database& db, const std::string& at) {
      return ledger::record_fleet_audit(db, report, at, options);
    };
    ledger_ok = record_in_ledger(*ledger_lock, record, job.ledger_audit_id, job.messages);
  }
  if (!ledger_ok) job.exit_code = kUsageOrIo;
  job.report = std::move(result.report);
  return job;
}

}  // namespace slaudit::jobs
