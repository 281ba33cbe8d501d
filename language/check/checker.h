#pragma once
// The checker: syntax tree in, the checked model and every semantic issue out
// (after cel-cpp's checker: it collects all issues, it never stops at the first).
#include <optional>

#include "language/diag/diagnostic.h"
#include "language/model/contract.h"
#include "language/syntax/ast.h"

namespace slaudit {

struct CheckResult {
  model::Contract contract;  // meaningful only when diagnostics has no errors
  Diagnostics diagnostics;
};

CheckResult check_contract(const SourceFile& source, const ast::File& file);

}  // namespace slaudit
