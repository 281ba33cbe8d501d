// `slaudit check --format json`.
#include "language/diag/diagnostic_json.h"
#include "report/json/render_json.h"
#include "rules/lint_report.h"

namespace slaudit::report {

nlohmann::json check_to_json(const std::vector<rules::CheckedFile>& files) {
  nlohmann::json entries = nlohmann::json::array();
  for (const rules::CheckedFile& f : files) {
    auto entry = nlohmann::json{{"path", f.source->name()},
                                {"ok", f.errors == 0},
                                {"errors", f.errors},
                                {"warnings", f.warnings},
                                {"notes", f.notes},
                                {"diagnostics", diagnostics_to_json(*f.source, f.all)}};
    entry.update(rules::lint_to_json(*f.source, *f.lint));
    entries.push_back(std::move(entry));
  }
  return nlohmann::json{{"version", 1}, {"files", entries}};
}

}  // namespace slaudit::report
