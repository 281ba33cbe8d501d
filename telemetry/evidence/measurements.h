#pragma once
// Measurements: JSON Lines, one measured value a line, the evidence for claims
// about throughput, bandwidth, scaling time and the like.
//
//   {"metric": "storage_throughput", "value": 2.1, "unit": "TB/s",
//    "condition": "empty", "time": "2026-11-10T02:00:00Z", "source": "vendor benchmark"}
//
// Fields (docs/claims.md, "Measurements"):
//   metric     required: a metric the language knows (language/check/metrics.h)
//   value      required: a non-negative decimal, as a JSON number or string ("2.1"); exponents rejected
//   unit       required but for counts: a unit of the metric's dimension (GB/s, TB/s, Gbit/s, Gbps,
//              s, min, h, %, ...) from the checker's unit table; converted exactly to the base unit
//   condition  optional: "empty" or "under_load"; absent, null or "" = not stated (data rates only)
//   time       required: RFC 3339 timestamp with an offset
//   source     required: who measured it, non-empty
//   service    optional: a service of the contract; absent: the measurement applies to every service
//   cluster    optional: free text, shown in the evidence
//
// Every record is used or rejected with its line and a reason:
// records_read == measurements.size() + rejected.size(). Blank lines count as nothing.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "language/model/contract.h"
#include "base/time/instant.h"
#include "engine/records/evidence.h"
#include "engine/records/incident.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::evidence {


struct MeasurementLog {
  std::string path;
  std::string sha256;
  size_t records_read = 0;
  std::vector<Measurement> measurements;  // in file order
  std::vector<RejectedRecord> rejected;   // in file order
};

// `services`: the contract's services, for the optional `service` field; nullopt accepts any.
MeasurementLog read_measurements(std::string_view content, std::string path,
                                 const std::optional<ServiceNames>& services = std::nullopt);

// "empty", "under_load", "" for Unspecified.
std::string_view condition_name(model::Condition condition);

}  // namespace slaudit::evidence
