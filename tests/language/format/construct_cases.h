#pragma once
// The per-construct table: one row per grammar alternative (and per optional
// part of one), an input snippet in odd layout and its exact canonical form.
// Snippets are items of one area; `source()` and `canonical()` put them in
// the smallest contract that gives them that area.
#include <string>
#include <vector>

namespace slaudit::format_test {

enum class Area {
  File,          // the snippet is a whole file
  Contract,      // items of `contract "t" { ... }`
  Service,       // items of `service s { ... }`
  Availability,  // items of `availability s { ... }`
  Probes,        // items of `unavailable from probes { ... }`
  Recovery,      // items of `recovery s { ... }`
};

struct ConstructCase {
  const char* name;
  Area area;
  std::string input;     // the snippet as written
  std::string expected;  // its canonical lines, unindented, each ending in '\n'
};

const std::vector<ConstructCase>& construct_cases();

// The whole file the case's input is parsed from.
std::string source(const ConstructCase& c);
// The whole canonical file expected from it.
std::string canonical(const ConstructCase& c);

}  // namespace slaudit::format_test
