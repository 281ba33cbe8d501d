#pragma once
// Running the catalogue over one compiled contract: findings as diagnostics
// (code = rule id), minus those silenced in the source, with a record of every
// silencing so the report can say which rules were disabled and where.
//
// Silencing: `@allow(rule_id, ...)` (a name, underscores for hyphens) or
// `@allow("rule-id")` on a contract item, an availability or
// recovery item, or the contract itself (then file-wide); or a comment
// `// slaudit: disable rule-id, ...` anywhere in the file (file-wide). An id
// that names no rule is reported as a warning (unknown-rule) rather than
// silently doing nothing; a string argument that is not an id is the reason.
//
// Rules run only on a contract that compiled without errors: a model rebuilt
// around errors would only yield follow-on findings.
#include <memory>
#include <string>
#include <vector>

#include "language/compile/compile.h"
#include "rules/options.h"

namespace slaudit::rules {

struct Disable {
  std::string rule;
  enum class Kind { Attribute, Comment } kind = Kind::Attribute;
  SourceRange at;     // the attribute or comment that disables it
  SourceRange scope;  // where it applies
  bool file_wide = false;
  size_t suppressed = 0;  // findings it silenced in this run
  std::string reason;     // string arguments of @allow that are not rule ids
};

struct SuppressedFinding {
  Diagnostic diagnostic;
  size_t disable = 0;  // index into LintResult::disables
};

struct LintResult {
  bool ran = false;                      // false when the contract had errors
  Diagnostics findings;                  // reported: rule findings and unknown-rule warnings
  std::vector<SuppressedFinding> suppressed;
  std::vector<Disable> disables;         // in source order
};

LintResult lint_contract(const SourceFile& source, const CompiledContract& compiled, const RuleOptions& options);

// One file as `slaudit check` reports it: the source, what compiling it found
// and what the rules found, with the counts the verdict is made of.
struct CheckedFile {
  std::shared_ptr<const SourceFile> source;
  std::shared_ptr<const CompiledContract> compiled;
  std::shared_ptr<const LintResult> lint;
  Diagnostics all;  // the checker's diagnostics, then the rules' findings
  size_t errors = 0, warnings = 0, notes = 0;
};
CheckedFile check_file(std::shared_ptr<const SourceFile> source, const RuleOptions& options);

// The silencing attributes and comments of a file, and warnings for ids that name no rule.
std::vector<Disable> collect_disables(const SourceFile& source, const ast::File& file, Diagnostics& warnings);

}  // namespace slaudit::rules
