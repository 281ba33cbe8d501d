#include "engine/records/probe_targets.h"

namespace slaudit::probe {

TargetId ProbeTargets::intern(std::string_view name) {
  if (previous_ != kNone) {
    const TargetId guess = next_[previous_];
    if (guess != kNone && short_equal(names_[guess], name)) return previous_ = guess;
  }
  const TargetId id = lookup(name);
  if (previous_ != kNone) next_[previous_] = id;
  return previous_ = id;
}

TargetId ProbeTargets::lookup(std::string_view name) {
  if (auto it = ids_.find(name); it != ids_.end()) return it->second;
  return add(name);
}

TargetId ProbeTargets::add(std::string_view name) {
  const auto id = static_cast<TargetId>(names_.size());
  names_.emplace_back(name);
  next_.push_back(kNone);
  ids_.emplace(names_.back(), id);
  return id;
}

}  // namespace slaudit::probe
