#pragma once
// Where a figure came from: the clause as `file:line`, or the plain statement
// that the contract is silent and a default applied. An empty range is how
// the audit marks a default (report.h).
#include <optional>
#include <string>
#include <string_view>

#include "language/syntax/source.h"

namespace slaudit::report {

inline constexpr std::string_view kDefaultClause = "(default: the contract does not say)";

inline bool is_stated(SourceRange range) { return range.end > range.begin; }

// "contract.sla:31", or kDefaultClause for an empty range.
std::string clause_location(const SourceFile& contract, SourceRange range);

// Line and column of the clause's start; nullopt for a default.
std::optional<LineColumn> clause_line_column(const SourceFile& contract, SourceRange range);

// The clause's first line of text, trimmed, for quoting ("below 99.9%: 10%;");
// empty for a default.
std::string clause_excerpt(const SourceFile& contract, SourceRange range);

}  // namespace slaudit::report
