#pragma once
// `slaudit ledger history --format html`: the months a ledger recorded, as a
// page of its own (inline style and SVG, no script, no network), per contract
// and clause: availability against the target by period, the credits owed by
// period, and the rows beneath.
#include <ostream>
#include <string>
#include <vector>

#include "report/ledger/history.h"

namespace slaudit::report {

// Written as the rows come: one clause's periods and first rows held at a time.
void write_history_html(const HistoryRows& rows, const std::string& ledger_path, std::ostream& out);

}  // namespace slaudit::report
