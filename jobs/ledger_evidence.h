#pragma once
// What `audit --ledger` reads from the ledger before it audits, and what it
// keeps there so that `ledger verify` can run the audit again:
// - the filing days of claims recorded with `ledger claim` (the audit judges
//   deadlines by them, as by --claims; an explicit filing comes later and wins);
// - the credits earlier periods owed, when a cap runs over a contract year or
//   trailing months (as --previous-credits gives them, which still wins for a
//   period it names);
// - the audit's options as JSON, with absolute paths and what it read above.
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "engine/audit/audit.h"
#include "jobs/audit_job.h"
#include "jobs/fleet_job.h"
#include "jobs/messages.h"

namespace slaudit::ledger {
class Database;
class Transaction;
struct Recorded;
struct EarlierCredit;
}  // namespace slaudit::ledger

namespace slaudit::jobs {

// An audit's hold on its ledger: the file opened (created and migrated when
// new) and its write lock taken before the audit reads what its figures
// depend on (claim filings, earlier credits), kept until the audit is
// recorded: no other writer can change them in between, and each writer
// waits for the one before (docs/ledger.md, "Guarantees").
class LedgerLock {
 public:
  explicit LedgerLock(const std::string& path);  // throws ledger::LedgerError
  ~LedgerLock();
  LedgerLock(const LedgerLock&) = delete;
  LedgerLock& operator=(const LedgerLock&) = delete;
  ledger::Database& db() { return *db_; }
  const std::string& path() const { return path_; }
  void commit();
  // The audit counts earlier credits for caps over months: once it is
  // recorded, later audits of the contract that counted them may be stale.
  void watch_caps(const std::string& contract_title) { caps_of_ = contract_title; }
  const std::optional<std::string>& caps_of() const { return caps_of_; }

 private:
  std::optional<std::string> caps_of_;
  std::string path_;
  std::unique_ptr<ledger::Database> db_;
  std::unique_ptr<ledger::Transaction> transaction_;
};

// Why `path` cannot be a ledger ("" when it can): an empty name, or SQLite's
// in-memory database, would keep nothing.
std::string ledger_path_problem(const std::string& path);

// Takes the lock: false after adding why not.
bool lock_ledger(const std::string& path, std::unique_ptr<LedgerLock>& out, Messages& messages);

// Records the audit with `record` under the lock (stamped now, UTC) and
// commits: false after adding why not (nothing of the audit is written then).
// Warns of each later audit whose caps over months it makes stale (an
// earlier month recorded after a later one: re-audit the later).
using LedgerRecorder = std::function<ledger::Recorded(ledger::Database&, const std::string& recorded_at)>;
bool record_in_ledger(LedgerLock& lock, const LedgerRecorder& record, int64_t& audit_id, Messages& messages);

// Read under the lock. False after adding why not.
bool read_ledger_evidence(LedgerLock& lock, const model::Contract& contract, const audit::AuditRange& range,
                          const std::vector<audit::PreviousCredit>& given_credits, LedgerEvidence& out,
                          Messages& messages);

// Into the request: the ledger's filings before the explicit ones (the last
// matching filing is the one judged), its credits beside the given ones.
void apply_ledger_evidence(const LedgerEvidence& evidence, audit::AuditRequest& request);

// The report's notes: which filings and earlier credits came from the ledger.
void note_ledger_evidence(const LedgerEvidence& evidence, const std::string& path, audit::AuditReport& report);

// The options a re-run needs, as JSON (paths made absolute); and back. The
// reading fails with why when the audit cannot be run again from them.
std::string audit_options_json(const AuditJobOptions& options, const LedgerEvidence& evidence);
std::optional<AuditJobOptions> audit_options_from_json(const std::string& json, std::string& why);

// What a recorded audit read from its ledger, from its options (JSON); none
// when they cannot be read. `gave_credits`: it took --previous-credits too,
// which win over the ledger's credits for the periods they name.
std::optional<LedgerEvidence> recorded_evidence(const std::string& options_json, bool& gave_credits);

// An earlier credit the ledger holds, as a cap over months counts it: a
// service's, or with `fleet` its resource's (or group's).
audit::PreviousCredit previous_credit(const ledger::EarlierCredit& credit, bool fleet);

// A fleet audit: the filing days of its resources' claims and, for caps over
// months, each resource's (or group's) earlier credits; and its options.
bool read_fleet_ledger_evidence(LedgerLock& lock, const model::Contract& contract,
                                const audit::AuditRange& range, LedgerEvidence& out, Messages& messages);
void apply_fleet_ledger_evidence(const LedgerEvidence& evidence, audit::FleetAuditRequest& request);
void note_fleet_ledger_evidence(const LedgerEvidence& evidence, const std::string& path, audit::FleetReport& report);
std::string fleet_options_json(const FleetJobOptions& options, const LedgerEvidence& evidence);
std::optional<FleetJobOptions> fleet_options_from_json(const std::string& json, std::string& why);

}  // namespace slaudit::jobs
