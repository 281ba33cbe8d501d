#pragma once
// The claim deadline beside the amount owed, for the summaries of the text,
// Markdown and HTML reports: a credit is only paid if claimed in time, so
// whoever reads the total must see by when.
#include <string>

#include "engine/audit/report.h"

namespace slaudit::report {

// A period's deadline for its credit: "2026-12-30"; with the claim given,
// "2026-12-30 (filed 2026-12-10)", "2026-12-30 (filed late 2027-01-05)",
// "2026-12-30 (filed too early 2026-12-01)"; "not stated" when the contract
// gives none; empty when the period earned no credit that needs a claim.
std::string claim_by_text(const audit::PeriodAudit& period);

// For the total owed: "claim by 2026-12-30" when every credit still to be
// claimed has that deadline; "claim by 2026-12-30 at the earliest, each
// period's deadline beside it" when they differ; "claimed in time" when every
// claim was given in time; empty when no credit needs a claim.
std::string total_claim_phrase(const audit::AuditReport& report);

}  // namespace slaudit::report
