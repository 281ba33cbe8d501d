#pragma once
// The canonical text of the small pieces items are made of. Every function
// prints the tokens the tree was parsed from, in order, with canonical
// spacing only: printing never changes which tokens there are, so it never
// changes what they parse to.
#include <string>
#include <vector>

#include "language/format/layout.h"
#include "base/util/overloaded.h"
#include "language/syntax/ast.h"

namespace slaudit::format {

// `99.90%`, `72 h`, `400 GB/s`, `10000`: the number and unit as written.
std::string quantity(const ast::Quantity& q);
// `>=`, `about`, ...
std::string comparator(const ast::ComparatorOp& op);
// `calendar month`, `billing month from day 5`, `rolling 30 d`
std::string period(const ast::PeriodSpec& spec);
// `100% of monthly fee per contract year`
std::string cap(const ast::CapSpec& spec);
// `within 30 d after period end, not before 5 working days after incident`
std::string claim_deadline(const ast::ClaimDeadline& deadline);
// `maintenance with notice >= 72 h, at most 4 h per period`, `cause in (a, b)`, ...
std::string exclusion(const ast::Exclusion& what);
// `under load`, `empty`
std::string condition(const ast::ConditionRef& ref);

// `a, b, c`: each part printed by `print`.
template <class T, class Print>
std::string comma_list(const std::vector<T>& parts, Print print) {
  std::string out;
  for (const T& part : parts) {
    if (!out.empty()) out += ", ";
    out += print(part);
  }
  return out;
}
inline std::string name_text(const ast::Name& n) { return n.text; }
inline std::string raw_text(const ast::Text& t) { return t.raw; }

// Each attribute on its own line: `@allow(rule_a, "why")`.
void print_attributes(LineWriter& out, const std::vector<ast::Attribute>& attrs);

}  // namespace slaudit::format
