#pragma once
// Reading the ledger back: one row per recorded period, newest version first
// within a period unless every version is asked for.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/num/rational.h"
#include "ledger/database.h"

namespace slaudit::ledger {

struct HistoryQuery {
  std::string service;     // "": every service
  std::optional<std::string> resource;  // a fleet resource (or group); none: every row
  std::string first_day, last_day;  // YYYY-MM-DD, inclusive: periods whose audited part starts then; "": open
  bool all_versions = false;  // also the superseded versions
};

// A fraction as the ledger stores it: numerator and denominator in decimal text.
Rational fraction_from_text(const std::string& num, const std::string& den);

struct HistoryRow {
  int64_t period_id = 0, audit_id = 0;
  std::string recorded_at, contract_title, currency;
  int currency_digits = 2;
  std::string service, clause_label, period;
  std::string resource, group_by;  // a fleet audit's resource or group; "" for a service's period
  int64_t start_unix = 0, end_unix = 0;
  std::string start_local;  // YYYY-MM-DD in the contract's zone
  bool partial = false;
  std::optional<std::string> target;           // percent as written
  std::optional<Rational> availability;        // a share 0..1; none: not assessed
  Rational down_seconds, eligible_seconds;
  std::string verdict;
  int64_t credit_minor = 0, owed_minor = 0;
  std::optional<int64_t> cap_minor;
  std::optional<std::string> claim_deadline;
  int64_t evidence_gaps = 0;
  std::optional<int64_t> superseded_by;  // the period row that replaced it
};

// Ordered by contract, service, clause, resource, period start, then newest audit first.
std::vector<HistoryRow> read_history(Database& db, const HistoryQuery& query);

// The same rows, in the same order, each handed to `visit` in turn and not
// kept: memory stays flat however many rows the ledger holds.
void for_each_history_row(Database& db, const HistoryQuery& query,
                          const std::function<void(const HistoryRow&)>& visit);

}  // namespace slaudit::ledger
