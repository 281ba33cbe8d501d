#pragma once
// What a status-change history (telemetry/status/, docs/audit.md section 25)
// leaves unsaid, as the audit reports it: with --initial-state unknown, the
// time before a resource's first record is an evidence gap of every period
// it touches (so such a period is never "met" on exit 0); with
// --initial-state up, the assumption is a note.
#include <string>
#include <vector>

#include "base/time/instant.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::jobs {

// The gap in `service`'s evidence from `start` on, or "" when the history
// says every state of it from `start` (or is no status history).
std::string status_gap(const IncidentLog& log, const std::string& service, Instant start);

// The same for one resource of a fleet: its own first record, or none.
std::string status_resource_gap(const IncidentLog& log, const std::string& service, const std::string& resource,
                                Instant start);

// The assumptions the reading made, each once: the reader's notes, and the
// contract's services no record names, assumed up throughout.
std::vector<std::string> status_notes(const IncidentLog& log, const ServiceNames& services);

}  // namespace slaudit::jobs
