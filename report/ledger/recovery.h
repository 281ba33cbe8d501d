#pragma once
// `slaudit ledger history --recovery`: each audit's recovery clauses as it
// recorded them, in text (a table), JSON (slaudit-ledger-recovery/1) and CSV.
#include <string>
#include <vector>

#include "ledger/recovery_history.h"

namespace slaudit::report {

std::string render_recovery_text(const std::vector<ledger::RecoveryRow>& rows);
std::string render_recovery_json(const std::vector<ledger::RecoveryRow>& rows);
std::string render_recovery_csv(const std::vector<ledger::RecoveryRow>& rows);

}  // namespace slaudit::report
