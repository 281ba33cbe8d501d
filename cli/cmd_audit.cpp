// slaudit audit CONTRACT --incidents FILE: audit a contract against an
// incident log and print the report (text, JSON or Markdown).
//
// Everything printed on standard output is the report; diagnostics, input
// errors and warnings go to standard error, so `--format json > report.json`
// always yields a whole report or nothing.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "cli/inputs.h"
#include "cli/io.h"
#include "cli/probe_inputs.h"
#include "engine/audit/audit.h"
#include "engine/compile.h"
#include "engine/report/figures.h"
#include "engine/report/render_html.h"
#include "engine/report/render_json.h"
#include "engine/report/render_markdown.h"
#include "engine/report/render_text.h"
#include "engine/util/sha256.h"
#include "telemetry/billing_inputs.h"
#include "telemetry/incident_reader.h"

namespace slaudit::cli {

namespace {

struct AuditOptions {
  std::string contract;
  std::string incidents;
  std::string incidents_format;
  std::string period, from, to;
  std::string format = "text";
  bool explain = false;
  bool strict = false;
  std::string claimed;
  std::string claims, billing, previous_credits;
  std::vector<std::string> probes;
  std::string targets_map;
  std::string lateness = "3h";
  std::string target_label = "instance";
  bool quiet = false;
};

// An input file as read: its digest and its role in the report.
// ---------------------------------------------------------------- the range

std::optional<audit::AuditRange> effective_range(const model::Contract& contract) {
  if (!contract.effective_from || !contract.effective_until) {
    std::cerr << "slaudit audit: the contract states no effective range; give --period or --from and --to\n";
    return std::nullopt;
  }
  return audit::AuditRange{*contract.effective_from, *contract.effective_until,
                           report::date_text(*contract.effective_from) + ".." +
                               report::date_text(*contract.effective_until)};
}

std::optional<audit::AuditRange> audit_range(const AuditOptions& o, const model::Contract& contract) {
  bool given = false;
  auto range = range_from_options("audit", o.period, o.from, o.to, given);
  return given ? range : effective_range(contract);
}

// ---------------------------------------------------------------- the inputs

std::optional<IncidentLog> read_incidents(const AuditOptions& o, const ServiceNames& services, Inputs& inputs) {
  if (o.incidents.empty()) return IncidentLog{};  // a probe audit without incidents
  return read_incident_input(o.incidents, o.incidents_format, services, inputs);
}

// Reads one of the CSV inputs with `reader`; every bad row is printed as path:line: reason.
template <class Row, class Reader>
bool read_rows(const std::string& role, const std::string& path, Inputs& inputs, Reader reader,
               std::vector<Row>& rows, std::vector<size_t>& lines) {
  if (path.empty()) return true;
  const std::optional<std::string> bytes = read_input(role, path, inputs);
  if (!bytes) return false;
  InputRows<Row> read = reader(*bytes);
  for (const InputRowError& error : read.errors) std::cerr << path << ":" << error.line << ": " << error.reason << "\n";
  rows = std::move(read.rows);
  lines = std::move(read.lines);
  return read.ok();
}

// Where each claim and fee row came from, to warn about rows no audited period used.
struct RowOrigins {
  std::vector<size_t> claims, fees;
};

bool read_billing_inputs(const AuditOptions& o, const model::Contract& contract, audit::AuditRequest& request,
                         Inputs& inputs, RowOrigins& origins) {
  const ServiceNames services = service_names(contract);
  const model::Currency currency = contract.currency.value_or(model::Currency{});
  std::vector<size_t> credit_lines;  // no duplicate rule for credits, so nothing to warn about
  bool ok = read_rows<audit::ClaimFiling>(
      "claims", o.claims, inputs, [&](std::string_view text) { return read_claim_filings(text, services); },
      request.claims, origins.claims);
  ok &= read_rows<audit::BilledFee>(
      "billing", o.billing, inputs, [&](std::string_view text) { return read_billed_fees(text, currency, services); },
      request.fees, origins.fees);
  ok &= read_rows<audit::PreviousCredit>(
      "previous-credits", o.previous_credits, inputs,
      [&](std::string_view text) { return read_previous_credits(text, currency, services); },
      request.previous_credits, credit_lines);
  if (!o.claimed.empty()) {
    const std::optional<model::CivilDate> filed = parse_civil_date(o.claimed);
    if (!filed) {
      std::cerr << "slaudit audit: bad --claimed '" << o.claimed << "'; expected a day as YYYY-MM-DD\n";
      return false;
    }
    request.claims.push_back({"", "", *filed});  // every service, every period
  }
  return ok;
}

// ---------------------------------------------------------------- the report

// `used`: the incidents handed to the audit (moved out of the log).
void account_records(const IncidentLog& log, size_t used, audit::AuditReport& report) {
  if (log.path.empty()) return;  // no incident log was given
  report.records.push_back({log.path, log.records_read, used, log.rejected.size()});
  for (const RejectedRecord& rejected : log.rejected) report.rejected.push_back({log.path, rejected.line, rejected.reason});
}

void record_inputs(const Inputs& inputs, audit::AuditReport& report) {
  report.inputs.insert(report.inputs.end(), inputs.begin(), inputs.end());
}
template <class Row>
void warn_unused(const std::string& path, const std::vector<Row>& rows, const std::vector<size_t>& lines,
                 const audit::AuditReport& report) {
  for (size_t i = 0; i < rows.size() && i < lines.size(); ++i) {
    bool used = false;
    for (const audit::PeriodAudit& period : report.periods)
      used |= period.service == rows[i].service && period.period == rows[i].period;
    if (!used)
      std::cerr << "slaudit: warning: " << path << ":" << lines[i] << ": no audited period '" << rows[i].period
                << "' for service '" << rows[i].service << "'; the row was not used\n";
  }
}

std::string render(const AuditOptions& o, const audit::AuditReport& report, const model::Contract& contract,
                   const SourceFile& source) {
  if (o.format == "json")
    return report::report_to_json(report, source).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  if (o.format == "markdown") return report::render_markdown(report, contract, source);
  if (o.format == "html") return report::render_html(report, contract, source);
  return report::render_text(report, source, o.explain);
}

int print_audit_errors(const std::vector<audit::AuditError>& errors, const SourceFile& source) {
  bool contract_fault = false;
  for (const audit::AuditError& error : errors) {
    const bool located = error.clause.end > error.clause.begin;
    contract_fault |= located;
    std::cerr << source.name();
    if (located) std::cerr << ":" << source.location(error.clause.begin).line;
    std::cerr << ": error: " << error.message << "\n";
  }
  return contract_fault ? kContractErrors : kUsageOrIo;
}

int exit_code(const AuditOptions& o, const audit::AuditReport& report) {
  size_t rejected = 0;
  for (const auto& r : report.records) rejected += r.rejected;
  uint64_t unused = 0;  // probe samples read but not used for a reason the user should fix
  for (const auto& a : report.probe_accounting) unused += a.late + a.duplicate_conflicting + a.unusable;
  if (rejected > 0 || unused > 0) {
    std::cerr << "slaudit: " << (o.strict ? "error: " : "warning: ");
    if (o.probes.empty()) {
      std::cerr << rejected << " incident record(s) rejected; each is listed in the report\n";
    } else {
      std::cerr << rejected << " record(s) rejected, " << unused
                << " probe sample(s) late, conflicting or unusable; the report counts them and lists the first\n";
    }
    if (o.strict) return kContractErrors;
  }
  return report.breached ? kBreach : kOk;
}

int run_audit_command(const AuditOptions& o) {
  Inputs inputs;
  const std::optional<std::string> text = read_input("contract", o.contract, inputs);
  if (!text) return kUsageOrIo;
  const SourceFile source(o.contract, *text);
  CompiledContract compiled = compile_contract(source);
  if (!compiled.ok() || !compiled.contract) {
    std::cerr << render_diagnostics(source, compiled.diagnostics);
    return kContractErrors;
  }
  const model::Contract& contract = *compiled.contract;
  audit::AuditRequest request;
  request.contract = &contract;
  request.contract_source = &source;
  const std::optional<audit::AuditRange> range = audit_range(o, contract);
  if (!range) return kUsageOrIo;
  request.range = *range;
  if (o.incidents.empty() && o.probes.empty()) {
    std::cerr << "slaudit audit: give --incidents, --probes, or both\n";
    return kUsageOrIo;
  }
  std::optional<IncidentLog> log = read_incidents(o, service_names(contract), inputs);
  if (!log) return kUsageOrIo;
  request.incidents = std::move(log->incidents);
  ProbeOptions probe_options{o.probes, o.targets_map, Seconds{0}, o.quiet, o.target_label};
  ProbeRun probe_run;
  if (!o.probes.empty()) {
    const auto lateness = parse_lateness(o.lateness);
    if (!lateness) {
      std::cerr << "slaudit audit: bad --lateness '" << o.lateness << "'; expected e.g. 3h, 90m, 600s\n";
      return kUsageOrIo;
    }
    probe_options.lateness = *lateness;
    if (!read_probe_inputs(probe_options, request, probe_run)) return kUsageOrIo;
    add_probe_inputs(probe_options, probe_run, inputs);
  }
  // Keep only what the chosen output prints: the figures are the same either way,
  // and per-incident detail is most of an audit's memory on large logs.
  request.record_findings = o.explain || o.format != "text";
  request.record_timeline = o.format == "json" || o.format == "html";  // html draws it
  RowOrigins origins;
  if (!read_billing_inputs(o, contract, request, inputs, origins)) return kUsageOrIo;

  audit::AuditResult result = audit::run_audit(request);
  if (!result.report) return print_audit_errors(result.errors, source);
  audit::AuditReport& report = *result.report;
  record_inputs(inputs, report);
  account_records(*log, request.incidents.size(), report);
  // The report holds all it prints: the incidents (most of a large audit's
  // memory) are freed on another core while the report is rendered (joined on return).
  std::jthread release_incidents([doomed = std::move(request.incidents)]() mutable { std::vector<Incident>().swap(doomed); });
  account_probe_files(probe_options, probe_run, report);
  warn_unused(o.claims, request.claims, origins.claims, report);
  warn_unused(o.billing, request.fees, origins.fees, report);
  if (report.periods.empty() && report.recovery.empty())
    std::cerr << "slaudit: warning: no period of the contract falls in the range " << request.range.label << "\n";
  std::cout << render(o, report, contract, source);
  return exit_code(o, report);
}

constexpr const char* kFooter =
    "Inputs:\n"
    "  --incidents   JSON Lines or CSV (by extension, or --incidents-format); bad records are rejected\n"
    "                with their line and reason, listed in the report, and the audit goes on without them\n"
    "  --claims      CSV with header service,period,filed       e.g. training,2026-11,2026-12-15\n"
    "  --billing     CSV with header service,period,fee         e.g. training,2026-11,1200000.00\n"
    "  --previous-credits  CSV with header service,period_end,amount  e.g. training,2026-10-31,12000.00\n"
    "  A bad row in these three is an error (file:line: reason, exit 2): a dropped claim or fee would\n"
    "  change the money owed, so they are never skipped. --claimed DAY applies one filing day to every\n"
    "  service and period; it and --claims exclude each other.\n"
    "Range: --period (a month, quarter, year or DAY..DAY), or --from and --to; by default the whole\n"
    "  effective range of the contract. Every period containing one of the days is audited.\n"
    "Probes: --probes FILE... (CSV or Prometheus range-query JSON, plain or gzip; - is standard input)\n"
    "  audits the clauses measured from probes; a Prometheus series' target is its --target-label label\n"
    "  (docs/audit.md, \"Probe audits\"); targets come from the clause's target items or --targets.\n"
    "  Buckets are finished once the input is --lateness past them; a later sample is counted late.\n"
    "--strict: rejected incident records make the exit code 1. The report is still printed in full, so\n"
    "  the rejected records (path:line: reason) can be read and fixed; only the exit code changes.\n"
    "Examples:\n"
    "  slaudit audit contracts/examples/gpu_cluster.sla --incidents incidents.jsonl --period 2026-11\n"
    "  slaudit audit contract.sla --incidents log.csv --from 2026-01-01 --to 2026-06-30 --explain\n"
    "  slaudit audit contract.sla --incidents log.jsonl --period 2026-Q4 --claims claims.csv --format json\n"
    "  slaudit audit contract.sla --incidents log.jsonl --period 2026-11 --claimed 2026-12-15 --format markdown\n"
    "  slaudit audit contract.sla --incidents log.jsonl --period 2026-11 --format html > report.html\n"
    "  slaudit audit contract.sla --probes probes.csv --incidents maintenance.jsonl --period 2026-11\n"
    "Formats: text (default), json (docs/audit-report.schema.json), markdown, and html: one self-contained\n"
    "  page (no network, no script) with the summary, the credits and their clauses, an SVG timeline of each\n"
    "  period (hover an incident for its id, fault class and clause) and the inputs' digests; prints to PDF.\n"
    "Exit codes: 0 audit done and every SLA met; 3 audit done and at least one SLA breached (credits owed);\n"
    "  1 errors in the contract, or rejected incident records with --strict; 2 usage or I/O errors,\n"
    "  including bad rows in --claims, --billing or --previous-credits.";

}  // namespace

Command add_audit(CLI::App& app) {
  auto o = std::make_shared<AuditOptions>();
  auto* cmd = app.add_subcommand("audit", "Audit a contract against an incident log: availability, credits owed, "
                                          "recovery, each figure explained");
  cmd->add_option("contract", o->contract, "Contract file (.sla); - reads standard input")->required();
  cmd->add_option("--incidents", o->incidents, "Incident log (.jsonl or .csv)");
  cmd->add_option("--probes", o->probes, "Probe samples: CSV timestamp,target,ok,total or timestamp,target,success, or Prometheus query_range JSON; .gz welcome; - is standard input")
      ->expected(1, -1);
  cmd->add_option("--targets", o->targets_map, "Probe targets to services: JSON {\"target\": {\"service\": \"...\", \"cluster\": \"...\"}}");
  cmd->add_option("--lateness", o->lateness, "How far behind the latest probe sample a sample still counts (default 3h)");
  cmd->add_option("--target-label", o->target_label, "Prometheus inputs: the label whose value names a series' target (default instance)");
  cmd->add_flag("--quiet", o->quiet, "No progress on standard error");
  cmd->add_option("--incidents-format", o->incidents_format, "Format of the incident log, when its extension does not say")
      ->check(CLI::IsMember({"jsonl", "ndjson", "json", "csv"}));
  auto* period = cmd->add_option("--period", o->period, "Periods to audit: 2026-11, 2026-Q4, 2026, 2026-03-01..2026-05-31");
  auto* from = cmd->add_option("--from", o->from, "First day to audit, YYYY-MM-DD (with --to)");
  auto* to = cmd->add_option("--to", o->to, "Last day to audit, YYYY-MM-DD (with --from)");
  period->excludes(from)->excludes(to);
  from->needs(to);
  to->needs(from);
  cmd->add_option("--format", o->format, "Report format")->check(CLI::IsMember({"text", "json", "markdown", "html"}));
  cmd->add_flag("--explain", o->explain, "Text report: every figure's derivation and clause, every incident's role");
  cmd->add_flag("--strict", o->strict, "Exit 1 when any incident record was rejected (the report is still printed)");
  auto* claimed = cmd->add_option("--claimed", o->claimed, "The day a claim was filed, for every service and period");
  auto* claims = cmd->add_option("--claims", o->claims, "Claims filed: CSV service,period,filed");
  claimed->excludes(claims);
  cmd->add_option("--billing", o->billing, "Fees billed, when they differ from the contract: CSV service,period,fee");
  cmd->add_option("--previous-credits", o->previous_credits,
                  "Credits already paid, for caps over a year: CSV service,period_end,amount");
  cmd->footer(kFooter);
  return {cmd, [o] { return run_audit_command(*o); }};
}

}  // namespace slaudit::cli
