#pragma once
// What a lint run reports beside its findings: the rules disabled in the
// source, where, and what they silenced; as text lines and as JSON.
#include <nlohmann/json.hpp>
#include <string>

#include "rules/lint.h"

namespace slaudit::rules {

// "file:L:C: rule-id disabled for the file by a comment (2 findings silenced)", one line each.
std::string render_disables_text(const SourceFile& source, const LintResult& lint);
// {"rules_ran", "disabled": [...], "suppressed": [...]}.
nlohmann::json lint_to_json(const SourceFile& source, const LintResult& lint);

}  // namespace slaudit::rules
