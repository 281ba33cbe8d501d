#pragma once
// Target names interned to dense TargetIds. The caller owns the table (one per
// audit), so nothing is global; readers intern each row's target once per row
// without building a std::string unless the name is new. Probe files list the
// same targets in the same order minute after minute, so intern() first tries
// the target that followed the previous one last time (a string compare)
// before it hashes.
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/text/short_equal.h"
#include "engine/records/probe_sample.h"

namespace slaudit::probe {

class ProbeTargets {
 public:
  TargetId intern(std::string_view name);
  // As intern, but a name seen for the first time is interned only when
  // `accept(name)` says so (a reader's name check, which this floor cannot
  // see): nullopt when refused, and nothing is kept of it. Names already
  // interned are not checked again, so the check costs once per target.
  template <class Accept>
  std::optional<TargetId> intern_if(std::string_view name, Accept&& accept) {
    if (previous_ != kNone) {
      const TargetId guess = next_[previous_];
      if (guess != kNone && short_equal(names_[guess], name)) return previous_ = guess;
    }
    TargetId id;
    if (auto it = ids_.find(name); it != ids_.end()) {
      id = it->second;
    } else if (!accept(name)) {
      return std::nullopt;
    } else {
      id = add(name);
    }
    if (previous_ != kNone) next_[previous_] = id;
    return previous_ = id;
  }
  const std::string& name(TargetId id) const { return names_[id]; }
  size_t size() const { return names_.size(); }

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  TargetId lookup(std::string_view name);
  TargetId add(std::string_view name);  // a name not interned yet

  std::unordered_map<std::string, TargetId, Hash, std::equal_to<>> ids_;
  std::vector<std::string> names_;
  std::vector<TargetId> next_;  // next_[id]: the id interned after id last time
  TargetId previous_ = kNone;
  static constexpr TargetId kNone = ~TargetId{0};
};

}  // namespace slaudit::probe
