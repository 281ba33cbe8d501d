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
};

}  // namespace slaudit::ledger
