#pragma once
// `slaudit ledger history --by-period`: per contract, clause and period, its
// resources (or its service) summed: how many, how many breached, the lowest
// availability and whose, credits and what is owed. Text, JSON
// (slaudit-ledger-summary/1) and CSV.
#include <string>
#include <vector>

#include "ledger/account_summary.h"

namespace slaudit::report {

std::string render_summary_text(const std::vector<ledger::PeriodSummary>& rows);
std::string render_summary_json(const std::vector<ledger::PeriodSummary>& rows);
std::string render_summary_csv(const std::vector<ledger::PeriodSummary>& rows);

}  // namespace slaudit::report
