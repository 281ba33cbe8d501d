#include "jobs/audit_job.h"

#include <algorithm>

#include "base/time/timestamp.h"
#include "base/util/file_io.h"
#include "engine/audit/error_budget.h"
#include "engine/audit/incident_rules.h"
#include "engine/audit/probe/probe_engine.h"
#include "engine/figures/figures.h"
#include "jobs/as_of.h"
#include "jobs/holiday_inputs.h"
#include "jobs/inputs.h"
#include "jobs/ledger_evidence.h"
#include "jobs/probe_inputs.h"
#include "jobs/statement_inputs.h"
#include "jobs/status_evidence.h"
#include "jobs/unseen_time.h"
#include "ledger/record.h"
#include "telemetry/billing/billing_inputs.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::jobs {

namespace {

// ---------------------------------------------------------------- the range

std::optional<audit::AuditRange> audit_range(const AuditJobOptions& o, const model::Contract& contract,
                                             Messages& messages) {
  return range_or_effective("audit", o.period, o.from, o.to, contract, messages);
}

std::optional<audit::AuditRange> as_of_range(const AuditJobOptions& o, Instant at, const model::Contract& contract,
                                             std::optional<Seconds> window, Messages& messages) {
  if (!o.period.empty() || !o.from.empty() || !o.statement.empty() || !o.probes.empty() || !o.prometheus.url.empty() ||
      !o.prometheus.replay_dir.empty() || !o.ledger.empty()) {
    messages.push_back("slaudit audit: --as-of audits the periods in progress at an instant from an incident log; "
                       "it takes no --period, --from, --statement, --probes, --prometheus or --ledger");
    return std::nullopt;
  }
  return jobs::as_of_range(at, contract, window, messages);
}

// A period in progress has no record after the instant: its evidence is
// incomplete by construction, in every format, and the exit code says so.
void note_in_progress(audit::AuditReport& report, size_t later) {
  if (!report.as_of) return;
  const bool window = report.as_of->window.count() > 0;
  for (audit::PeriodAudit& p : report.periods)
    if (std::string gap = in_progress_gap(report.as_of->as_of, window, p.end); !gap.empty())
      p.evidence_gaps.push_back(std::move(gap));
  report.notes.push_back(as_of_note(report.as_of->as_of, later));
}

// The audit's instant: --now, or the machine's clock. --as-of judges its own
// periods as of its instant, so it takes no --now.
bool judged_instant(const AuditJobOptions& o, std::optional<Instant> as_of, audit::AuditRequest& request,
                    Messages& messages) {
  if (as_of) {
    if (o.now.empty()) return true;
    messages.push_back("slaudit audit: --as-of is the instant its periods are judged at; give --as-of or --now, not both");
    return false;
  }
  request.judged_at = audit_instant(o.now, messages);
  return request.judged_at.has_value();
}

// ---------------------------------------------------------------- the inputs

// The span the log covers: stated by --covers, else inferred from its records.
// A status-change history says each state until the next change, from its
// first record on (before it, note_status_gaps): no span is inferred for it.
bool incident_span(const AuditJobOptions& o, const IncidentLog& log, audit::AuditRequest& request,
                   Messages& messages) {
  if (o.covers.empty()) {
    if (log.from_status_history) return true;
    request.incident_span = inferred_span(log.incidents, log.path);
    return true;
  }
  request.incident_span = stated_span(o.covers, log.path, messages);
  return request.incident_span.has_value();
}

std::optional<IncidentLog> read_incidents(const AuditJobOptions& o, const ServiceNames& services, Inputs& inputs,
                                          Messages& messages) {
  if (o.incidents.empty()) return IncidentLog{};  // a probe audit without incidents
  return read_incident_input({o.incidents, o.incidents_format, o.initial_state, o.source_map, o.strict}, services, inputs,
                             messages);
}

// Reads one of the CSV inputs with `reader`; every bad row is added as path:line: reason.
template <class Row, class Reader>
bool read_rows(const std::string& role, const std::string& path, Inputs& inputs, Messages& messages, Reader reader,
               std::vector<Row>& rows, std::vector<size_t>& lines) {
  if (path.empty()) return true;
  const std::optional<std::string> bytes = read_input(role, path, inputs, messages);
  if (!bytes) return false;
  InputRows<Row> read = reader(*bytes);
  for (const InputRowError& error : read.errors)
    messages.push_back(path + ":" + std::to_string(error.line) + ": " + error.reason);
  rows = std::move(read.rows);
  lines = std::move(read.lines);
  return read.ok();
}

// Where each claim and fee row came from, to warn about rows no audited period used.
struct RowOrigins {
  std::vector<size_t> claims, fees;
};

bool read_billing_inputs(const AuditJobOptions& o, const model::Contract& contract, audit::AuditRequest& request,
                         Inputs& inputs, RowOrigins& origins, Messages& messages) {
  const ServiceNames services = service_names(contract);
  const model::Currency currency = contract.currency.value_or(model::Currency{});
  std::vector<size_t> credit_lines;  // no duplicate rule for credits, so nothing to warn about
  bool ok = read_rows<audit::ClaimFiling>(
      "claims", o.claims, inputs, messages,
      [&](std::string_view text) { return read_claim_filings(text, services); }, request.claims, origins.claims);
  ok &= read_rows<audit::BilledFee>(
      "billing", o.billing, inputs, messages,
      [&](std::string_view text) { return read_billed_fees(text, currency, services); }, request.fees, origins.fees);
  ok &= read_rows<audit::PreviousCredit>(
      "previous-credits", o.previous_credits, inputs, messages,
      [&](std::string_view text) { return read_previous_credits(text, currency, services); },
      request.previous_credits, credit_lines);
  if (!o.claimed.empty()) {
    const std::optional<model::CivilDate> filed = parse_civil_date(o.claimed);
    if (!filed) {
      messages.push_back("slaudit audit: bad --claimed '" + o.claimed + "'; expected a day as YYYY-MM-DD");
      return false;
    }
    request.claims.push_back({"", "", *filed, std::nullopt, std::nullopt});  // every service, every period
  }
  return ok;
}

// A Prometheus series queried at a step coarser than a clause's bucket leaves
// buckets without data by construction; the audit refuses it rather than count
// them as missing.
std::string coarse_step(const audit::AuditRequest& request, const ProbeRun& run, const ProbeOptions& probes) {
  const model::Contract& contract = *request.contract;
  for (size_t c = 0; c < run.engines.size(); ++c) {
    if (!run.engines[c]) continue;
    const Seconds bucket = run.engines[c]->rule().bucket;
    for (size_t f = 0; f < run.files.size() && f < probes.files.size(); ++f) {
      const auto& a = run.files[f].accounting;
      if (a.step_seconds <= bucket.count()) continue;
      const auto& clause = contract.availability[c];
      const std::string name = probes.files[f] == "-" ? "<stdin>" : probes.files[f];
      return name + ": series " + a.step_series + " was queried at a step of " + std::to_string(a.step_seconds) +
             " s, coarser than the " + std::to_string(bucket.count()) + " s buckets of availability " +
             contract.services[clause.service].name + " (" + request.contract_source->name() + ":" +
             std::to_string(request.contract_source->location(clause.range.begin).line) +
             "): most buckets would have no sample; query the range with a step of at most " +
             std::to_string(bucket.count()) + " s";
    }
  }
  return "";
}

bool from_prometheus(const AuditJobOptions& o) { return !o.prometheus.url.empty() || !o.prometheus.replay_dir.empty(); }

bool read_probes(const AuditJobOptions& o, audit::AuditRequest& request, ProbeRun& run, Inputs& inputs,
                 Messages& messages, ProbeOptions& probe_options, PrometheusRun& prometheus) {
  probe_options = ProbeOptions{};
  probe_options.files = o.probes;
  probe_options.targets_map = o.targets_map;
  probe_options.live = o.live;
  probe_options.target_label = o.target_label;
  probe_options.progress = o.progress;
  if (from_prometheus(o)) {
    if (!o.probes.empty()) {
      messages.push_back("slaudit audit: --probes and --prometheus both measure the probe clauses; give one");
      return false;
    }
    // The recorded figures arrive one bucket after another in time order: no lateness to allow.
    probe_options.lateness = Seconds{0};
    return read_prometheus_inputs(probe_options, o.prometheus, request, run, prometheus, inputs, messages);
  }
  if (o.probes.empty()) return true;
  const auto lateness = parse_lateness(o.lateness);
  if (!lateness) {
    messages.push_back("slaudit audit: bad --lateness '" + o.lateness + "'; expected e.g. 3h, 90m, 600s, at most 876600h");
    return false;
  }
  probe_options.lateness = *lateness;
  if (!read_probe_inputs(probe_options, request, run, messages)) return false;
  if (const std::string error = coarse_step(request, run, probe_options); !error.empty()) {
    messages.push_back("slaudit: " + error);
    return false;
  }
  add_probe_inputs(probe_options, run, inputs);
  return true;
}

// ---------------------------------------------------------------- the report

// A status history says nothing of a resource before its first record: with
// --initial-state unknown, every period that time touches has a gap.
void note_status_gaps(const IncidentLog& log, const model::Contract& contract, audit::AuditReport& report) {
  // Every log's notes (fields not used, records for other contracts; a history's assumptions).
  const std::vector<std::string> notes = status_notes(log, service_names(contract));
  report.notes.insert(report.notes.end(), notes.begin(), notes.end());
  if (!log.from_status_history) return;
  bool any = false;
  for (audit::PeriodAudit& p : report.periods) {
    const std::string gap = status_gap(log, p.service, p.start);
    if (gap.empty()) continue;
    p.evidence_gaps.push_back(gap);
    any = true;
  }
  if (any) report.evidence_gaps.push_back(log.path + ": some state is unknown before the first status record (each period says which)");
}

// Records rejected by a reader may have covered any period: every period's
// evidence is then incomplete, and the report says so once for the audit too.
void note_evidence_gaps(const IncidentLog& log, const ProbeRun& run, const model::Contract& contract,
                        audit::AuditReport& report) {
  if (!log.rejected.empty()) {
    const std::string gap = std::to_string(log.rejected.size()) + " record(s) of the incident log " + log.path +
                            " rejected (listed under Records)";
    report.evidence_gaps.push_back(gap);
    for (audit::PeriodAudit& p : report.periods) p.evidence_gaps.push_back(gap);
  }
  note_status_gaps(log, contract, report);
  uint64_t rejected_rows = 0;
  for (const auto& f : run.files) rejected_rows += f.accounting.rejected;
  if (rejected_rows == 0) return;
  const std::string gap = std::to_string(rejected_rows) + " probe row(s) rejected (listed under Records)";
  report.evidence_gaps.push_back(gap);
  for (audit::PeriodAudit& p : report.periods)
    for (const auto& clause : contract.availability)
      if (clause.range.begin == p.clause.begin && clause.measurement &&
          clause.measurement->kind == model::MeasurementKind::Probes) {
        p.evidence_gaps.push_back(gap);
        break;
      }
}


// `used`: the incidents handed to the audit (moved out of the log).
void account_records(const IncidentLog& log, size_t used, audit::AuditReport& report) {
  if (log.path.empty()) return;  // no incident log was given
  report.records.push_back({log.path, log.records_read, used, log.rejected.size(), log.not_for_contract});
  for (const RejectedRecord& rejected : log.rejected) report.rejected.push_back({log.path, rejected.line, rejected.reason});
}

template <class Row>
void warn_unused(const std::string& path, const std::vector<Row>& rows, const std::vector<size_t>& lines,
                 const audit::AuditReport& report, Messages& messages) {
  for (size_t i = 0; i < rows.size() && i < lines.size(); ++i) {
    bool used = false;
    for (const audit::PeriodAudit& period : report.periods)
      used |= period.service == rows[i].service && period.period == rows[i].period;
    if (!used)
      messages.push_back("slaudit: warning: " + path + ":" + std::to_string(lines[i]) + ": no audited period '" +
                         rows[i].period + "' for service '" + rows[i].service + "'; the row was not used");
  }
}


// Breached: 3. Nothing breached, but a period not assessed or evidence
// incomplete: 4, never 0. With --strict, rejected records make it 1.
int verdict_code(const AuditJobOptions& o, const audit::AuditReport& report, Messages& messages) {
  size_t rejected = 0;
  for (const auto& r : report.records) rejected += r.rejected;
  uint64_t unused = 0;  // probe samples read but not used for a reason the user should fix
  for (const auto& a : report.probe_accounting) unused += a.late + a.duplicate_conflicting + a.unusable;
  if (rejected > 0 || unused > 0) {
    std::string line = std::string("slaudit: ") + (o.strict ? "error: " : "warning: ");
    if (!o.statement.empty()) {
      line += std::to_string(rejected) + " statement row(s) rejected; each is listed in the report";
    } else if (o.probes.empty() && !from_prometheus(o)) {
      line += std::to_string(rejected) + " incident record(s) rejected; each is listed in the report";
    } else {
      line += std::to_string(rejected) + " record(s) rejected, " + std::to_string(unused) +
              " probe sample(s) late, conflicting or unusable; the report counts them and lists the first";
    }
    messages.push_back(line);
    if (o.strict) return kContractErrors;
  }
  return verdict_exit_code(report.verdict, report.evidence_complete(), "some period", messages);
}

}  // namespace

AuditJob run_audit_job(const AuditJobOptions& o) {
  AuditJob job;
  std::vector<NamedInput> named{{"the contract", o.contract}, {"--incidents", o.incidents},
                                {"--claims", o.claims},        {"--billing", o.billing},
                                {"--previous-credits", o.previous_credits}, {"--targets", o.targets_map},
                                {"--statement", o.statement}, {"--holidays", o.holidays}};
  for (const std::string& p : o.probes) named.push_back({"--probes", p});
  if (!stdin_read_once("audit", named, job.messages)) return job;
  Inputs inputs;
  if (!compile_contract_input(o.contract, inputs, job.messages, job.source, job.compiled)) {
    if (job.compiled) job.exit_code = kContractErrors;
    return job;
  }
  const model::Contract& contract = job.contract();
  audit::AuditRequest request;
  request.contract = &contract;
  request.contract_source = job.source.get();
  std::optional<Instant> as_of;
  if (!o.as_of.empty() && !(as_of = as_of_instant(o.as_of, job.messages))) return job;
  std::optional<Seconds> window;
  if (!o.window.empty()) {
    if (!as_of) {
      job.messages.push_back("slaudit audit: --window is the rolling window ending at --as-of; give --as-of too");
      return job;
    }
    if (!(window = window_length(o.window, job.messages))) return job;
    request.window = audit::RollingWindow{*as_of, *window};
  }
  if (!judged_instant(o, as_of, request, job.messages)) return job;
  const std::optional<audit::AuditRange> range =
      as_of ? as_of_range(o, *as_of, contract, window, job.messages) : audit_range(o, contract, job.messages);
  if (!range) return job;
  request.range = *range;
  StatementInput statement;
  if (!o.statement.empty()) {
    // One source of availability per audit: a log's figure and a statement's for the same period are two
    // audits, which two runs compare (docs/audit.md, section 26).
    if (!o.incidents.empty() || !o.probes.empty() || from_prometheus(o)) {
      job.messages.push_back("slaudit audit: --statement gives each period's availability; it cannot be combined "
                             "with --incidents, --probes or --prometheus (audit each on its own and compare)");
      return job;
    }
  } else if (o.incidents.empty() && o.probes.empty() && !from_prometheus(o)) {
    job.messages.push_back("slaudit audit: give --incidents, --probes (or --prometheus), or both; or --statement");
    return job;
  }
  if (!o.covers.empty() && o.incidents.empty()) {
    job.messages.push_back("slaudit audit: --covers states the span of the incident log; give --incidents too");
    return job;
  }
  std::optional<IncidentLog> log = read_incidents(o, service_names(contract), inputs, job.messages);
  if (!log) return job;
  request.incident_evidence = o.incidents.empty()                                  ? audit::IncidentEvidence::NoLog
                              // every record of this contract's rejected (others' records are no evidence)
                              : !log->rejected.empty() && log->used_records() == 0
                                  ? audit::IncidentEvidence::NoneUsable
                                                                                 : audit::IncidentEvidence::Log;
  if (!o.incidents.empty() && !incident_span(o, *log, request, job.messages)) return job;
  request.incidents = std::move(log->incidents);
  if (!o.statement.empty() &&
      !read_statement_input(o.statement, o.statement_format, contract, request, inputs, job.messages, statement))
    return job;
  ProbeOptions probe_options;
  ProbeRun probe_run;
  PrometheusRun prometheus_run;
  if (!read_probes(o, request, probe_run, inputs, job.messages, probe_options, prometheus_run)) return job;
  job.prometheus_bytes = prometheus_run.bytes;
  job.prometheus_requests = prometheus_run.requests;
  request.record_findings = o.record_findings;
  request.record_timeline = o.record_timeline;
  RowOrigins origins;
  if (!read_billing_inputs(o, contract, request, inputs, origins, job.messages)) return job;
  const std::vector<audit::ClaimFiling> given_claims = request.claims;  // before the ledger's join them
  LedgerEvidence evidence;
  bool ledger_readable = true;  // when not, the audit runs without it and is not recorded
  std::unique_ptr<LedgerLock> ledger_lock;  // held from reading the evidence to recording the audit
  if (o.ledger_evidence) evidence = *o.ledger_evidence;
  else if (!o.ledger.empty())
    ledger_readable = lock_ledger(o.ledger, ledger_lock, job.messages) &&
                      read_ledger_evidence(*ledger_lock, contract, request.range, request.previous_credits, evidence,
                                           job.messages);
  apply_ledger_evidence(evidence, request);
  std::optional<HolidayCalendar> holidays;
  if (!read_holiday_input("audit", o.holidays, contract, inputs, job.messages, holidays)) return job;
  if (holidays) request.holidays = &*holidays;

  const size_t later = incidents_not_yet_known(request.incidents, as_of);
  audit::AuditResult result = as_of ? audit::run_audit_as_of(request, *as_of) : audit::run_audit(request);
  if (!result.report) {
    job.exit_code = audit_error_code(result.errors, *job.source, job.messages);
    return job;
  }
  audit::AuditReport& report = *result.report;
  report.inputs.insert(report.inputs.end(), inputs.begin(), inputs.end());
  // Records, not incidents: a status history's transitions and a source's records that name several
  // services are not one incident each.
  account_records(*log, log->used_records(), report);
  // The titles, urls and tickets the reports show beside the incidents' ids (most logs give none).
  for (const Incident& incident : request.incidents)
    if (incident.labels) report.incident_labels.by_line.emplace_back(incident.line, incident.labels);
  std::sort(report.incident_labels.by_line.begin(), report.incident_labels.by_line.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  // The report holds all it prints: the incidents (most of a large audit's
  // memory) are freed on another core while the report is rendered.
  job.releasing = std::jthread([doomed = std::move(request.incidents)]() mutable { std::vector<Incident>().swap(doomed); });
  if (!o.statement.empty()) account_statement(statement, request, report);
  account_probe_files(probe_options, probe_run, report);
  note_evidence_gaps(*log, probe_run, contract, report);
  note_in_progress(report, later);
  if (request.incident_span && request.incident_span->stated) report.notes.push_back(span_note(*request.incident_span));
  account_prometheus(contract, prometheus_run, report);
  if (holidays && counts_working_days(contract)) report.notes.push_back(holiday_note(*holidays));
  note_ledger_evidence(evidence, o.ledger.empty() ? std::string("of the recorded audit") : o.ledger, report);
  warn_unused(o.claims, given_claims, origins.claims, report, job.messages);
  warn_unused(o.billing, request.fees, origins.fees, report, job.messages);
  if (report.periods.empty() && report.recovery.empty())
    job.messages.push_back("slaudit: warning: no period of the contract falls in the range " + request.range.label);
  job.exit_code = verdict_code(o, report, job.messages);
  if (ledger_lock && ledger_readable) {
    AuditJobOptions recorded = o;  // with the instant it was judged at, which ledger verify judges at again
    if (request.judged_at) recorded.now = format_utc(*request.judged_at);
    const std::string options = audit_options_json(recorded, evidence);
    const auto record = [&](ledger::Database& db, const std::string& at) {
      return ledger::record_audit(db, report, at, options);
    };
    ledger_readable = record_in_ledger(*ledger_lock, record, job.ledger_audit_id, job.messages);
  }
  if (!ledger_readable) job.exit_code = kUsageOrIo;  // the report is printed; the ledger lacks it
  job.report = std::move(result.report);
  return job;
}

}  // namespace slaudit::jobs
