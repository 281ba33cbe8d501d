#include "telemetry/probe/probe_targets.h"

namespace slaudit::probe {

TargetId ProbeTargets::intern(std::string_view name) {
  if (auto it = ids_.find(name); it != ids_.end()) return it->second;
  const auto id = static_cast<TargetId>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(names_.back(), id);
  return id;
}

}  // namespace slaudit::probe
