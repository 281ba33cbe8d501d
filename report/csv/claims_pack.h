#pragma once
// The claims pack: what finance files with the provider, one CSV row per
// breached resource period that is owed something (RFC 4180 quoting):
//   resource,service,region,zone,period,clause_line,availability_percent,target_percent,
//   tier_credit_percent,credit,owed,currency,claim_deadline,incidents
// `incidents` lists each counted incident as ID START/END (UTC, RFC 3339),
// separated by "; ": AWS asks for the dates, times and region of each incident.
// Rows by resource id, then clause, then period, as the fleet report lists them.
#include <ostream>

#include "engine/audit/fleet_audit.h"
#include "language/syntax/source.h"

namespace slaudit::report {

void write_claims_pack_csv(const audit::FleetReport& report, const SourceFile& contract, std::ostream& out);

}  // namespace slaudit::report
