#pragma once
// A rule of the catalogue: a stable id, a severity, a one-line summary, the
// rationale (which question before signing it guards), a fix hint written in
// the contract language, two examples (one that fires, one that stays silent)
// and a check over the checked contract that reports findings with source
// ranges. Rules flag what is legal but leaves a contract or a marketing claim
// ambiguous or unverifiable; the checker has already rejected what is wrong.
#include <map>
#include <string>
#include <vector>

#include "language/diag/diagnostic.h"
#include "language/model/contract.h"
#include "language/syntax/ast.h"
#include "rules/options.h"

namespace slaudit::rules {

struct RuleInfo {
  const char* id;        // kebab-case, stable, never reused
  Severity severity;     // default; `--rule-option ID.severity=...` overrides it
  const char* summary;   // one line, no trailing period
  const char* rationale; // why it matters, with the question or provider term it guards against
  const char* fix;       // what to write instead, in the contract language
  // Examples are contract items (wrapped into a small contract by example_contract()).
  const char* fires;     // an example that fires the rule
  const char* silent;    // the same term stated properly: the rule stays silent
  // Options the rule reads (name -> "meaning; default X"), besides `severity`.
  std::map<std::string, std::string> options = {};
};

// What a rule looks at: the syntax tree (for exact source ranges) and the
// checked model (for meaning) of one contract that compiled without errors.
struct RuleInput {
  const SourceFile& source;
  const ast::Contract& syntax;
  const model::Contract& contract;
  const RuleOptions& options;
};

struct Finding {
  SourceRange range;
  std::string message;  // one line; says what is missing in this place
  std::string hint;     // empty: the rule's fix hint
};

using Findings = std::vector<Finding>;

struct Rule {
  RuleInfo info;
  void (*check)(const RuleInput& input, Findings& out);
};

}  // namespace slaudit::rules
