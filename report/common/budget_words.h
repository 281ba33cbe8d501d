#pragma once
// The error budget of a period in progress as people read it (text, HTML):
// burn rates to two decimals, marked `~` when rounded; when the budget runs out.
#include <string>

#include "engine/audit/report.h"

namespace slaudit::report {

// "14.40", "0.00", "1.33~"; "-" when no second of the window is in the period.
std::string burn_rate_text(const audit::BurnWindow& window);

// When the budget runs out at the last day's pace: the instant (UTC), "spent"
// (already), "not before the period ends", or "no downtime in the last day";
// "-" in a rolling window, which moves with the instant.
std::string runs_out_text(const audit::ErrorBudget& budget);

// "Error budget as of 2026-11-20T12:00:00Z", and " over the last 7 d" for a rolling window.
std::string budget_heading(const audit::AsOfAudit& as_of);

}  // namespace slaudit::report
