// slaudit check FILE...: parse and check contracts, run the rule catalogue;
// text, JSON or SARIF diagnostics.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/print.h"
#include "jobs/check_job.h"
#include "report/formats.h"

namespace slaudit::cli {

namespace {
struct CheckOptions {
  jobs::CheckJobOptions job;
  std::string format = "text";
};

int run_check(const CheckOptions& o) {
  const jobs::CheckJob job = jobs::run_check_job(o.job);
  print(job.messages);
  if (job.ran) report::find_check_format(o.format)->render({job.files, job.io_errors}, std::cout);
  return job.exit_code;
}
}  // namespace

Command add_check(CLI::App& app) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand(
      "check", "Parse and check contract files, run the ambiguity rules; report every finding with its location");
  cmd->add_option("files", o->job.files, "Contract files (.sla); - reads standard input")->required();
  cmd->add_option("--format", o->format, "Output format")->check(CLI::IsMember(report::check_format_names()));
  cmd->add_option("--rule-option", o->job.rule_options,
                  "ID.KEY=VALUE for a rule, e.g. credit-cap-too-low.min=25% or cluster-size-scope.severity=error");
  cmd->add_flag("--werror", o->job.werror, "Exit 1 when any rule finding or checker warning is left unsilenced");
  cmd->footer("Examples:\n  slaudit check contracts/examples/*.sla\n  slaudit check --format json contract.sla\n"
              "  slaudit check --format sarif contract.sla > slaudit.sarif\n"
              "  slaudit check --rule-option credit-cap-too-low.min=25% contract.sla\n"
              "Silence a rule with @allow(rule-id) on an item or `// slaudit: disable rule-id` in the file;\n"
              "`slaudit rules` lists the rules.\n"
              "Exit codes: 0 clean (warnings and notes allowed), 1 errors in a contract (or warnings with --werror),\n"
              "2 usage or I/O error.");
  return {cmd, [o] { return run_check(*o); }};
}

}  // namespace slaudit::cli
