#pragma once
// Credits the ledger says earlier audits owed, for caps over a contract year
// or trailing months (docs/ledger.md, "Caps over months"): the current version
// of each of a contract's periods that owes something and starts before the
// first day the new audit covers (the periods it covers it audits itself).
#include <cstdint>
#include <string>
#include <vector>

#include "language/model/contract.h"
#include "ledger/database.h"

namespace slaudit::ledger {

struct EarlierCredit {
  std::string service, clause_label, period;
  std::string resource;       // a fleet audit's resource or group; "" for a service's period
  model::CivilDate last_day;  // the period's last local day, as caps' windows count it
  int64_t owed_minor = 0;
  int64_t audit_id = 0;       // the audit that said so
};

// Periods whose audited part starts before `first_day`: a service's periods,
// or with `fleet` a fleet's resources' and groups'.
std::vector<EarlierCredit> read_earlier_credits(Database& db, const std::string& contract_title,
                                                const model::CivilDate& first_day, bool fleet = false);

}  // namespace slaudit::ledger
