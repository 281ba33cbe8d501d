#pragma once
// The fleet audit as one self-contained HTML page (no script, no fetch): the
// facts and result, totals per service and period, the distribution of
// availability across the fleet (an SVG bar per band, counts written beside
// each bar so it prints), the breached resources the most owed first (at most
// kListedAtMost), each with a drill-down (<details>) of its figures and counted
// incidents, the resources not assessed, records, gaps, notes and inputs.
// Bounded in size whatever the fleet's: every resource is in the JSON report,
// and `--explain-resource ID --format html` gives any one resource's full audit.
#include <ostream>

#include "engine/audit/fleet_audit.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"

namespace slaudit::report {

void write_fleet_html(const audit::FleetReport& report, const model::Contract& contract, const SourceFile& source,
                      std::ostream& out);

}  // namespace slaudit::report
