#pragma once
// The audit of a period still in progress, for engineers during the month
// (docs/audit.md, section 28): what the records say up to an instant, and the
// error budget the target allows, as SLO tools show it.
//
// "As of" an instant, every incident is cut there (a later one is not yet
// known; an open or later-ending one is counted as down up to the instant),
// and the period is audited as the clause says, the time after the instant
// counting as up: the figures are the best the period can still end with.
// The budget is the downtime the target allows over the whole period,
// (1 - target) x eligible time; spent is the downtime counted so far, by the
// clause's own rules. The burn rate over the last hour or day is the downtime
// counted in it, per second of it, over (1 - target): at a burn rate of 1 the
// budget lasts exactly the period. At the last day's rate, the budget runs out
// at an instant the report states, when that falls before the period ends.
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/audit.h"

namespace slaudit::audit {

// The incidents as known at `as_of`: those starting at or after it dropped,
// the others ended there at the latest (and detected or recovered only if by then).
std::vector<Incident> incidents_as_of(const std::vector<Incident>& incidents, Instant as_of);

// Audits `request` (its range: the periods in progress) as of `as_of`, with the
// budgets of its periods (AuditReport::as_of). Errors as run_audit's.
// The report's `as_of` holds the budgets.
AuditResult run_audit_as_of(const AuditRequest& request, Instant as_of);

}  // namespace slaudit::audit
