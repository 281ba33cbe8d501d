#include "telemetry/sources/incident_sources.h"

namespace slaudit {

const std::vector<IncidentSource>& incident_sources() {
  static const std::vector<IncidentSource> sources = {
  };
  return sources;
}

const IncidentSource* find_incident_source(std::string_view name) {
  for (const IncidentSource& source : incident_sources())
    if (source.name == name) return &source;
  return nullptr;
}

}  // namespace slaudit
