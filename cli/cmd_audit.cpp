// slaudit audit CONTRACT --incidents FILE: audit a contract against an
// incident log and print the report (text, JSON, Markdown or HTML).
//
// Everything printed on standard output is the report; diagnostics, input
// errors and warnings go to standard error, so `--format json > report.json`
// always yields a whole report or nothing.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "base/util/file_io.h"
#include "cli/commands.h"
#include "cli/output_files.h"
#include "cli/print.h"
#include "jobs/audit_job.h"
#include "jobs/fleet_job.h"
#include "jobs/inputs.h"
#include "jobs/ledger_evidence.h"
#include "report/csv/claims_pack.h"
#include "report/formats.h"
#include "report/html/fleet_html.h"
#include "report/json/fleet_json.h"
#include "report/markdown/fleet_markdown.h"
#include "report/text/fleet_text.h"

namespace slaudit::cli {

namespace {

struct AuditOptions {
  jobs::AuditJobOptions job;
  jobs::FleetJobOptions fleet;  // with --inventory: a fleet audit
  std::string claims_pack;      // fleet: write the claims pack here (*.md: Markdown, else CSV)
  std::string format = "text";
  bool explain = false;
  bool quiet = false;
};

// Progress on standard error, only where a person watches it.
void show_progress(std::string_view line) {
  if (line.empty())
    std::cerr << "\r\033[K" << std::flush;
  else
    std::cerr << "\r" << line << std::flush;
}

// A claims pack named *.md is Markdown; any other name, CSV.
bool markdown_name(std::string_view path) {
  return path.size() >= 3 && path.substr(path.size() - 3) == ".md";
}

// The fleet report in text, JSON, Markdown or HTML; with --explain-resource,
// that resource's own audit in any format, as a service audit prints it.
int render_fleet(const AuditOptions& o, const jobs::FleetJob& job) {
  const audit::FleetReport& report = *job.report;
  if (report.explained) {
    const report::AuditFormat& format = *report::find_audit_format(o.format);
    format.render({*report.explained, job.contract(), *job.source, o.explain}, std::cout);
  } else if (o.format == "json") {
    report::write_fleet_json(report, *job.source, std::cout);
  } else if (o.format == "markdown") {
    report::write_fleet_markdown(report, job.contract(), *job.source, std::cout);
  } else if (o.format == "html") {
    report::write_fleet_html(report, job.contract(), *job.source, std::cout);
  } else {
    report::write_fleet_text(report, *job.source, std::cout);
  }
  if (o.claims_pack.empty()) return job.exit_code;
  std::ostringstream pack;
  if (markdown_name(o.claims_pack))
    report::write_claims_pack_markdown(report, job.contract(), *job.source, pack);
  else
    report::write_claims_pack_csv(report, *job.source, pack);
  std::string error;
  if (write_file(o.claims_pack, pack.str(), error)) return job.exit_code;
  std::cerr << "slaudit audit: the claims pack: " << error << "\n";
  return jobs::kUsageOrIo;
}

bool fleet_format(std::string_view format) {
  return format == "text" || format == "json" || format == "markdown" || format == "html";
}

int run_fleet_command(AuditOptions& o) {
  if (o.fleet.explain_resource.empty() && !fleet_format(o.format)) {
    std::cerr << "slaudit audit: a fleet report is text, json, markdown or html; --format " << o.format
              << " renders one resource's audit, with --explain-resource ID\n";
    return jobs::kUsageOrIo;
  }
  jobs::FleetJobOptions& f = o.fleet;
  const jobs::AuditJobOptions& j = o.job;
  f.contract = j.contract;
  f.incidents = j.incidents;
  f.incidents_format = j.incidents_format;
  f.source_map = j.source_map;
  f.probes = j.probes;
  f.targets_map = j.targets_map;
  f.target_label = j.target_label;
  f.prometheus = j.prometheus;
  f.initial_state = j.initial_state;
  f.period = j.period;
  f.as_of = j.as_of;
  f.now = j.now;
  f.covers = j.covers;
  f.window = j.window;
  f.from = j.from;
  f.to = j.to;
  f.claimed = j.claimed;
  f.claims = j.claims;
  f.holidays = j.holidays;
  f.strict = j.strict;
  f.ledger = j.ledger;
  const jobs::FleetJob job = jobs::run_fleet_job(f);
  print(job.messages);
  return job.report ? render_fleet(o, job) : job.exit_code;
}

// Neither the ledger nor the claims pack may be a file the audit reads.
bool outputs_are_not_inputs(const AuditOptions& o) {
  const jobs::AuditJobOptions& j = o.job;
  std::vector<NamedFile> files = {{"the contract", &j.contract},
                                  {"--incidents", &j.incidents},
                                  {"--statement", &j.statement},
                                  {"--claims", &j.claims},
                                  {"--billing", &j.billing},
                                  {"--previous-credits", &j.previous_credits},
                                  {"--holidays", &j.holidays},
                                  {"--targets", &j.targets_map},
                                  {"--bearer-token-file", &j.prometheus.bearer_token_file},
                                  {"--basic-auth-file", &j.prometheus.basic_auth_file},
                                  {"--ca-file", &j.prometheus.ca_file},
                                  {"--inventory", &o.fleet.inventory},
                                  {"--billing-export", &o.fleet.billing_export},
                                  {"--ledger", &j.ledger}};
  for (const std::string& probes : j.probes) files.push_back({"--probes", &probes});
  return output_is_not_an_input("audit", {"--ledger", &j.ledger}, files) &&
         output_is_not_an_input("audit", {"--claims-pack", &o.claims_pack}, files);
}

int run_audit_command(AuditOptions& o) {
  if (!outputs_are_not_inputs(o)) return jobs::kUsageOrIo;
  if (!o.fleet.inventory.empty()) return run_fleet_command(o);
  const report::AuditFormat& format = *report::find_audit_format(o.format);
  o.job.record_findings = format.needs_findings || o.explain;
  o.job.record_timeline = format.needs_timeline;
  if (!o.quiet && ::isatty(STDERR_FILENO)) o.job.progress = show_progress;
  const jobs::AuditJob job = jobs::run_audit_job(o.job);
  print(job.messages);
  if (job.report) format.render({*job.report, job.contract(), *job.source, o.explain}, std::cout);
  return job.exit_code;
}

constexpr const char* kFooter =
    "Inputs:\n"
    "  --incidents   JSON Lines or CSV (by extension, or --incidents-format); bad records are rejected\n"
    "                with their line and reason, listed in the report, and the audit goes on without them\n"
    "  --incidents-format status-csv | status-jsonl (or status-ndjson): a status-change history instead, one\n"
    "                record per transition: time (with offset), state (up or down, any case), resource and\n"
    "                service (both optional). Each resource's down..up span is one incident, whatever the\n"
    "                row order; a history ending down leaves it open. Repeated states merge; up and down for\n"
    "                one resource at one instant are both rejected. Never chosen by extension.\n"
    "  --incidents-format SOURCE: incidents as a provider or tool exports them (statuspage, aws-health, ...:\n"
    "                `slaudit audit --help` lists them under --incidents-format; docs/inputs.md says how to\n"
    "                export each). Read whole; each record used, rejected, or not for this contract (it names\n"
    "                only services the contract does not define). --source-map FILE (CSV source,service\n"
    "                [,component]) names the source's components as the contract's services; without it a\n"
    "                name maps to the service of its lower_snake form (\"Git Operations\": git_operations).\n"
    "  --initial-state unknown (default) | up: a resource's state before its first record. unknown: that time\n"
    "                is an evidence gap of every period it touches (never exit 0); up: assumed up, and the\n"
    "                report says so (docs/audit.md, section 25).\n"
    "  --statement   the provider's statement instead of a log: CSV (header row) or JSON Lines with period,\n"
    "                availability (\"99.2%\" or \"99.95\", a percentage), and optionally service, clause,\n"
    "                credit_paid (\"100.00\" or \"100.00 USD\") and currency. Each period is audited at its stated\n"
    "                figure (tiers, caps, claims as for any availability) and the credit paid compared with the\n"
    "                credit owed: underpaid, overpaid or matches. A period without a row is not assessed (exit 4);\n"
    "                a bad row or one naming no audited period is rejected with file:line (docs/audit.md, section 26).\n"
    "  --claims      CSV with header service,period,filed       e.g. training,2026-11,2026-12-15\n"
    "  --billing     CSV with header service,period,fee         e.g. training,2026-11,1200000.00\n"
    "  --previous-credits  CSV with header service,period_end,amount  e.g. training,2026-10-31,12000.00\n"
    "  A bad row in these three is an error (file:line: reason, exit 2): a dropped claim or fee would\n"
    "  change the money owed, so they are never skipped. --claimed DAY applies one filing day to every\n"
    "  service and period; it and --claims exclude each other.\n"
    "  --holidays    CSV with header date,calendar,day[,name]   e.g. 2026-10-01,CN,holiday,National Day\n"
    "                the days of the holiday calendar the contract names (holidays \"CN\";): day is holiday or\n"
    "                working (a make-up working day); or an iCalendar FILE.ics whose all-day events are the\n"
    "                holidays. Needed when the contract counts working days with it;\n"
    "                a bad row is an error as above (docs/audit.md, section 27).\n"
    "Range: --period (a month, quarter, year, ISO week 2026-W48 or DAY..DAY), or --from and --to; by default the whole\n"
    "  effective range of the contract. Every period containing one of the days is audited.\n"
    "  --as-of INSTANT (or now) instead: the periods in progress then, from the incidents known by then (later\n"
    "  ones left out, open ones down up to it), the time after it up; each period's error budget, what is\n"
    "  spent, the burn rate over the last hour and day, and when the budget runs out at that rate. Such a\n"
    "  period's evidence is incomplete: exit 4, or 3 when it is already breached. --window 30d (or 24h)\n"
    "  audits the rolling window of that length ending at the instant instead (\"the last 30 days\"): its\n"
    "  availability against the target and its error budget, no credit: a window is not a contract period.\n"
    "Unseen time (docs/audit.md section 33): a period that has not ended at the audit's instant (--now INSTANT,\n"
    "  default the machine's clock, stated in the report) is in progress: never met, exit 4 unless breached;\n"
    "  one that has not begun is not assessed. A period outside the span the incident log covers (--covers\n"
    "  FROM/TO; without it, from the period holding its first record to the one holding its last) is not\n"
    "  assessed: no record there means nobody looked, not no outage.\n"
    "Probes: --probes FILE... (CSV or Prometheus range-query JSON, plain or gzip; - is standard input)\n"
    "  audits the clauses measured from probes; a Prometheus series' target is its --target-label label\n"
    "  (docs/audit.md, \"Probe audits\"); targets come from the clause's target items or --targets.\n"
    "  Figures never depend on the order of rows or series: inputs out of time order are read again,\n"
    "  sorted on disk. With --live, buckets are finished once the input is --lateness past them and a\n"
    "  later sample is lost: counted late, and its period's evidence is incomplete (exit 4).\n"
    "Prometheus: --prometheus URL reads, instead of --probes, the per-target, per-bucket figures that the rules of\n"
    "  `slaudit prometheus-rules CONTRACT` make Prometheus (Thanos, Mimir) record; the figures are those of the raw\n"
    "  samples. Credentials only from files (--bearer-token-file, --basic-auth-file); TLS is verified (--ca-file).\n"
    "  Each clause and period is an input with the SHA-256 of its responses; --save-fetched DIR keeps them and\n"
    "  --prometheus-replay DIR audits from them offline. Server warnings (partial data), buckets the rules never\n"
    "  recorded and NaN figures make the period's evidence incomplete (exit 4 unless an SLA is breached).\n"
    "--ledger FILE: records the audit in one transaction (nothing when it fails: exit 2); read it back with\n"
    "  `slaudit ledger history FILE`. It also reads from the ledger the filing days `slaudit ledger claim`\n"
    "  recorded (deadlines are judged by them) and, for caps over months, the credits earlier audits owed.\n"
    "--strict: rejected incident records make the exit code 1. The report is still printed in full, so\n"
    "  the rejected records (path:line: reason) can be read and fixed. It also reads the incident log as\n"
    "  before unknown fields were tolerated: a field slaudit does not know (else read as absent and listed\n"
    "  in the notes) and a service the contract does not define (else not for this contract: counted\n"
    "  apart, neither used nor rejected) are rejected. Near misses (`ned` for `end`, `Storage` for\n"
    "  `storage`) are rejected with or without it.\n"
    "Examples:\n"
    "  slaudit audit contracts/examples/gpu_cluster.sla --incidents incidents.jsonl --period 2026-11\n"
    "  slaudit audit contract.sla --incidents log.csv --from 2026-01-01 --to 2026-06-30 --explain\n"
    "  slaudit audit contract.sla --incidents log.jsonl --period 2026-Q4 --claims claims.csv --format json\n"
    "  slaudit audit contract.sla --incidents log.jsonl --period 2026-11 --claimed 2026-12-15 --format markdown\n"
    "  slaudit audit contract.sla --incidents log.jsonl --period 2026-11 --format html > report.html\n"
    "  slaudit audit contract.sla --probes probes.csv --incidents maintenance.jsonl --period 2026-11\n"
    "  slaudit audit contract.sla --statement statement.csv --period 2026-11\n"
    "  slaudit audit contract.sla --incidents status.csv --incidents-format status-csv --initial-state up --period 2026-11\n"
    "  slaudit audit contract.sla --prometheus http://localhost:9090 --period 2026-11 --save-fetched fetched/\n"
    "  slaudit audit contract.sla --prometheus-replay fetched/ --period 2026-11\n"
    "Formats: text (default), json (docs/audit-report.schema.json), markdown, and html: one self-contained\n"
    "  page (no network, no script) with the summary, the credits and their clauses, an SVG timeline of each\n"
    "  period (hover an incident for its id, fault class and clause) and the inputs' digests; prints to PDF.\n"
    "  Large logs: text, markdown and html list at most 100 breaches, rejected records and (html) incidents\n"
    "  per period and count the rest; --explain and json list every one (docs/audit.md, section 24).\n"
    "Exit codes: 0 audit done and every SLA met on complete evidence; 3 at least one SLA breached (credits\n"
    "  owed); 4 nothing breached, but some period could not be assessed (no usable evidence: no incident\n"
    "  log, every record rejected, no probe sample) or its evidence is incomplete (records rejected,\n"
    "  samples lost or conflicting), or no period of the contract falls in the range;\n"
    "  1 errors in the contract, or rejected incident records with --strict; 2 usage or I/O errors,\n"
    "  including bad rows in --claims, --billing or --previous-credits.";

constexpr const char* kFleetFooter =
    "\nFleets (docs/fleet.md): --inventory FILE audits each resource of the contract's fleets under its\n"
    "  per-resource clauses (availability S per NOUN), on its own incidents (those naming it, its zone or\n"
    "  its region), over its life span, on its own charges (--billing-export). The report totals per service\n"
    "  and period and lists the breached resources (also --format markdown or html, with the availability\n"
    "  bands and a drill-down per listed resource); --format json lists every resource; --claims-pack FILE\n"
    "  writes the claims to file (CSV, or Markdown when FILE ends in .md); --explain-resource ID prints one\n"
    "  resource's full audit instead. Clauses measured from probes read --probes (CSV or Prometheus JSON):\n"
    "  a resource's targets are those --targets maps to it ({\"t\": {\"service\": \"vm\", \"resource\": \"vm-1\"}})\n"
    "  or, for a resource the map names none of, the target named as its id; --prometheus URL (or\n"
    "  --prometheus-replay DIR) reads them instead from the per-target figures the rules of\n"
    "  `slaudit prometheus-rules` recorded. Group clauses (per region, zone or attribute) from probes read\n"
    "  each member's own targets. --as-of INSTANT [--window D]\n"
    "  audits each resource's period in progress (or rolling window) with the incidents known then.\n"
    "  slaudit audit contracts/library/aws_ec2_fleet.sla --inventory inventory.csv --billing-export billing.csv \\\n"
    "      --incidents incidents.csv --period 2026-11 --claims-pack claims.csv";

void add_fleet_options(CLI::App* cmd, AuditOptions& o) {
  auto* inventory = cmd->add_option("--inventory", o.fleet.inventory,
                                    "Fleet audit: the resources (CSV or JSON Lines: id,service,region,zone,...)");
  cmd->add_option("--inventory-format", o.fleet.inventory_format, "Format of --inventory, when its extension does not say")
      ->check(CLI::IsMember({"csv", "jsonl", "ndjson"}))
      ->needs(inventory);
  cmd->add_option("--billing-export", o.fleet.billing_export,
                  "Fleet audit: charges per resource (CSV resource,period,charge,currency[,usage_type])")
      ->needs(inventory);
  cmd->add_option("--explain-resource", o.fleet.explain_resource,
                  "Fleet audit: print this resource's full audit (any --format; --explain for derivations)")
      ->needs(inventory);
  cmd->add_option("--claims-pack", o.claims_pack, "Fleet audit: write the claims to file here: CSV, or Markdown when the name ends in .md")->needs(inventory);
  for (const char* service_only : {"--statement", "--billing", "--previous-credits", "--live", "--lateness"})
    inventory->excludes(cmd->get_option(service_only));
}

}  // namespace

Command add_audit(CLI::App& app) {
  auto o = std::make_shared<AuditOptions>();
  jobs::AuditJobOptions& j = o->job;
  auto* cmd = app.add_subcommand("audit", "Audit a contract against an incident log: availability, credits owed, "
                                          "recovery, each figure explained");
  cmd->add_option("contract", j.contract, "Contract file (.sla); - reads standard input")->required();
  auto* incidents = cmd->add_option("--incidents", j.incidents, "Incident log (.jsonl or .csv)");
  auto* statement = cmd->add_option("--statement", j.statement,
                                    "The provider's statement: availability per service and period (\"99.2%\"), "
                                    "and the credit paid; CSV or JSON Lines (docs/audit.md, section 26)");
  statement->excludes(incidents);
  cmd->add_option("--statement-format", j.statement_format, "Format of --statement, when its extension does not say")
      ->check(CLI::IsMember({"csv", "jsonl", "ndjson"}))
      ->needs(statement);
  cmd->add_option("--probes", j.probes, "Probe samples: CSV timestamp,target,ok,total or timestamp,target,success, or Prometheus query_range JSON; .gz welcome; - is standard input")
      ->expected(1, -1);
  cmd->add_option("--targets", j.targets_map, "Probe targets to services: JSON {\"target\": {\"service\": \"...\", \"cluster\": \"...\"}}; in a fleet audit, to resources: {\"target\": {\"service\": \"...\", \"resource\": \"ID\"}}");
  cmd->add_option("--lateness", j.lateness,
                  "With --live: how far behind the latest probe sample a sample still counts (default 3h)");
  cmd->add_flag("--live", j.live,
                "The probe inputs are a live stream: a sample later than --lateness is lost and its period's "
                "evidence is incomplete (by default inputs are a batch, read again in time order when needed)");
  cmd->add_option("--target-label", j.target_label, "Prometheus inputs: the label whose value names a series' target (default instance)");
  auto* prom = cmd->add_option("--prometheus", j.prometheus.url,
                               "Read the probe clauses' recorded bucket figures from this Prometheus (Thanos, Mimir) "
                               "URL; rules from `slaudit prometheus-rules`");
  auto* replay = cmd->add_option("--prometheus-replay", j.prometheus.replay_dir,
                                 "Read the responses saved by --save-fetched in this folder instead of the server");
  prom->excludes(replay);
  cmd->add_option("--save-fetched", j.prometheus.save_dir, "Keep every Prometheus response in this (new or empty) folder")
      ->needs(prom);
  cmd->add_option("--bearer-token-file", j.prometheus.bearer_token_file, "Prometheus: a file whose first line is the bearer token")
      ->needs(prom);
  cmd->add_option("--basic-auth-file", j.prometheus.basic_auth_file, "Prometheus: a file whose first line is USER:PASSWORD")
      ->needs(prom);
  cmd->add_option("--ca-file", j.prometheus.ca_file, "Prometheus: PEM certificates to verify the server with")->needs(prom);
  cmd->add_flag("--insecure-skip-verify", j.prometheus.insecure_skip_verify,
                "Prometheus: do not verify the server's TLS certificate (the report says so)")
      ->needs(prom);
  cmd->add_option("--http-timeout", j.prometheus.timeout,
                  "Prometheus: time allowed for one attempt of a request (default 2m); a request with its retries "
                  "ends within twice this");
  cmd->add_option("--http-deadline", j.prometheus.deadline,
                  "Prometheus: time allowed for the whole read, every request (default 30m)");
  cmd->add_option("--http-retries", j.prometheus.retries,
                  "Prometheus: retries after a failed connection, timeout, 429 or 5xx (default 2)")
      ->check(CLI::Range(0, 10));
  cmd->add_flag("--quiet", o->quiet, "No progress on standard error");
  auto* incidents_format =
      cmd->add_option("--incidents-format", j.incidents_format,
                      "Format of the incident log, when its extension does not say; status-csv or status-jsonl: "
                      "a status-change history")
          ->check(CLI::IsMember(jobs::incident_format_names()));
  cmd->add_option("--source-map", j.source_map,
                  "Incident sources: a CSV of source,service[,component] naming which of the source's components or "
                  "services are the contract's (docs/inputs.md)")
      ->needs(incidents_format);
  cmd->add_option("--initial-state", j.initial_state,
                  "Status histories: a resource's state before its first record, unknown (an evidence gap) or up")
      ->check(CLI::IsMember({"unknown", "up"}))
      ->needs(incidents_format);
  auto* period = cmd->add_option("--period", j.period, "Periods to audit: 2026-11, 2026-Q4, 2026, 2026-W48, 2026-03-01..2026-05-31");
  auto* from = cmd->add_option("--from", j.from, "First day to audit, YYYY-MM-DD (with --to)");
  auto* to = cmd->add_option("--to", j.to, "Last day to audit, YYYY-MM-DD (with --from)");
  period->excludes(from)->excludes(to);
  from->needs(to);
  to->needs(from);
  cmd->add_option("--format", o->format, "Report format")->check(CLI::IsMember(report::audit_format_names()));
  cmd->add_flag("--explain", o->explain, "Text report: every figure's derivation and clause, every incident's role");
  cmd->add_flag("--strict", j.strict,
                "Exit 1 when any incident record was rejected (the report is still printed); reject unknown fields "
                "and services the contract does not define instead of setting them aside");
  cmd->add_option("--ledger", j.ledger,
                  "Record the audit in this ledger file (SQLite; created if absent): every period's figures, the "
                  "inputs' digests; a re-audited period supersedes its earlier version (docs/ledger.md)")
      ->check(CLI::Validator(jobs::ledger_path_problem, "FILE"));  // "" or :memory: would keep nothing
  auto* claimed = cmd->add_option("--claimed", j.claimed, "The day a claim was filed, for every service and period");
  auto* claims = cmd->add_option("--claims", j.claims, "Claims filed: CSV service,period,filed");
  claimed->excludes(claims);
  cmd->add_option("--billing", j.billing, "Fees billed, when they differ from the contract: CSV service,period,fee");
  cmd->add_option("--previous-credits", j.previous_credits,
                  "Credits already paid, for caps over a year: CSV service,period_end,amount");
  cmd->add_option("--as-of", j.as_of,
                  "Audit the periods in progress at this instant (2026-11-20T12:00:00Z, or now) from the records "
                  "known by then, with their error budgets and burn rates (docs/audit.md section 28)");
  cmd->add_option("--window", j.window,
                  "With --as-of: audit the rolling window of this length ending at the instant (30d, 24h) instead of "
                  "the contract's periods: availability and error budget, no credit");
  cmd->add_option("--now", j.now,
                  "Judge periods as of this instant (2026-12-07T00:00:00Z; default: the machine's clock): one not "
                  "ended then is in progress (exit 4 unless breached), one not begun is not assessed (docs/audit.md "
                  "section 33)");
  cmd->add_option("--covers", j.covers,
                  "The span the incident log covers, FROM/TO (2026-11-01T00:00:00Z/2026-12-01T00:00:00Z): a period "
                  "outside it is not assessed; default: the periods holding its records")
      ->needs(incidents);
  cmd->add_option("--holidays", j.holidays,
                  "The days of the contract's holiday calendar, for working-day claim dates: CSV date,calendar,day, or .ics");
  add_fleet_options(cmd, *o);
  cmd->footer(std::string(kFooter) + kFleetFooter + "\n" + jobs::incident_sources_help());
  return {cmd, [o] { return run_audit_command(*o); }};
}

}  // namespace slaudit::cli
