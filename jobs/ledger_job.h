#pragma once
// slaudit ledger history: the periods a ledger recorded, read back.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jobs/messages.h"
#include "ledger/account_summary.h"
#include "ledger/claims.h"
#include "ledger/history.h"
#include "ledger/recovery_history.h"

namespace slaudit::jobs {

struct LedgerHistoryOptions {
  std::string ledger;        // the ledger file
  std::string service;       // "": every service
  std::optional<std::string> resource;  // a fleet resource; none: every row
  std::string period;        // the day-range grammar: periods that start in it; "": all
  bool all_versions = false; // also superseded versions
  bool by_period = false;    // one row per contract, clause and period: its resources summed (in SQL)
  bool recovery = false;     // each audit's recovery clauses instead of periods
  bool unverified = false;   // read a ledger whose hash chain does not match its rows (exit 4), not refuse it
};

// Calls back every row the query selects, in order, one at a time; may be
// called again (the text table sizes its columns in a first pass). Throws
// ledger::LedgerError when the file fails while it is read.
using HistoryRowSource = std::function<void(const std::function<void(const ledger::HistoryRow&)>&)>;

// History and claims read a ledger back as evidence: one whose chain no
// longer holds its rows (ledger::check_links: a row added outside slaudit, a
// trigger dropped) is refused, naming the first problem (`ledger verify`
// recomputes every digest and lists every problem),
// unless the reader asks for it `unverified`: then it is read with a warning
// and the exit code is kIncomplete, never kOk.
struct LedgerHistoryJob {
  int exit_code = kUsageOrIo;  // kOk, or kIncomplete when read unverified with a broken chain
  Messages messages;
  HistoryRowSource rows;  // set when exit_code is kOk
  std::vector<ledger::PeriodSummary> summary;  // by_period
  std::vector<ledger::RecoveryRow> recovery;   // recovery
};

LedgerHistoryJob run_ledger_history_job(const LedgerHistoryOptions& options);

// slaudit ledger claim: one step of a period's claim (filed, accepted, paid, refused).
struct LedgerClaimOptions {
  std::string ledger;
  std::string event;  // filed, accepted, paid, refused
  std::string service, period;
  std::optional<std::string> contract_title, clause_label, resource;
  std::string on;  // YYYY-MM-DD
  std::string reference, amount, reason;
};

struct LedgerClaimJob {
  int exit_code = kUsageOrIo;
  Messages messages;  // what was recorded, and warnings
};

LedgerClaimJob run_ledger_claim_job(const LedgerClaimOptions& options);

// slaudit ledger claims: where each claim stands on a day.
struct LedgerClaimsOptions {
  std::string ledger;
  std::string as_of;       // YYYY-MM-DD; "": today (UTC), stated in the output
  bool open_only = false;  // only claims that need something done
  std::string due_before;  // YYYY-MM-DD: only unfiled claims whose deadline is on or before it
  bool unverified = false;  // read a ledger whose hash chain does not match its rows (exit 4), not refuse it
};

struct LedgerClaimsJob {
  int exit_code = kUsageOrIo;  // kOk, or kIncomplete when read unverified with a broken chain
  Messages messages;
  std::string as_of;      // the day used
  bool as_of_today = false;
  std::vector<ledger::ClaimsListRow> rows;
};

LedgerClaimsJob run_ledger_claims_job(const LedgerClaimsOptions& options);

}  // namespace slaudit::jobs
