#pragma once
// Checks a record's values and converts them to an Incident. The reason for
// a rejection names the field and quotes the value, so a user can fix the log
// without reading this code.
#include <optional>
#include <string>

#include "telemetry/incident.h"
#include "telemetry/raw_incident.h"

namespace slaudit {

struct BuiltIncident {
  std::optional<Incident> incident;
  std::string reason;  // set when the record is rejected
};

// `services`: the contract's services; nullptr accepts any service name.
BuiltIncident build_incident(const RawIncident& raw, const ServiceNames* services);

}  // namespace slaudit
