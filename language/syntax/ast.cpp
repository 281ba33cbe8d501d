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

const char* selector_op_text(SelectorOp op) {
  switch (op) {
    case SelectorOp::Equal: return "=";
    case SelectorOp::NotEqual: return "!=";
    case SelectorOp::AtLeast: return ">=";
    case SelectorOp::GreaterThan: return ">";
    case SelectorOp::AtMost: return "<=";
    case SelectorOp::LessThan: return "<";
  }
  return "=";
}

}  // namespace slaudit::ast
