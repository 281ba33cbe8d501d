#include "language/syntax/ast.h"

namespace slaudit::ast {

const char* comparator_text(Comparator op) {
  switch (op) {
    case Comparator::AtLeast: return ">=";
    case Comparator::GreaterThan: return ">";
    case Comparator::AtMost: return "<=";
    case Comparator::LessThan: return "<";
    case Comparator::Equal: return "=";
    case Comparator::About: return "about";
  }
  return ">=";
}

}  // namespace slaudit::ast
