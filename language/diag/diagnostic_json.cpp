#include "language/diag/diagnostic_json.h"

namespace slaudit {

namespace {
nlohmann::json position(const SourceFile& file, uint32_t offset) {
  const LineColumn at = file.location(offset);
  return {{"line", at.line}, {"column", at.column}, {"offset", offset}};
}
}  // namespace

nlohmann::json range_to_json(const SourceFile& file, SourceRange range) {
  return {{"begin", position(file, range.begin)}, {"end", position(file, range.end)}};
}

nlohmann::json diagnostics_to_json(const SourceFile& file, const Diagnostics& diagnostics) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& d : diagnostics.sorted()) {
    nlohmann::json notes = nlohmann::json::array();
    for (const auto& n : d.notes) notes.push_back({{"message", n.message}, {"range", range_to_json(file, n.range)}});
    nlohmann::json item = {{"severity", severity_name(d.severity)},
                           {"code", d.code},
                           {"message", d.message},
                           {"hint", d.hint},
                           {"range", range_to_json(file, d.range)},
                           {"notes", notes}};
    // Only where the hint is a plain substitution: older readers see no new key otherwise.
    if (!d.replacements.empty()) {
      nlohmann::json edits = nlohmann::json::array();
      for (const auto& r : d.replacements) edits.push_back({{"range", range_to_json(file, r.range)}, {"text", r.text}});
      item["replacements"] = std::move(edits);
    }
    out.push_back(std::move(item));
  }
  return out;
}

}  // namespace slaudit
