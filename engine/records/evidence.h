#pragma once
// The evidence claims are verified against, as the claim verifier reads it:
// the clusters a provider has delivered (an inventory) and measured values.
// The readers that produce these records, and their file formats, are in
// telemetry/evidence/ (docs/claims.md, "Inventory" and "Measurements").
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/time/instant.h"
#include "language/model/contract.h"

namespace slaudit::evidence {

struct Cluster {
  std::string id;
  std::optional<std::string> region;
  int64_t gpus = 0;
  std::optional<int64_t> nodes;
  std::optional<std::string> interconnect;
  std::optional<std::string> tenancy;
};

struct Inventory {
  std::string path;
  std::string sha256;  // of the content exactly as read
  std::optional<std::string> as_of, source;
  std::vector<Cluster> clusters;  // in file order
};

struct Measurement {
  size_t line = 0;
  std::string metric;
  model::Amount value;  // in the dimension's base unit; `written` is "2.1 TB/s"
  model::Condition condition = model::Condition::Unspecified;
  Instant time;
  std::string source;
  std::optional<std::string> service, cluster;
};

}  // namespace slaudit::evidence
