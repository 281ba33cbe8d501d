#pragma once
// Test support: diagnostics as compact lines "L:C: severity: message [code]",
// notes as "L:C: note: message", in the order tools print them.
#include <string>
#include <vector>

#include "language/diag/diagnostic.h"

namespace slaudit::testing {

std::vector<std::string> diagnostic_lines(const SourceFile& file, const Diagnostics& diagnostics);
std::string first_hint(const Diagnostics& diagnostics);

}  // namespace slaudit::testing
