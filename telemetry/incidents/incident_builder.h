#pragma once
// Checks a record's values and converts them to an Incident. The reason for
// a rejection names the field and quotes the value, so a user can fix the log
// without reading this code.
#include <optional>
#include <string>

#include "engine/records/incident.h"
#include "telemetry/incidents/raw_incident.h"

namespace slaudit {

struct BuiltIncident {
  std::optional<Incident> incident;
  std::string reason;  // set when the record is rejected
};

// Builds the incidents of one log: equal names (services, fault classes,
// clusters, components) are shared between its incidents.
class IncidentBuilder {
 public:
  // `services`: the contract's services; nullptr accepts any service name.
  explicit IncidentBuilder(const ServiceNames* services) : services_(services) {}
  BuiltIncident build(const RawIncident& raw);

 private:
  const ServiceNames* services_;
  NameTable service_names_, fault_names_, cluster_names_, component_names_, place_names_;
};

}  // namespace slaudit
