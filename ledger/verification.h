#pragma once
// What `slaudit ledger verify` found: a recorded audit run again from its
// inputs, figure by figure against what the ledger holds.
#include <cstdint>
#include <string>
#include <vector>

namespace slaudit::ledger {

// One figure of one period that differs, or a period only one side has.
struct FigureDifference {
  std::string period;  // "service [\"clause\"] period", or "(the audit)"
  std::string figure;  // the ledger's column, e.g. owed_minor; "period" when one side lacks it
  std::string recorded, now;
};

// Same: every figure agrees. Differs: some figure does not. NotVerifiable:
// the audit cannot be run again as it was (no options kept, an input gone or
// changed, standard input, a live Prometheus read).
enum class VerifyOutcome { Same, Differs, NotVerifiable };
const char* verify_outcome_name(VerifyOutcome outcome);

struct Verification {
  int64_t audit_id = 0;
  std::string recorded_at, recorded_engine, recorded_tzdata, contract_title;
  VerifyOutcome outcome = VerifyOutcome::NotVerifiable;
  std::vector<std::string> reasons;  // NotVerifiable: why
  std::vector<std::string> inputs;   // "role path sha256: same|changed (now ...)|not read by the re-run"
  size_t periods_compared = 0, figures_compared = 0;
  size_t recovery_compared = 0;  // recovery clauses (schema 3)
  std::vector<FigureDifference> differences;

  // The whole ledger, checked beside the audit (schema 4; docs/ledger.md, "Verify"):
  // the hash chain recomputed, the kept totals against the rows, and every
  // current audit's earlier credits against those the ledger holds now.
  int schema = 0;                 // the file's: a chain is kept from 4 on
  size_t chain_links = 0;
  std::string head_digest;        // the last link's digest; "" when none
  std::string head_entry;         // what the last link is: "audit 5", "claim event 2"
  std::string given_head;         // --head: the digest the user kept; "" when not given
  std::string given_head_entry;   // the link that has it; "" when none does
  size_t totals_checked = 0;      // periods whose kept totals were summed again
  size_t cap_audits_checked = 0;  // current audits whose earlier credits were read again
  std::vector<std::string> ledger_problems;  // any: the ledger was changed, or a figure is stale
};

}  // namespace slaudit::ledger
