// slaudit compare A.sla B.sla [C.sla ...]: the same outage history through
// every contract, the seven questions per vendor, and a scorecard on the
// article's six dimensions; text, JSON, Markdown or HTML.
//
// Standard output holds only the report; errors and warnings go to standard error.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/print.h"
#include "jobs/compare_job.h"
#include "report/formats.h"

namespace slaudit::cli {

namespace {

struct CompareOptions {
  jobs::CompareJobOptions job;
  std::string format = "text";
};

int run_compare_command(const CompareOptions& o) {
  const jobs::CompareJob job = jobs::run_compare_job(o.job);
  print(job.messages);
  if (job.report) report::find_compare_format(o.format)->render(*job.report, std::cout);
  print(job.trailing);
  return job.exit_code;
}

constexpr const char* kFooter =
    "Evidence: for each contract NAME.sla, NAME.inventory.json, NAME.measurements.jsonl and NAME.incidents.jsonl\n"
    "  (or .csv), each optional, beside the contract or in --evidence DIR (the formats of `slaudit claims`).\n"
    "  Claims without evidence are UNVERIFIABLE and earn nothing on the scorecard.\n"
    "Replay: one outage history through every contract, each with its own exclusions, minimums, periods, credits\n"
    "  and recovery clauses: --replay LOG (the audit's incident log; its service is renamed onto each contract's), or\n"
    "  --generate: the seeded generator with the Llama 3 fault mix, 419 unexpected and 47 planned interruptions over\n"
    "  54 days on 16,384 GPUs, scaled to --days and --job-gpus. Each contract audits the days of the history in its\n"
    "  own time zone, or --period / --from --to. The lost training time is priced at each contract's own price per\n"
    "  GPU-hour (its fee over its GPUs) for a job of --job-gpus GPUs (default 16,384).\n"
    "Weights: the article's 25/22/20/15/10/8 by default; --weights FILE with one line per dimension:\n"
    "  cluster_scale = 25, fault_recovery = 22, network_storage = 20, scheduling = 15, sla_terms = 10, openness = 8\n"
    "  (all six, adding up to 100; `#` comments). A bad file is an error at its line (exit 2).\n"
    "Formats: text (default), json (docs/compare-report.schema.json), markdown, html (one self-contained page\n"
    "  with a bar chart of the weighted scores and a chart of each contract's credits against the lost time).\n"
    "Examples:\n"
    "  slaudit compare contracts/compare/*.sla --replay contracts/compare/replay.incidents.jsonl\n"
    "  slaudit compare contracts/compare/*.sla --generate --seed 7 --format html > compare.html\n"
    "  slaudit compare a.sla b.sla --generate --days 30 --job-gpus 4096 --weights inference.weights --format json\n"
    "Formulas: docs/compare.md.\n"
    "Exit codes: 0 the comparison is complete; 4 it is incomplete: records rejected, or a contract whose replay\n"
    "  could not be audited, assessed or priced (each said in the report); 1 errors in a contract, or rejected\n"
    "  records with --strict; 2 usage or I/O errors, including a bad weights file or inventory.";

}  // namespace

Command add_compare(CLI::App& app) {
  auto o = std::make_shared<CompareOptions>();
  jobs::CompareJobOptions& j = o->job;
  auto* cmd = app.add_subcommand("compare", "Compare providers' contracts: one outage history through each, the seven "
                                            "questions before signing, a scorecard on six weighted dimensions");
  cmd->add_option("contracts", j.contracts, "Two or more contract files (.sla)")->required()->expected(2, -1);
  auto* evidence = cmd->add_option("--evidence", j.evidence_dir, "Folder of each contract's evidence (default: beside it)");
  auto* none = cmd->add_flag("--no-evidence", j.no_evidence, "Read no evidence: compare the contracts' terms only");
  evidence->excludes(none);
  cmd->add_option("--service", j.service, "The service to compare (and replay) in every contract; default: each one's only service");
  auto* replay = cmd->add_option("--replay", j.replay, "An outage history: the audit's incident log (.jsonl or .csv)");
  cmd->add_option("--replay-format", j.replay_format, "Format of the replayed log, when its extension does not say")
      ->check(CLI::IsMember({"jsonl", "ndjson", "json", "csv"}))
      ->needs(replay);
  auto* generate = cmd->add_flag("--generate", j.generate, "Replay a generated history with the Llama 3 fault mix");
  replay->excludes(generate);
  cmd->add_option("--seed", j.seed, "Generator seed (default 1)")->needs(generate);
  cmd->add_option("--days", j.days, "Days generated (default 54, the reference's)")->needs(generate);
  cmd->add_option("--generate-from", j.generate_from, "First day generated, UTC (default 2026-10-01)")->needs(generate);
  cmd->add_option("--job-gpus", j.job_gpus, "GPUs of the training job whose lost time is priced (default 16384)");
  auto* period = cmd->add_option("--period", j.period, "Days to replay: 2026-11, 2026-Q4, 2026, DAY..DAY");
  auto* from = cmd->add_option("--from", j.from, "First day to replay, YYYY-MM-DD (with --to)");
  auto* to = cmd->add_option("--to", j.to, "Last day to replay, YYYY-MM-DD (with --from)");
  period->excludes(from)->excludes(to);
  from->needs(to);
  to->needs(from);
  cmd->add_option("--weights", j.weights, "Weights of the six dimensions (a file; default the article's 25/22/20/15/10/8)");
  cmd->add_option("--format", o->format, "Report format")->check(CLI::IsMember(report::compare_format_names()));
  cmd->add_flag("--strict", j.strict,
                "Exit 1 when any record was rejected (the report is still printed); reject unknown fields of the "
                "replayed log instead of reading them as absent");
  cmd->footer(kFooter);
  return {cmd, [o] { return run_compare_command(*o); }};
}

}  // namespace slaudit::cli
