#pragma once
// What every incident source's harness checks of a read (telemetry/sources/):
// a log or an error, never both; every record used, rejected (with a line and
// a reason) or not for this contract; every incident on a contract service,
// not ending before it starts, with an id no other incident has, its names
// (id, resource, zone, region) names, and at most one of resource, zone and
// region. Fails the harness (fuzz::fail) at the first broken rule.
#include "telemetry/incidents/incident_reader.h"
#include "telemetry/sources/source_log.h"

namespace slaudit::fuzz {

// `incident_per_used_record`: every used record gave an incident (false for a
// source whose records may only end an outage, as Azure's "Available").
void check_source_read(const IncidentLogResult& result, const SourceReadOptions& options,
                       bool incident_per_used_record);

}  // namespace slaudit::fuzz
