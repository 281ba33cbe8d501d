#pragma once
// The header row of a CSV input whose columns are a fixed set of fields
// (status histories, provider statements): what makes it unusable, said the
// same way by every such reader. A typo such as `stat` must not silently drop
// what a column says, so an unknown name rejects the header, as in incident
// logs.
#include <span>
#include <string>
#include <string_view>

#include "telemetry/common/csv.h"

namespace slaudit {

// Why the header cannot be read, or "" when it can: malformed CSV, a name
// that is not valid UTF-8, empty, not one of `known` (with a near-miss hint)
// or given twice, or a `required` name missing. Each reason starts "the
// header row (line N)".
std::string csv_header_problem(const CsvRecord& header, std::span<const std::string_view> known,
                               std::span<const std::string_view> required);

}  // namespace slaudit
