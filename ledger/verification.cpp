#include "ledger/verification.h"

namespace slaudit::ledger {

const char* verify_outcome_name(VerifyOutcome outcome) {
  switch (outcome) {
    case VerifyOutcome::Same: return "same";
    case VerifyOutcome::Differs: return "differs";
    case VerifyOutcome::NotVerifiable: return "not_verifiable";
  }
  return "?";
}

}  // namespace slaudit::ledger
