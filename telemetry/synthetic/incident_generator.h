#pragma once
// A realistic, seeded incident-log generator for examples, demos and
// benchmarks. Unexpected interruptions draw their fault class from the mix
// Meta reported for Llama 3 (419 unexpected interruptions of 16,384 H100s in
// 54 days; counts in ../shared/reference/public-slas.md), each class with its
// own detection and recovery times and blast radius; planned maintenance comes
// with enough notice or too little; a few incidents are the customer's or a
// third party's; the last one may still be open. The same options give the
// same bytes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/time/instant.h"
#include "engine/records/fault_mix.h"

namespace slaudit::generate {

struct IncidentLogOptions {
  std::string service = "training";
  std::string cluster = "gpu-01";
  int64_t gpus = 4096;                  // the cluster's size; an incident's affected count is drawn within it
  Instant from, to;                     // [from, to): incidents start inside it
  int64_t unexpected_per_30_days = 20;  // Llama 3: 419 in 54 days on 16,384 GPUs ≈ 59 per 30 days; scaled by gpus
  int64_t maintenance_per_30_days = 2;
  // Exact counts over [from, to), instead of the rates above (the comparison
  // replays the reference's 419 unexpected and 47 planned interruptions).
  std::optional<int64_t> unexpected_count, maintenance_count;
  int64_t short_notice_percent = 25;    // share of maintenance announced only 24 h ahead
  bool leave_last_open = false;         // the last unexpected incident has no end
  uint64_t seed = 1;
};

// One JSON Lines record per incident, in start order, ids "gen-000001"...;
// timestamps in UTC ("...Z"). Every line is a valid incident for telemetry/.
std::vector<std::string> generate_incident_log(const IncidentLogOptions& options);

// The Llama 3 unexpected-interruption mix (engine/records/fault_mix.h).
using slaudit::FaultShare;
using slaudit::llama3_fault_mix;

}  // namespace slaudit::generate
