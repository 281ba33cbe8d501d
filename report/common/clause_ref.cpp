#include "report/common/clause_ref.h"

namespace slaudit::report {

std::string clause_location(const SourceFile& contract, SourceRange range) {
  if (!is_stated(range)) return std::string(kDefaultClause);
  return contract.name() + ":" + std::to_string(contract.location(range.begin).line);
}

std::optional<LineColumn> clause_line_column(const SourceFile& contract, SourceRange range) {
  if (!is_stated(range)) return std::nullopt;
  return contract.location(range.begin);
}

std::string clause_excerpt(const SourceFile& contract, SourceRange range) {
  if (!is_stated(range)) return {};
  std::string_view text = contract.slice(range);
  text = text.substr(0, text.find('\n'));  // a multi-line clause is quoted by its first line
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r' || text.back() == '\t')) text.remove_suffix(1);
  return std::string(text);
}

}  // namespace slaudit::report
