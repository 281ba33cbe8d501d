#include "rules/lint_report.h"

#include "language/diag/diagnostic_json.h"

namespace slaudit::rules {

namespace {
const char* kind_name(Disable::Kind kind) { return kind == Disable::Kind::Comment ? "comment" : "attribute"; }

std::string where(const Disable& d) {
  if (d.kind == Disable::Kind::Comment) return "for the file by a comment";
  return d.file_wide ? "for the file by @allow on the contract" : "for one item by @allow";
}
}  // namespace

std::string render_disables_text(const SourceFile& source, const LintResult& lint) {
  std::string out;
  for (const auto& d : lint.disables) {
    const auto at = source.location(d.at.begin);
    out += source.name() + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + d.rule +
           " disabled " + where(d) + " (" + std::to_string(d.suppressed) + " finding" +
           (d.suppressed == 1 ? "" : "s") + " silenced)" + (d.reason.empty() ? "" : ": " + d.reason) + "\n";
  }
  return out;
}

nlohmann::json lint_to_json(const SourceFile& source, const LintResult& lint) {
  nlohmann::json disabled = nlohmann::json::array();
  for (const auto& d : lint.disables)
    disabled.push_back({{"rule", d.rule},
                        {"kind", kind_name(d.kind)},
                        {"scope", d.file_wide ? "file" : "item"},
                        {"at", range_to_json(source, d.at)},
                        {"suppressed", d.suppressed},
                        {"reason", d.reason}});
  nlohmann::json suppressed = nlohmann::json::array();
  for (const auto& s : lint.suppressed) {
    Diagnostics one;
    one.add(s.diagnostic);
    auto j = diagnostics_to_json(source, one).at(0);
    j["disabled_by"] = s.disable;
    suppressed.push_back(std::move(j));
  }
  return {{"rules_ran", lint.ran}, {"disabled", disabled}, {"suppressed", suppressed}};
}

}  // namespace slaudit::rules
