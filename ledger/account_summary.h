#pragma once
// A whole account's months at a glance: per contract, clause and period, the
// current versions of its resources' (or its service's) periods summed. The
// sums are kept at recording time in the period_total table (schema 3), so an
// account of millions of rows reads in milliseconds; a query for one resource,
// and an older ledger, are summed from the rows in SQL.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/num/rational.h"
#include "ledger/database.h"
#include "ledger/history.h"

namespace slaudit::ledger {

struct PeriodSummary {
  std::string contract_title, service, clause_label, period, currency;
  int currency_digits = 2;
  std::string start_local;
  std::optional<std::string> target;
  int64_t rows = 0, breached = 0, not_assessed = 0;
  int64_t credit_not_stated = 0;  // rows in a `not stated` tier: owed_minor is a lower bound
  int64_t credit_minor = 0, owed_minor = 0;
  std::optional<Rational> lowest;  // the lowest availability assessed, exact; none: none assessed
  std::string lowest_resource;     // whose it is, in a fleet
};

// Filters as history's (service, resource, days); superseded versions never count.
std::vector<PeriodSummary> read_account_summary(Database& db, const HistoryQuery& query);

// The same, always summed from the period rows (what the kept totals must equal).
std::vector<PeriodSummary> sum_account_summary(Database& db, const HistoryQuery& query);

// Recording: the totals of every period the audit's rows (ids first..last)
// touched, as they stand now, appended to period_total under the audit's id.
void record_period_totals(Database& db, int64_t audit_id, const std::string& contract_title, int64_t first_row,
                          int64_t last_row);

// Migration 3: the totals of every period already in the ledger.
void backfill_period_totals(Database& db);

}  // namespace slaudit::ledger
