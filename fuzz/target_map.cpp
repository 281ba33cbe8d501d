// The --targets map: either a map or an error naming the file, never both,
// never neither; every mapped target has a service.
#include "fuzz/support/fuzz_target.h"
#include "telemetry/probe/probe_target_map.h"

SLAUDIT_FUZZ_TARGET(target_map) {
  const slaudit::probe::TargetMapResult result = slaudit::probe::parse_target_map(data, "map.json");
  SLAUDIT_FUZZ_EXPECT(result.map.has_value() == result.error.empty(), "a map and an error, or neither");
  if (!result.map) {
    SLAUDIT_FUZZ_EXPECT(result.error.starts_with("map.json"), "an error that does not name the file: " + result.error);
    return;
  }
  for (const auto& [name, home] : result.map->targets)
    SLAUDIT_FUZZ_EXPECT(!home.service.empty(), "target '" + name + "' mapped to no service");
}
