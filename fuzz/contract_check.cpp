// The contract front end as `slaudit check` runs it: parse, check, run the
// rules, on any bytes. Beyond "no crash, no hang, no sanitizer report":
//  - every diagnostic points inside the file (a range past the end would
//    crash the caret printer or the SARIF writer);
//  - the rules run exactly when the contract compiled without errors;
//  - a contract that compiles is formatted to text that compiles too, and
//    formatting that text changes nothing (printer.h promises both).
#include <memory>
#include <string>

#include "fuzz/support/fuzz_target.h"
#include "language/format/printer.h"
#include "rules/lint.h"

using namespace slaudit;

namespace {

void expect_in_file(const Diagnostics& diagnostics, size_t size) {
  for (const Diagnostic& d : diagnostics.sorted()) {
    SLAUDIT_FUZZ_EXPECT(d.range.begin <= d.range.end, "a diagnostic's range ends before it begins: " + d.code);
    SLAUDIT_FUZZ_EXPECT(d.range.end <= size, "a diagnostic points past the end of the file: " + d.code);
  }
}

}  // namespace

SLAUDIT_FUZZ_TARGET(contract_check) {
  const auto source = std::make_shared<const SourceFile>("fuzz.sla", std::string(data));
  const rules::CheckedFile checked = rules::check_file(source, rules::RuleOptions{});
  expect_in_file(checked.all, data.size());
  SLAUDIT_FUZZ_EXPECT(checked.lint->ran == checked.compiled->ok(), "the rules ran on a contract with errors, or not on a clean one");
  if (!checked.compiled->ok()) return;

  const std::string formatted = format_contract(*source, checked.compiled->syntax);
  const SourceFile again("fuzz.sla", formatted);
  const CompiledContract recompiled = compile_contract(again);
  SLAUDIT_FUZZ_EXPECT(recompiled.ok(), "the formatted contract does not compile:\n" + formatted);
  SLAUDIT_FUZZ_EXPECT(format_contract(again, recompiled.syntax) == formatted,
                      "formatting the formatted contract changed it:\n" + formatted);
}
