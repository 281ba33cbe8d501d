#pragma once
// The fleet audit as JSON (docs/fleet-report.schema.json): every resource
// period with its figures, every resource not assessed, every record
// rejected. Written as it is made: a fleet of 100,000 resources never exists
// as one document in memory.
#include <ostream>

#include "engine/audit/fleet_audit.h"
#include "language/syntax/source.h"

namespace slaudit::report {

inline constexpr const char* kFleetSchema = "slaudit-fleet-report/1";

void write_fleet_json(const audit::FleetReport& report, const SourceFile& contract, std::ostream& out);

}  // namespace slaudit::report
