#pragma once
// `slaudit check --format sarif`: one SARIF 2.1.0 log for all files checked,
// so findings show in code-review tools. The rules array holds the whole
// catalogue in registry order (ruleIndex = position in all_rules()), then the
// codes of checker diagnostics that occur, sorted. Findings silenced in the
// source are results with suppressions [{kind: inSource}], and
// run.properties.disabledRules lists every rule disabled in the source, with
// where and how many findings it silenced (also those that silenced none). Columns count
// Unicode code points (run.columnKind). Output is deterministic.
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "language/compile/compile.h"
#include "rules/lint.h"

namespace slaudit::report {

// `io_errors`: files that could not be read (tool execution notifications;
// executionSuccessful is false when there is any).
nlohmann::json sarif_log(const std::vector<rules::CheckedFile>& files, const std::vector<std::string>& io_errors = {});

// A relative path as a URI reference: unreserved characters and '/' kept, others percent-encoded.
std::string path_to_uri(const std::string& path);

}  // namespace slaudit::report
