#pragma once
// `slaudit ledger history` in text (a table), JSON (slaudit-ledger-history/1)
// and CSV (one row per recorded period; availability as an exact fraction and
// as the text percentage).
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "ledger/history.h"

namespace slaudit::report {

// Calls back every row, in the ledger's order, one at a time; may be called
// again. Each format writes as it reads: memory stays flat whatever the rows.
using HistoryRows = std::function<void(const std::function<void(const ledger::HistoryRow&)>&)>;

void write_history_text(const HistoryRows& rows, std::ostream& out);  // reads the rows three times
void write_history_json(const HistoryRows& rows, std::ostream& out);
void write_history_csv(const HistoryRows& rows, std::ostream& out);

}  // namespace slaudit::report
