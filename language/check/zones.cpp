#include "language/check/zones.h"

#include "base/time/time_zone.h"

namespace slaudit::check {

bool zone_exists(std::string_view name) { return TimeZone::find(name).has_value(); }

const std::vector<std::string>& zone_names() {
  // Immutable after first use: the embedded database does not change at run time.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (auto n : TimeZone::names()) out.emplace_back(n);
    return out;
  }();
  return names;
}

}  // namespace slaudit::check
