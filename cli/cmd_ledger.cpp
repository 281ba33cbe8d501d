// slaudit ledger history LEDGER: the periods recorded by `audit --ledger`.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/print.h"
#include "jobs/ledger_job.h"
#include "report/ledger/history.h"

namespace slaudit::cli {

namespace {

struct HistoryCli {
  jobs::LedgerHistoryOptions job;
  std::string format = "text";
};

int run_history(const HistoryCli& o) {
  const jobs::LedgerHistoryJob job = jobs::run_ledger_history_job(o.job);
  print(job.messages);
  if (job.exit_code != kOk) return job.exit_code;
  if (o.format == "json") std::cout << report::render_history_json(job.rows);
  else if (o.format == "csv") std::cout << report::render_history_csv(job.rows);
  else std::cout << report::render_history_text(job.rows);
  return kOk;
}

constexpr const char* kFooter =
    "Each row is one period of one availability clause as an audit recorded it: availability (exact in JSON\n"
    "  and CSV as a fraction), counted downtime, what was owed, the verdict and the audit's id and time. By\n"
    "  default only the current version of each period; --all-versions adds those a re-audit superseded.\n"
    "Examples:\n"
    "  slaudit audit contract.sla --incidents nov.jsonl --period 2026-11 --ledger audits.db\n"
    "  slaudit ledger history audits.db\n"
    "  slaudit ledger history audits.db --service training --period 2026 --format csv > history.csv\n"
    "Exit codes: 0 done; 2 usage or I/O errors (no such ledger, not a ledger, a newer schema).";

}  // namespace

Command add_ledger(CLI::App& app) {
  auto* cmd = app.add_subcommand("ledger", "Read the audit ledger that `audit --ledger` keeps (docs/ledger.md)");
  cmd->require_subcommand(1);
  auto o = std::make_shared<HistoryCli>();
  auto* history = cmd->add_subcommand("history", "The periods recorded, month by month, with their figures");
  history->add_option("ledger", o->job.ledger, "The ledger file")->required();
  history->add_option("--service", o->job.service, "Only this service");
  history->add_option("--period", o->job.period, "Only periods starting in these days (2026, 2026-Q4, 2026-11, A/B)");
  history->add_flag("--all-versions", o->job.all_versions, "Also the versions a re-audit superseded");
  history->add_option("--format", o->format, "text (default), json or csv")
      ->check(CLI::IsMember({"text", "json", "csv"}));
  history->footer(kFooter);
  return {cmd, [o] { return run_history(*o); }};
}

}  // namespace slaudit::cli
