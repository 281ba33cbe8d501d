#include "tests/support/diagnostic_lines.h"

namespace slaudit::testing {

namespace {
std::string at(const SourceFile& file, SourceRange range) {
  const LineColumn lc = file.location(range.begin);
  return std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": ";
}
}  // namespace

std::vector<std::string> diagnostic_lines(const SourceFile& file, const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const auto& d : diagnostics.sorted()) {
    out.push_back(at(file, d.range) + severity_name(d.severity) + ": " + d.message + " [" + d.code + "]");
    for (const auto& n : d.notes) out.push_back(at(file, n.range) + "note: " + n.message);
  }
  return out;
}

std::string first_hint(const Diagnostics& diagnostics) {
  auto sorted = diagnostics.sorted();
  return sorted.empty() ? "" : sorted.front().hint;
}

}  // namespace slaudit::testing
