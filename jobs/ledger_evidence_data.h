#pragma once
// What an audit read from its ledger, kept apart so that the service and the
// fleet audit's options can both carry it (jobs/ledger_evidence.h reads it).
#include <string>
#include <vector>

#include "engine/audit/audit.h"

namespace slaudit::jobs {

// What an audit read from its ledger: the filing days of its periods' claims
// and the credits earlier periods owed, with where each came from.
struct LedgerEvidence {
  std::vector<audit::ClaimFiling> filings;
  std::vector<std::string> filing_references;  // one per filing: the claim's reference, "" when none
  std::vector<audit::PreviousCredit> credits;
  std::vector<std::string> credit_sources;     // one per credit: "2026-10 (audit 3)"
  bool reads_earlier_credits = false;          // the contract has a cap over months: the credits were read
};

}  // namespace slaudit::jobs
