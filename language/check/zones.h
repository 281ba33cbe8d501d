#pragma once
// The checker's view of the time-zone database: does a zone exist, and what
// are the names (for did-you-mean).
#include <string>
#include <string_view>
#include <vector>

namespace slaudit::check {

bool zone_exists(std::string_view name);
const std::vector<std::string>& zone_names();

}  // namespace slaudit::check
