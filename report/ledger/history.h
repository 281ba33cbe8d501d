#pragma once
// `slaudit ledger history` in text (a table), JSON (slaudit-ledger-history/1)
// and CSV (one row per recorded period; availability as an exact fraction and
// as the text percentage).
#include <string>
#include <vector>

#include "ledger/history.h"

namespace slaudit::report {

std::string render_history_text(const std::vector<ledger::HistoryRow>& rows);
std::string render_history_json(const std::vector<ledger::HistoryRow>& rows);
std::string render_history_csv(const std::vector<ledger::HistoryRow>& rows);

}  // namespace slaudit::report
