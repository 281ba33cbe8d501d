#pragma once
// The cluster inventory: what a provider has actually delivered, one record a
// cluster. It is the evidence for size claims ("万卡", "4096 gpus single"):
// a claim is checked against one cluster or against the sum of several.
//
// Schema (docs/claims.md, "Inventory"):
//   {"as_of": "2026-11-30", "source": "...",            optional, strings
//    "clusters": [                                       required, an array
//      {"id": "bj-gpu-01",                               required, unique, a name (name_check.h)
//       "region": "cn-north-1",                          optional, a name
//       "gpus": 4096, "nodes": 512,                      gpus required; whole numbers >= 0
//       "interconnect": "roce",                          optional: rdma, roce, infiniband, ethernet
//       "tenancy": "exclusive"}]}                        optional: exclusive, shared
//
// The inventory is read strictly: one bad value refuses the whole file, with
// every problem listed by its JSON path ($.clusters[1].gpus). A dropped
// cluster would silently change an aggregate sum, so nothing is skipped.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/evidence.h"

namespace slaudit::evidence {


// One problem: where (a JSON path, and a line and column for syntax errors) and what.
struct InventoryError {
  std::string json_path;  // "$.clusters[1].gpus"; "$" for the whole document
  size_t line = 0;        // syntax errors only; 0 when not known
  size_t column = 0;
  std::string reason;
};

struct InventoryResult {
  std::optional<Inventory> inventory;  // set when there is no error
  std::vector<InventoryError> errors;
  bool ok() const { return inventory.has_value(); }
};

// "path:$.clusters[1].gpus: reason" or "path:3:14: reason", for messages.
std::string inventory_error_text(const std::string& path, const InventoryError& error);

InventoryResult read_inventory(std::string_view content, std::string path);

}  // namespace slaudit::evidence
