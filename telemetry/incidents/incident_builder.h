#pragma once
// Checks a record's values and converts them to an Incident. The reason for
// a rejection names the field and quotes the value, so a user can fix the log
// without reading this code.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/incident.h"
#include "telemetry/incidents/raw_incident.h"

namespace slaudit {

struct BuiltIncident {
  std::optional<Incident> incident;
  std::string reason;  // set when the record is rejected
  // Neither: the record names a service the contract does not define (and no
  // near miss of one), so it is another contract's evidence, not this one's.
  bool not_for_contract = false;
};

// Builds the incidents of one log: equal names (services, fault classes,
// clusters, components) are shared between its incidents.
class IncidentBuilder {
 public:
  // `services`: the contract's services; nullptr accepts any service name.
  // `strict`: a service the contract does not define is a rejection (else the
  // record is not for this contract), as a near miss of one always is.
  explicit IncidentBuilder(const ServiceNames* services, bool strict = false);
  BuiltIncident build(const RawIncident& raw);

 private:
  bool not_for_contract(const RawIncident& raw) const;

  const ServiceNames* services_;
  bool strict_ = false;
  std::vector<std::string_view> service_list_;  // the services, for near misses
  NameTable service_names_, fault_names_, cluster_names_, component_names_, place_names_;
};

}  // namespace slaudit
