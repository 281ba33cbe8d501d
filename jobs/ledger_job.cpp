#include "jobs/ledger_job.h"

#include <filesystem>

#include "base/time/civil_date.h"
#include "base/time/timestamp.h"
#include "ledger/chain.h"
#include "ledger/database.h"
#include "telemetry/common/name_check.h"

namespace slaudit::jobs {

namespace {

// kOk when the chain matches every row; kIncomplete after a warning when it
// does not and the reader said --unverified; kUsageOrIo after the refusal.
int chain_verdict(ledger::Database& db, const std::string& path, const char* command, bool unverified,
                  Messages& messages) {
  const ledger::ChainCheck chain = ledger::check_links(db);
  if (chain.problems.empty()) return kOk;
  const std::string what = path + ": the ledger was changed outside slaudit (" +
                           std::to_string(chain.problems.size()) + " problem(s), the first: " +
                           chain.problems.front() + "): its figures may be forged";
  if (!unverified) {
    messages.push_back("slaudit ledger " + std::string(command) + ": " + what +
                       ". `slaudit ledger verify " + path + "` recomputes the chain and lists every problem; "
                       "--unverified reads it anyway");
    return kUsageOrIo;
  }
  messages.push_back("slaudit: warning: " + what + " (read with --unverified)");
  return kIncomplete;
}

}  // namespace

LedgerHistoryJob run_ledger_history_job(const LedgerHistoryOptions& o) {
  LedgerHistoryJob job;
  ledger::HistoryQuery query;
  query.service = o.service;
  query.resource = o.resource;
  query.all_versions = o.all_versions;
  if (!o.period.empty()) {
    const std::optional<DayRange> range = parse_day_range(o.period);
    if (!range) {
      job.messages.push_back("slaudit ledger history: bad --period '" + o.period + "'; expected " +
                             std::string(kDayRangeForms));
      return job;
    }
    query.first_day = civil_date_text(range->first);
    query.last_day = civil_date_text(range->last);
  }
  // Read-only never creates a file: a mistyped path is an error, not an empty ledger.
  if (!std::filesystem::exists(o.ledger)) {
    job.messages.push_back("slaudit: " + o.ledger + ": no such ledger (an audit with --ledger creates it)");
    return job;
  }
  if (o.by_period && o.all_versions) {
    job.messages.push_back("slaudit ledger history: --by-period sums the current versions; it takes no --all-versions");
    return job;
  }
  if (o.recovery && (o.by_period || o.all_versions || o.resource || !o.period.empty())) {
    job.messages.push_back("slaudit ledger history: --recovery lists each audit's recovery clauses (over the audit's "
                           "range, never superseded); it takes --service only");
    return job;
  }
  int verdict = kOk;
  try {
    auto db = std::make_shared<ledger::Database>(o.ledger, ledger::Database::Mode::ReadOnly);
    verdict = chain_verdict(*db, o.ledger, "history", o.unverified, job.messages);
    if (verdict == kUsageOrIo) return job;
    if (o.by_period) job.summary = ledger::read_account_summary(*db, query);
    if (o.recovery) job.recovery = ledger::read_recovery(*db, o.service);
    job.rows = [db, query](const std::function<void(const ledger::HistoryRow&)>& visit) {
      ledger::for_each_history_row(*db, query, visit);
    };
  } catch (const ledger::LedgerError& e) {
    job.messages.push_back(std::string("slaudit: ") + e.what());
    return job;
  }
  job.exit_code = verdict;
  return job;
}

}  // namespace slaudit::jobs

namespace slaudit::jobs {

namespace {

std::string utc_today() {
  const auto now = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
  const std::chrono::year_month_day day{now};
  return civil_date_text({static_cast<int>(day.year()), static_cast<int>(static_cast<unsigned>(day.month())),
                          static_cast<int>(static_cast<unsigned>(day.day()))});
}

std::string utc_now() {
  return format_utc(std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()));
}

bool ledger_exists(const std::string& path, const char* command, Messages& messages) {
  if (std::filesystem::exists(path)) return true;
  messages.push_back(std::string("slaudit ledger ") + command + ": " + path +
                     ": no such ledger (an audit with --ledger creates it)");
  return false;
}

std::optional<std::string> day_option(const std::string& text, const char* command, const char* option,
                                      Messages& messages) {
  if (parse_civil_date(text)) return text;
  messages.push_back(std::string("slaudit ledger ") + command + ": bad " + option + " '" + text +
                     "'; expected a day as YYYY-MM-DD");
  return std::nullopt;
}

// What each kind of step must and must not be given.
std::string step_option_problem(const LedgerClaimOptions& o, ledger::ClaimEventKind kind) {
  using K = ledger::ClaimEventKind;
  if (kind == K::Paid && o.amount.empty()) return "a payment needs --amount";
  if (kind != K::Paid && !o.amount.empty()) return "--amount goes with paid only";
  if (kind == K::Refused && o.reason.empty()) return "a refusal needs --reason (the provider's words)";
  if (kind != K::Refused && !o.reason.empty()) return "--reason goes with refused only";
  if (kind != K::Filed && !o.reference.empty()) return "--reference goes with filed only";
  // A reference is printed in `ledger claims` rows: a name, checked as the readers check ids.
  if (auto problem = name_problem("--reference", o.reference)) return *problem;
  return "";
}

}  // namespace

LedgerClaimJob run_ledger_claim_job(const LedgerClaimOptions& o) {
  LedgerClaimJob job;
  const std::optional<ledger::ClaimEventKind> kind = ledger::parse_claim_event(o.event);
  if (!kind) {
    job.messages.push_back("slaudit ledger claim: unknown step '" + o.event + "'; expected filed, accepted, paid or refused");
    return job;
  }
  if (const std::string problem = step_option_problem(o, *kind); !problem.empty()) {
    job.messages.push_back("slaudit ledger claim: " + problem);
    return job;
  }
  const std::optional<CivilDate> on = parse_civil_date(o.on);
  if (!on) {
    job.messages.push_back("slaudit ledger claim: bad --on '" + o.on + "'; expected a day as YYYY-MM-DD");
    return job;
  }
  if (!ledger_exists(o.ledger, "claim", job.messages)) return job;
  ledger::ClaimStep step;
  step.contract_title = o.contract_title;
  step.clause_label = o.clause_label;
  step.resource = o.resource;
  step.service = o.service;
  step.period = o.period;
  step.kind = *kind;
  step.on = *on;
  step.reference = o.reference;
  step.amount = o.amount;
  step.reason = o.reason;
  try {
    ledger::Database db(o.ledger, ledger::Database::Mode::ReadWrite);
    const ledger::ClaimStepRecorded r = ledger::record_claim_step(db, step, utc_now());
    job.messages.push_back("slaudit: recorded in " + o.ledger + ": \"" + r.contract_title + "\" " + r.service +
                           (r.clause_label.empty() ? "" : " \"" + r.clause_label + "\"") +
                           (r.resource.empty() ? "" : " " + r.resource) + " " + r.period + " " +
                           ledger::claim_event_name(*kind) + " on " + o.on + " (claim event " +
                           std::to_string(r.event_id) + "); the claim is now " +
                           ledger::claim_stage_name(r.progress.stage) + "; ledger head " + r.head);
    for (const std::string& w : r.warnings) job.messages.push_back("slaudit: warning: " + w);
  } catch (const ledger::LedgerError& e) {
    job.messages.push_back(std::string("slaudit: ") + e.what());
    return job;
  }
  job.exit_code = kOk;
  return job;
}

LedgerClaimsJob run_ledger_claims_job(const LedgerClaimsOptions& o) {
  LedgerClaimsJob job;
  job.as_of_today = o.as_of.empty();
  const std::optional<std::string> as_of =
      job.as_of_today ? std::optional<std::string>(utc_today()) : day_option(o.as_of, "claims", "--as-of", job.messages);
  if (!as_of) return job;
  job.as_of = *as_of;
  std::optional<std::string> due_before;
  if (!o.due_before.empty() && !(due_before = day_option(o.due_before, "claims", "--due-before", job.messages)))
    return job;
  if (!ledger_exists(o.ledger, "claims", job.messages)) return job;
  int verdict = kOk;
  try {
    ledger::Database db(o.ledger, ledger::Database::Mode::ReadOnly);
    verdict = chain_verdict(db, o.ledger, "claims", o.unverified, job.messages);
    if (verdict == kUsageOrIo) return job;
    for (ledger::ClaimRow& c : ledger::read_claims(db)) {
      ledger::ClaimsListRow row{std::move(c), {}, 0};
      row.standing = ledger::standing_of(row.claim, job.as_of);
      if (row.standing == ledger::ClaimStanding::PaidShort) row.short_minor = row.claim.owed_minor - row.claim.progress.paid_minor;
      if (o.open_only && !ledger::needs_action(row.standing)) continue;
      if (due_before && !(row.standing == ledger::ClaimStanding::FileBy && *row.claim.deadline <= *due_before)) continue;
      job.rows.push_back(std::move(row));
    }
  } catch (const ledger::LedgerError& e) {
    job.messages.push_back(std::string("slaudit: ") + e.what());
    return job;
  }
  job.exit_code = verdict;
  return job;
}

}  // namespace slaudit::jobs
