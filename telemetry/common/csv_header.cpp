#include "telemetry/common/csv_header.h"

#include <algorithm>
#include <set>

#include "base/text/display_width.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

std::string csv_header_problem(const CsvRecord& header, std::span<const std::string_view> known,
                               std::span<const std::string_view> required) {
  const std::string where = "the header row (line " + std::to_string(header.line) + ")";
  if (!header.error.empty()) return where + " is malformed CSV: " + header.error;
  std::set<std::string_view> seen;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    const std::string& name = header.fields[i];
    if (first_invalid_utf8(name) != std::string_view::npos)
      return where + " is not valid UTF-8 in column " + std::to_string(i + 1);
    if (name.empty()) return where + " has an empty name for column " + std::to_string(i + 1);
    if (std::ranges::find(known, name) == known.end()) return where + ": " + unknown_field_reason(name, known);
    if (!seen.insert(name).second) return where + " names column " + quote_value(name) + " twice";
  }
  for (const std::string_view name : required)
    if (!seen.contains(name)) return where + " has no column '" + std::string(name) + "'";
  return {};
}

}  // namespace slaudit
