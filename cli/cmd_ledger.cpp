// slaudit ledger history|claim|claims|verify LEDGER: the audit ledger that
// `audit --ledger` keeps, read back, its claims recorded and listed, and a
// recorded audit run again.
#include <iostream>
#include <memory>
#include <vector>

#include "cli/commands.h"
#include "cli/print.h"
#include "jobs/ledger_job.h"
#include "jobs/ledger_verify.h"
#include "report/html/history_html.h"
#include "report/ledger/claims.h"
#include "report/ledger/history.h"
#include "report/ledger/recovery.h"
#include "report/ledger/summary.h"

namespace slaudit::cli {

namespace {

struct HistoryCli {
  jobs::LedgerHistoryOptions job;
  std::string resource;  // "": every row
  std::string format = "text";
};

int run_history(const HistoryCli& o) {
  jobs::LedgerHistoryOptions options = o.job;
  if (!o.resource.empty()) options.resource = o.resource;
  const jobs::LedgerHistoryJob job = jobs::run_ledger_history_job(options);
  print(job.messages);
  // kIncomplete: read --unverified from a ledger whose chain is broken; rendered, and the code kept.
  if (job.exit_code != kOk && job.exit_code != jobs::kIncomplete) return job.exit_code;
  if (o.job.by_period) {
    if (o.format == "json") std::cout << report::render_summary_json(job.summary);
    else if (o.format == "csv") std::cout << report::render_summary_csv(job.summary);
    else if (o.format == "text") std::cout << report::render_summary_text(job.summary);
    else {
      std::cerr << "slaudit ledger history: --by-period is text, json or csv\n";
      return kUsageOrIo;
    }
    return job.exit_code;
  }
  if (o.job.recovery) {
    if (o.format == "json") std::cout << report::render_recovery_json(job.recovery);
    else if (o.format == "csv") std::cout << report::render_recovery_csv(job.recovery);
    else if (o.format == "text") std::cout << report::render_recovery_text(job.recovery);
    else {
      std::cerr << "slaudit ledger history: --recovery is text, json or csv\n";
      return kUsageOrIo;
    }
    return job.exit_code;
  }
  try {  // written as read: a file failing half way ends the output with the reason
    if (o.format == "json") report::write_history_json(job.rows, std::cout);
    else if (o.format == "csv") report::write_history_csv(job.rows, std::cout);
    else if (o.format == "html") report::write_history_html(job.rows, options.ledger, std::cout);
    else report::write_history_text(job.rows, std::cout);
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << "slaudit: " << e.what() << "\n";
    return kUsageOrIo;
  }
  return job.exit_code;
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

struct ClaimCli {
  jobs::LedgerClaimOptions job;
  std::string contract, clause = "*", resource = "*";  // "*": any clause, any resource
};

int run_claim(const ClaimCli& o) {
  jobs::LedgerClaimOptions job = o.job;
  if (!o.contract.empty()) job.contract_title = o.contract;
  if (o.clause != "*") job.clause_label = o.clause;
  if (o.resource != "*") job.resource = o.resource;
  const jobs::LedgerClaimJob done = jobs::run_ledger_claim_job(job);
  print(done.messages);
  return done.exit_code;
}

struct ClaimsCli {
  jobs::LedgerClaimsOptions job;
  std::string format = "text";
};

int run_claims(const ClaimsCli& o) {
  jobs::LedgerClaimsJob job = jobs::run_ledger_claims_job(o.job);
  print(job.messages);
  if (job.exit_code != kOk && job.exit_code != jobs::kIncomplete) return job.exit_code;
  const report::ClaimsListing listing{o.job.ledger, job.as_of, job.as_of_today, std::move(job.rows)};
  if (o.format == "json") std::cout << report::render_claims_json(listing);
  else if (o.format == "csv") std::cout << report::render_claims_csv(listing);
  else std::cout << report::render_claims_text(listing);
  return job.exit_code;
}

struct VerifyCli {
  jobs::LedgerVerifyOptions job;
  std::string format = "text";
};

int run_verify(const VerifyCli& o) {
  const jobs::LedgerVerifyJob job = jobs::run_ledger_verify_job(o.job);
  print(job.messages);
  if (job.exit_code == kUsageOrIo) return job.exit_code;
  std::cout << (o.format == "json" ? report::render_verification_json(job.result)
                                   : report::render_verification_text(job.result));
  return job.exit_code;
}

constexpr const char* kClaimFooter =
    "Steps: filed (--on, --reference), accepted (--on), paid (--on, --amount; several payments add up), refused\n"
    "  (--on, --reason). A step must follow the claim's earlier ones (filed first, once; nothing after a refusal;\n"
    "  no date before the filing). The period is found among the ledger's current versions by --service and\n"
    "  --period, narrowed by --contract and --clause when two contracts or clauses have that period. An audit\n"
    "  with --ledger judges the period's claim deadline by the filing day recorded here.\n"
    "Examples:\n"
    "  slaudit ledger claim audits.db filed --service api --period 2026-11 --on 2026-12-05 --reference CASE-123\n"
    "  slaudit ledger claim audits.db paid --service api --period 2026-11 --on 2027-01-10 --amount 80.00\n"
    "Exit codes: 0 recorded; 2 usage or I/O errors, no such period, a step out of order (nothing recorded).";

constexpr const char* kClaimsFooter =
    "Every current period that owes a credit or has a claim step, with where the claim stands on the day: to\n"
    "  file by its deadline, lapsed, awaiting payment, paid short (by how much), paid, refused. Without --as-of\n"
    "  the day is today in UTC, and the output says so.\n"
    "Examples:\n"
    "  slaudit ledger claims audits.db --open\n"
    "  slaudit ledger claims audits.db --due-before 2026-12-31 --format csv\n"
    "Exit codes: 0 done; 2 usage or I/O errors.";

constexpr const char* kVerifyFooter =
    "Runs a recorded audit again from the inputs it recorded (they must be there with the same SHA-256 digests;\n"
    "  the claim filings and earlier credits it read from the ledger are used as it recorded them) and compares\n"
    "  every figure of every period with the ledger's. It also checks the whole ledger: the hash chain over every\n"
    "  audit and claim step (a row edited, added or removed by another tool), the kept per-period totals against\n"
    "  the rows, and that each current audit's caps over months counted the earlier credits the ledger holds now.\n"
    "  --head checks that a head digest you kept (each audit and claim step prints the new one) is still a link:\n"
    "  nothing recorded up to it was rewritten.\n"
    "Examples:\n"
    "  slaudit ledger verify audits.db            # the latest audit\n"
    "  slaudit ledger verify audits.db --audit 3 --format json\n"
    "  slaudit ledger verify audits.db --head 3f0c...e1   # the 64 hex digits an audit printed\n"
    "Exit codes: 0 the same figures and a whole ledger; 3 some figure differs, or the ledger was changed or holds a\n"
    "  stale cap; 4 cannot be run again as it was (an input gone or changed, read from standard input or a live\n"
    "  Prometheus server); 2 usage or I/O errors.";

void add_claim(CLI::App& ledger, std::vector<Command>& commands) {
  auto o = std::make_shared<ClaimCli>();
  auto* cmd = ledger.add_subcommand("claim", "Record a step of a period's claim: filed, accepted, paid or refused");
  cmd->add_option("ledger", o->job.ledger, "The ledger file")->required();
  cmd->add_option("step", o->job.event, "filed, accepted, paid or refused")
      ->required()
      ->check(CLI::IsMember({"filed", "accepted", "paid", "refused"}));
  cmd->add_option("--service", o->job.service, "The period's service")->required();
  cmd->add_option("--period", o->job.period, "The period's label, as the audit wrote it (2026-11)")->required();
  cmd->add_option("--on", o->job.on, "The day it happened, YYYY-MM-DD")->required();
  cmd->add_option("--contract", o->contract, "The contract's title, when the ledger holds several");
  cmd->add_option("--clause", o->clause, "The clause's label, when the service has several clauses (\"\" for none)")
      ->default_str("*");
  cmd->add_option("--resource", o->resource, "A fleet audit's resource (or group), when the period is one of a fleet's")
      ->default_str("*");
  cmd->add_option("--reference", o->job.reference, "filed: the claim's reference with the provider");
  cmd->add_option("--amount", o->job.amount, "paid: the amount paid, in the contract's currency");
  cmd->add_option("--reason", o->job.reason, "refused: the provider's reason");
  cmd->footer(kClaimFooter);
  commands.push_back({cmd, [o] { return run_claim(*o); }});
}

void add_claims(CLI::App& ledger, std::vector<Command>& commands) {
  auto o = std::make_shared<ClaimsCli>();
  auto* cmd = ledger.add_subcommand("claims", "Where each claim stands: to file, lapsed, awaiting payment, paid short");
  cmd->add_option("ledger", o->job.ledger, "The ledger file")->required();
  cmd->add_option("--as-of", o->job.as_of, "Judge deadlines on this day, YYYY-MM-DD (default: today, UTC)");
  cmd->add_flag("--open", o->job.open_only, "Only claims needing action: to file, awaiting payment, paid short");
  cmd->add_option("--due-before", o->job.due_before, "Only claims still to file whose deadline is on or before this day");
  cmd->add_flag("--unverified", o->job.unverified,
                "Read a ledger whose hash chain does not match its rows (refused otherwise), with a warning and exit 4");
  cmd->add_option("--format", o->format, "text (default), json or csv")->check(CLI::IsMember({"text", "json", "csv"}));
  cmd->footer(kClaimsFooter);
  commands.push_back({cmd, [o] { return run_claims(*o); }});
}

void add_verify(CLI::App& ledger, std::vector<Command>& commands) {
  auto o = std::make_shared<VerifyCli>();
  auto* cmd = ledger.add_subcommand("verify", "Run a recorded audit again from its inputs and compare every figure");
  cmd->add_option("ledger", o->job.ledger, "The ledger file")->required();
  cmd->add_option("--audit", o->job.audit_id, "The audit's id (default: the latest)")->check(CLI::PositiveNumber);
  cmd->add_option("--format", o->format, "text (default) or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--head", o->job.head, "A head digest kept elsewhere: it must be a link of the ledger's chain");
  cmd->footer(kVerifyFooter);
  commands.push_back({cmd, [o] { return run_verify(*o); }});
}

}  // namespace

Command add_ledger(CLI::App& app) {
  auto* cmd = app.add_subcommand("ledger", "The audit ledger that `audit --ledger` keeps: history, claims, verify (docs/ledger.md)");
  cmd->require_subcommand(1);
  auto o = std::make_shared<HistoryCli>();
  auto* history = cmd->add_subcommand("history", "The periods recorded, month by month, with their figures");
  history->add_option("ledger", o->job.ledger, "The ledger file")->required();
  history->add_option("--service", o->job.service, "Only this service");
  history->add_option("--resource", o->resource, "Only this fleet resource (or group)");
  history->add_option("--period", o->job.period, "Only periods starting in these days (2026, 2026-Q4, 2026-11, A/B)");
  history->add_flag("--all-versions", o->job.all_versions, "Also the versions a re-audit superseded");
  history->add_flag("--by-period", o->job.by_period,
                    "One row per contract, clause and period: its resources summed (breached, lowest, owed)");
  history->add_flag("--recovery", o->job.recovery,
                    "Each audit's recovery clauses (over its range): breaches, credit, cap, owed");
  history->add_flag("--unverified", o->job.unverified,
                    "Read a ledger whose hash chain does not match its rows (refused otherwise), with a warning and exit 4");
  history->add_option("--format", o->format, "text (default), json, csv or html (charts by period)")
      ->check(CLI::IsMember({"text", "json", "csv", "html"}));
  history->footer(kFooter);
  auto subcommands = std::make_shared<std::vector<Command>>();
  subcommands->push_back({history, [o] { return run_history(*o); }});
  add_claim(*cmd, *subcommands);
  add_claims(*cmd, *subcommands);
  add_verify(*cmd, *subcommands);
  return {cmd, [subcommands]() -> int {
            for (const Command& c : *subcommands)
              if (c.app->parsed()) return c.run();
            return kUsageOrIo;
          }};
}

}  // namespace slaudit::cli
