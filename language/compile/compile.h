#pragma once
// The front door for tools: parse and check one contract file. Syntax errors
// stop before the checker (a tree rebuilt by error recovery would only yield
// follow-on noise); otherwise every semantic issue is reported.
#include <optional>

#include "language/diag/diagnostic.h"
#include "language/model/contract.h"
#include "language/syntax/ast.h"

namespace slaudit {

struct CompiledContract {
  ast::File syntax;
  std::optional<model::Contract> contract;  // set when there are no errors
  Diagnostics diagnostics;                  // syntax, then semantic; warnings included
  bool ok() const { return !diagnostics.has_errors(); }
};

CompiledContract compile_contract(const SourceFile& source);

}  // namespace slaudit
