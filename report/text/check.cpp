// `slaudit check` for terminals: diagnostics as compilers print them.
#include "report/text/render_text.h"
#include "rules/lint_report.h"

namespace slaudit::report {

namespace {
std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }
}  // namespace

std::string render_check_text(const std::vector<rules::CheckedFile>& files) {
  std::string out;
  for (const rules::CheckedFile& f : files) {
    out += render_diagnostics(*f.source, f.all) + rules::render_disables_text(*f.source, *f.lint);
    out += f.source->name() + ": " + (f.errors ? "FAILED" : "ok") + " (" + plural(f.errors, "error") + ", " +
           plural(f.warnings, "warning") + ", " + plural(f.notes, "note") + ", " +
           plural(f.lint->suppressed.size(), "finding") + " silenced" +
           (f.lint->ran ? "" : "; rules not run on a contract with errors") + ")\n";
  }
  return out;
}

}  // namespace slaudit::report
