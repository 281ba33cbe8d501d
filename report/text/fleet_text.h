#pragma once
// The fleet audit (engine/audit/fleet_audit.h) for a terminal: totals per
// service and period, the account's total owed, the breached resources (the
// most owed first, at most kListedAtMost), the resources not assessed, record
// accounting, notes and inputs. Bounded in size whatever the fleet's: the
// JSON report and the claims pack list every resource.
#include <ostream>

#include "engine/audit/fleet_audit.h"
#include "language/syntax/source.h"

namespace slaudit::report {

void write_fleet_text(const audit::FleetReport& report, const SourceFile& contract, std::ostream& out);

}  // namespace slaudit::report
