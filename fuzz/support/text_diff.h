#pragma once
#include <string>

namespace slaudit::fuzz {

// The first line where two texts differ, both versions: for the message of a
// differential harness whose two reads disagree.
std::string first_difference(const std::string& a, const std::string& b);

}  // namespace slaudit::fuzz
