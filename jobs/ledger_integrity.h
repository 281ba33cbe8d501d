#pragma once
// What `slaudit ledger verify` checks over the whole ledger, beside running
// one audit again (docs/ledger.md, "Verify"):
// - the hash chain (ledger/chain.h): every link's digest recomputed from its
//   rows, every audit and claim event in a link, every row in an audit;
// - the kept per-period totals (period_total) against the sums of the rows;
// - caps over months across audits: every audit with a current period
//   counted, for its caps over months, the earlier credits the ledger holds
//   now (an earlier month recorded or re-audited after it makes it stale);
// - with a head digest the user kept: that it is a link of the chain.
#include <cstdint>
#include <string>
#include <vector>

#include "ledger/database.h"
#include "ledger/verification.h"

namespace slaudit::jobs {

// Fills the whole-ledger part of `out`; each problem found is one line of
// `out.ledger_problems`.
void check_ledger_integrity(ledger::Database& db, const std::string& given_head, ledger::Verification& out);

// The current audits of a contract with periods after those of audit
// `recorded` (just recorded) whose caps over months counted earlier credits
// other than those the ledger holds now: why, one line each, as verify says it.
std::vector<std::string> stale_caps(ledger::Database& db, const std::string& contract_title, int64_t recorded);

}  // namespace slaudit::jobs
