#pragma once
// One JSON Lines record: a JSON object on one line, to a RawIncident.
#include <cstddef>
#include <string_view>

#include "telemetry/incidents/raw_incident.h"

namespace slaudit {

RawRecord raw_incident_from_json_line(std::string_view line, size_t line_number);

}  // namespace slaudit
