#pragma once
// Recovery clauses in the ledger. A recovery clause is judged over an audit's
// whole range (it has no periods): the incidents it covers, the breaches with
// their times to recover, the credit, the binding cap and what is owed. Each
// audit records its own (schema 3, tables recovery and recovery_breach), so
// the audit's total owed is explained by its rows; `ledger history --recovery`
// lists them and `ledger verify` compares them. They are not superseded (a
// range is not a period) and, unlike periods, have no claims nor count
// against caps over months (docs/ledger.md).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/report.h"
#include "ledger/database.h"

namespace slaudit::ledger {

struct RecoveryBreachRow {
  std::string incident, fault;
  int64_t recover_seconds = 0;
};

struct RecoveryRow {
  int64_t audit_id = 0;
  std::string recorded_at, contract_title, range, currency;
  int currency_digits = 2;
  std::string service, clause_label;
  bool assessed = true;
  std::optional<int64_t> limit_seconds;  // none: the clause states no limit
  int64_t covered = 0, breaches = 0, credit_minor = 0, owed_minor = 0;
  std::optional<int64_t> cap_minor;  // none: no cap binds
  std::vector<RecoveryBreachRow> breach_list;  // in time order
};

// Within the audit's transaction: one row per recovery clause, one per breach.
void record_recovery(Database& db, int64_t audit_id, const std::vector<audit::RecoveryAudit>& recovery);

// Every recorded recovery clause, by audit, then service and clause as
// recorded; `service` "" for every service. A ledger of schema 2 or older has none.
std::vector<RecoveryRow> read_recovery(Database& db, const std::string& service);

}  // namespace slaudit::ledger
