#pragma once
// A source map (--source-map FILE): how an incident source's own names — a
// status page's components, a provider's services ("EC2"), a resource type,
// an on-call tool's services — are the contract's services. A CSV:
//
//   source,service,component
//   Git Operations,git,
//   API Requests,api,rest
//
// `source` is the name exactly as the source writes it (case and spaces
// count); `service` must be one of the contract's; `component` (optional
// column, may be empty) becomes the incident's component, which a clause's
// `exclude component in (...)` can exclude. A name the map does not hold is
// still resolved by its lower_snake form (telemetry/sources/source_log.h).
//
// The map is the user's statement of what the contract covers, so nothing in
// it is skipped: any bad row (a service the contract does not define, a
// source named twice, a name with control characters) is an error for the
// whole map, each with its line, and the audit does not run.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/incident.h"
#include "telemetry/sources/source_log.h"

namespace slaudit {

struct SourceMapResult {
  std::map<std::string, SourceTarget, std::less<>> mapped;
  std::vector<std::string> errors;  // "LINE: reason", in line order; empty when the map is usable
};

SourceMapResult read_source_map(std::string_view content, const ServiceNames& services);

}  // namespace slaudit
