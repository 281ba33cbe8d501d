#pragma once
// Test support for the rule catalogue: compile a contract (which must have no
// errors) and run the rules; findings as "L:C: severity: message [id]".
#include <memory>
#include <string>
#include <vector>

#include "language/compile/compile.h"
#include "rules/lint.h"

namespace slaudit::testing {

struct Linted {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  rules::LintResult lint;
};

Linted lint_text(const std::string& text, const rules::RuleOptions& options = {});
// Findings of one rule (or of all rules when `rule` is empty), in report order.
std::vector<std::string> finding_lines(const Linted& linted, const std::string& rule = "");

}  // namespace slaudit::testing
