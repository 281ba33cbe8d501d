#pragma once
// `slaudit ledger history --format html`: the months a ledger recorded, as a
// page of its own (inline style and SVG, no script, no network), per contract
// and clause: availability against the target by period, the credits owed by
// period, and the rows beneath.
#include <string>
#include <vector>

#include "ledger/history.h"

namespace slaudit::report {

std::string render_history_html(const std::vector<ledger::HistoryRow>& rows, const std::string& ledger_path);

}  // namespace slaudit::report
