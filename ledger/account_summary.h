#pragma once
// A whole account's months at a glance: per contract, clause and period, the
// current versions of its resources' (or its service's) periods summed in SQL,
// so that a ledger of millions of rows answers in about a second.
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
  int64_t credit_minor = 0, owed_minor = 0;
  std::optional<Rational> lowest;  // the lowest availability assessed, exact; none: none assessed
  std::string lowest_resource;     // whose it is, in a fleet
};

// Filters as history's (service, resource, days); superseded versions never count.
std::vector<PeriodSummary> read_account_summary(Database& db, const HistoryQuery& query);

}  // namespace slaudit::ledger
