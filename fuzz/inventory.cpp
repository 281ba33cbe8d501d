// The cluster inventory (read strictly): an inventory or errors, never both
// nor neither; every error says where (a JSON path) and what; every cluster
// read has an id, ids are unique and counts are not negative.
#include <set>

#include "fuzz/support/fuzz_target.h"
#include "telemetry/evidence/inventory.h"

using namespace slaudit;

SLAUDIT_FUZZ_TARGET(inventory) {
  const evidence::InventoryResult result = evidence::read_inventory(data, "fuzz.inventory.json");
  SLAUDIT_FUZZ_EXPECT(result.ok() == result.errors.empty(), "an inventory and errors, or neither");
  for (const evidence::InventoryError& e : result.errors) {
    SLAUDIT_FUZZ_EXPECT(!e.reason.empty(), "an inventory error without a reason");
    SLAUDIT_FUZZ_EXPECT(e.json_path.starts_with("$"), "an inventory error without a JSON path: " + e.json_path);
    (void)evidence::inventory_error_text("fuzz.inventory.json", e);
  }
  if (!result.ok()) return;
  std::set<std::string> ids;
  for (const auto& cluster : result.inventory->clusters) {
    SLAUDIT_FUZZ_EXPECT(!cluster.id.empty(), "a cluster without an id");
    SLAUDIT_FUZZ_EXPECT(ids.insert(cluster.id).second, "two clusters with id " + cluster.id);
    SLAUDIT_FUZZ_EXPECT(cluster.gpus >= 0 && cluster.nodes.value_or(0) >= 0, "a negative count in " + cluster.id);
  }
}
