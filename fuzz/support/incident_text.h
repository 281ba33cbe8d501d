#pragma once
// Incident logs as text, for differential harnesses: two reads of the same
// bytes must agree to the last field and the last rejection reason, and a
// mismatch is shown as the first differing line.
#include <string>

#include "telemetry/incidents/incident_reader.h"

namespace slaudit::fuzz {

// Every field of every incident and every rejection, one line each, plus the
// counts: equal texts mean equal logs.
std::string describe_log(const IncidentLog& log);

// The invariant of every reader: each record read is used or rejected.
void expect_accounted(const IncidentLog& log);

}  // namespace slaudit::fuzz
