#pragma once
// The fleet audit as Markdown (to paste into a ticket, a wiki or a letter):
// the same sections as the text report — totals per service and period,
// availability across the fleet in bands, the breached resources (the most
// owed first, at most kListedAtMost), resources not assessed, records,
// evidence gaps, notes, inputs — and the claims pack as Markdown: per
// service and period, every resource owed a credit with the dates, times and
// place of each counted incident, as a provider's claim process asks.
#include <ostream>

#include "engine/audit/fleet_audit.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"

namespace slaudit::report {

void write_fleet_markdown(const audit::FleetReport& report, const model::Contract& contract, const SourceFile& source,
                          std::ostream& out);

// Every breached resource period owed something, in the report's order, grouped
// by service and period. Streams: bounded in memory whatever the fleet's size.
void write_claims_pack_markdown(const audit::FleetReport& report, const model::Contract& contract,
                                const SourceFile& source, std::ostream& out);

}  // namespace slaudit::report
