// slaudit prometheus-rules CONTRACT: the recording rules that let Prometheus
// (Thanos, Mimir) reduce the probe samples of every probe clause to
// per-target, per-bucket figures, for `slaudit audit --prometheus URL`.
#include <iostream>
#include <memory>

#include "base/util/file_io.h"
#include "cli/commands.h"
#include "cli/output_files.h"
#include "cli/print.h"
#include "jobs/prometheus_rules_job.h"
#include "report/prometheus/recording_rules.h"

namespace slaudit::cli {

namespace {

struct PrometheusRulesCli {
  jobs::PrometheusRulesOptions job;
  std::string output;  // "" or "-": standard output
};

int run_prometheus_rules(const PrometheusRulesCli& o) {
  if (!output_is_not_an_input("prometheus-rules", {"-o", &o.output}, {{"the contract", &o.job.contract}}))
    return kUsageOrIo;
  const jobs::PrometheusRulesJob job = jobs::run_prometheus_rules_job(o.job);
  print(job.messages);
  if (!job.rules) return job.exit_code;
  const std::string text = report::render_recording_rules(*job.rules, *job.source);
  if (o.output.empty() || o.output == "-") {
    std::cout << text;
    return job.exit_code;
  }
  std::string error;
  if (!write_file(o.output, text, error)) {
    std::cerr << "slaudit prometheus-rules: " << error << "\n";
    return kUsageOrIo;
  }
  return job.exit_code;
}

constexpr const char* kFooter =
    "What is recorded: per target (--target-label) and per bucket of each probe clause, the sum of `ok` and\n"
    "  of `total` of the raw samples in the bucket (slaudit:probe_ok:bucket, slaudit:probe_total:bucket), and\n"
    "  slaudit:probe_evaluated:bucket = 1 for every bucket recorded. Buckets start at the period's start in the\n"
    "  contract's zone exactly as in `audit --probes`; a group per distinct offset of that start.\n"
    "Raw samples: --success SELECTOR, a 0/1 gauge such as blackbox's probe_success (the default), or --ok and\n"
    "  --total, gauges of per-sample counts (the probe CSV's ok,total). Prefix SERVICE= for one service.\n"
    "  Counters (_total, _count, ...) are refused: PromQL cannot bucket them exactly.\n"
    "Refused, with the clause's line: a bucket that does not divide the periods (it would be clipped).\n"
    "--lag: figures are recorded this long (rounded up to whole buckets) after their bucket ends, so that\n"
    "  late scrapes are in. --prometheus-version 3 for Prometheus 3.x (PromQL ranges exclude their start).\n"
    "Examples:\n"
    "  slaudit prometheus-rules contracts/library/amazon_s3_standard.sla -o slaudit-rules.yml\n"
    "  promtool check rules slaudit-rules.yml\n"
    "  slaudit prometheus-rules contract.sla --success 'api=probe_success{job=\"blackbox-api\"}' --period 2026\n"
    "  slaudit prometheus-rules contract.sla --ok probe_ok_requests --total probe_requests\n"
    "  promtool tsdb create-blocks-from rules --start 2026-11-01T00:00:00Z --end 2026-12-01T01:00:00Z \\\n"
    "      --url http://localhost:9090 slaudit-rules.yml     # backfill a month already scraped\n"
    "  slaudit audit contract.sla --prometheus http://localhost:9090 --period 2026-11\n"
    "Exit codes: 0 rules written, 1 contract errors or a clause that cannot be recorded exactly, 2 usage or I/O.";

}  // namespace

Command add_prometheus_rules(CLI::App& app) {
  auto o = std::make_shared<PrometheusRulesCli>();
  jobs::PrometheusRulesOptions& j = o->job;
  auto* cmd = app.add_subcommand("prometheus-rules",
                                 "Write Prometheus recording rules that reduce probe samples to the figures an audit needs");
  cmd->add_option("contract", j.contract, "Contract file (.sla); - reads standard input")->required();
  cmd->add_option("-o,--output", o->output, "Write the rule file here (default: standard output)");
  auto* period = cmd->add_option("--period", j.period, "Periods the rules must serve (default: the effective range)");
  auto* from = cmd->add_option("--from", j.from, "First day, YYYY-MM-DD (with --to)");
  auto* to = cmd->add_option("--to", j.to, "Last day, YYYY-MM-DD (with --from)");
  period->excludes(from)->excludes(to);
  from->needs(to);
  to->needs(from);
  cmd->add_option("--success", j.success, "[SERVICE=]SELECTOR of a 0/1 gauge (default probe_success)");
  cmd->add_option("--ok", j.ok, "[SERVICE=]SELECTOR of a gauge of good requests per sample (with --total)");
  cmd->add_option("--total", j.total, "[SERVICE=]SELECTOR of a gauge of requests per sample (with --ok)");
  cmd->add_option("--target-label", j.target_label, "The label naming a target (default instance)");
  cmd->add_option("--lag", j.lag, "Record a bucket this long after it ends, rounded up to buckets (default 1m)");
  cmd->add_option("--prometheus-version", j.prometheus_version, "2 (default) or 3: PromQL's range edges")
      ->check(CLI::IsMember({2, 3}));
  cmd->footer(kFooter);
  return {cmd, [o] { return run_prometheus_rules(*o); }};
}

}  // namespace slaudit::cli
