#include "tests/rules/rule_test_support.h"

#include <catch2/catch.hpp>

#include "tests/support/diagnostic_lines.h"

namespace slaudit::testing {

Linted lint_text(const std::string& text, const rules::RuleOptions& options) {
  Linted out;
  out.source = std::make_unique<SourceFile>("test.sla", text);
  out.compiled = compile_contract(*out.source);
  std::string errors;
  for (const auto& line : diagnostic_lines(*out.source, out.compiled.diagnostics)) errors += line + "\n";
  INFO(text << errors);
  REQUIRE(out.compiled.ok());
  out.lint = rules::lint_contract(*out.source, out.compiled, options);
  REQUIRE(out.lint.ran);
  return out;
}

std::vector<std::string> finding_lines(const Linted& linted, const std::string& rule) {
  std::vector<std::string> out;
  for (const auto& d : linted.lint.findings.sorted()) {
    if (!rule.empty() && d.code != rule) continue;
    const auto at = linted.source->location(d.range.begin);
    out.push_back(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + severity_name(d.severity) + ": " +
                  d.message + " [" + d.code + "]");
  }
  return out;
}

}  // namespace slaudit::testing
