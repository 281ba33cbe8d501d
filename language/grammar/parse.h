#pragma once
// The library's entry to the language: source text in, syntax tree and
// diagnostics out. No ANTLR type, exception or console output crosses this API.
#include "language/diag/diagnostic.h"
#include "language/syntax/ast.h"
#include "language/syntax/source.h"

namespace slaudit {

struct ParseResult {
  ast::File file;
  Diagnostics diagnostics;  // syntax errors only; the checker adds the semantic ones
};

// Bounds that keep hostile input from exhausting the stack or the patience.
inline constexpr int kMaxNestingDepth = 32;

ParseResult parse_contract(const SourceFile& source);

}  // namespace slaudit
