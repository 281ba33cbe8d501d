#pragma once
// Where a contract states a term, as a line: the checked model keeps the range
// of whole clauses, the syntax tree that of every item. Internal to
// engine/selection; 0 means the term is not written.
#include <cstddef>
#include <string>

#include "language/model/contract.h"
#include "language/syntax/ast.h"
#include "language/syntax/source.h"

namespace slaudit::selection {

struct ServiceLines {
  size_t service = 0;  // the `service NAME {` line
  size_t fee = 0, scope = 0, capacity = 0, interconnect = 0, billing = 0;
};
ServiceLines service_lines(const SourceFile& source, const ast::Contract& syntax, const std::string& service);

struct RecoveryLines {
  size_t clause = 0;
  size_t faults = 0, within = 0, credit = 0;
};
RecoveryLines recovery_lines(const SourceFile& source, const ast::Contract& syntax, const model::RecoveryClause& clause);

// The line where `range` starts; 0 for an empty range (a default).
size_t line_of(const SourceFile& source, SourceRange range);

}  // namespace slaudit::selection
