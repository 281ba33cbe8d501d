// slaudit claims CONTRACT [--inventory FILE] [--measurements FILE] [--incidents FILE]:
// verify the contract's claims and commitments against evidence and print a
// verdict for each (text, JSON or Markdown).
//
// Standard output holds only the report; errors and warnings go to standard error.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/print.h"
#include "jobs/inputs.h"
#include "jobs/claims_job.h"
#include "report/formats.h"

namespace slaudit::cli {

namespace {

struct ClaimsOptions {
  jobs::ClaimsJobOptions job;
  std::string format = "text";
};

int run_claims_command(const ClaimsOptions& o) {
  const jobs::ClaimsJob job = jobs::run_claims_job(o.job);
  print(job.messages);
  if (job.report) report::find_claims_format(o.format)->render(*job.report, std::cout);
  print(job.trailing);
  return job.exit_code;
}

constexpr const char* kFooter =
    "Evidence (each optional; a claim whose evidence is missing is UNVERIFIABLE and says which input would settle it):\n"
    "  --inventory     JSON {\"clusters\": [{\"id\", \"gpus\", \"nodes\", \"region\", \"interconnect\", \"tenancy\"}]};\n"
    "                  read strictly: a bad value is an error at its JSON path (exit 2)\n"
    "  --measurements  JSON Lines {\"metric\", \"value\", \"unit\", \"condition\", \"time\", \"source\"}; a bad record\n"
    "                  is rejected with its line and reason, listed in the report\n"
    "  --incidents     the audit's incident log (JSON Lines or CSV): availability per period and time to recover\n"
    "Range: --period or --from/--to choose the days availability and recovery are read over; by default the\n"
    "  calendar months the incident log spans.\n"
    "Status histories: --incidents-format status-csv or status-jsonl reads up/down transitions into incidents\n"
    "  (docs/audit.md, section 25); what the history leaves unknown (--initial-state unknown, the default) or\n"
    "  assumes (--initial-state up) is noted in the report.\n"
    "Verdicts (docs/claims.md): VERIFIED, REFUTED, AMBIGUOUS (readings disagree: single cluster vs aggregate,\n"
    "  per month vs whole range, per fault class vs all, empty vs under load), UNVERIFIABLE (no evidence).\n"
    "Examples:\n"
    "  slaudit claims contracts/examples/article_claims.sla --inventory contracts/examples/article_claims.inventory.json \\\n"
    "      --measurements contracts/examples/article_claims.measurements.jsonl \\\n"
    "      --incidents contracts/examples/article_claims.incidents.jsonl\n"
    "  slaudit claims contract.sla --inventory inv.json --measurements m.jsonl --incidents log.jsonl --format json\n"
    "Exit codes: 0 every claim and commitment VERIFIED; 3 any REFUTED, AMBIGUOUS or UNVERIFIABLE (UNVERIFIABLE\n"
    "  is allowed with --allow-unverifiable); 1 errors in the contract, or rejected evidence records with --strict;\n"
    "  2 usage or I/O errors, including a bad inventory or an unreadable incident log.";

}  // namespace

Command add_claims(CLI::App& app) {
  auto o = std::make_shared<ClaimsOptions>();
  jobs::ClaimsJobOptions& j = o->job;
  auto* cmd = app.add_subcommand("claims", "Verify a contract's claims and commitments against an inventory, "
                                           "measurements and an incident log");
  cmd->add_option("contract", j.contract, "Contract file (.sla); - reads standard input")->required();
  cmd->add_option("--inventory", j.inventory, "Cluster inventory (JSON)");
  cmd->add_option("--measurements", j.measurements, "Measurements (JSON Lines)");
  cmd->add_option("--incidents", j.incidents, "Incident log (.jsonl or .csv)");
  auto* incidents_format =
      cmd->add_option("--incidents-format", j.incidents_format,
                      "Format of the incident log, when its extension does not say; status-csv or status-jsonl: "
                      "a status-change history (docs/audit.md, section 25)")
          ->check(CLI::IsMember(jobs::incident_format_names()));
  cmd->add_option("--source-map", j.source_map,
                  "Incident sources: a CSV of source,service[,component] naming which of the source's components or "
                  "services are the contract's (docs/inputs.md)")
      ->needs(incidents_format);
  cmd->add_option("--initial-state", j.initial_state,
                  "Status histories: a resource's state before its first record, unknown (noted) or up (assumed)")
      ->check(CLI::IsMember({"unknown", "up"}))
      ->needs(incidents_format);
  auto* period = cmd->add_option("--period", j.period, "Days to read incidents over: 2026-11, 2026-Q4, 2026, DAY..DAY");
  auto* from = cmd->add_option("--from", j.from, "First day, YYYY-MM-DD (with --to)");
  auto* to = cmd->add_option("--to", j.to, "Last day, YYYY-MM-DD (with --from)");
  period->excludes(from)->excludes(to);
  from->needs(to);
  to->needs(from);
  cmd->add_option("--format", o->format, "Report format")->check(CLI::IsMember(report::claims_format_names()));
  cmd->add_flag("--strict", j.strict,
                "Exit 1 when any evidence record was rejected (the report is still printed); in the incident log, "
                "reject unknown fields and services the contract does not define instead of setting them aside");
  cmd->add_flag("--allow-unverifiable", j.allow_unverifiable,
                "UNVERIFIABLE claims do not fail the run (exit 0 when the rest are VERIFIED)");
  cmd->footer(std::string(kFooter) + "\n" + jobs::incident_sources_help());
  return {cmd, [o] { return run_claims_command(*o); }};
}

}  // namespace slaudit::cli
