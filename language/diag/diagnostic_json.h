#pragma once
// Diagnostics as JSON for tools: positions as line/column (code points) and
// byte offsets, in the same deterministic order as the text rendering.
#include <nlohmann/json.hpp>

#include "language/diag/diagnostic.h"

namespace slaudit {

nlohmann::json diagnostics_to_json(const SourceFile& file, const Diagnostics& diagnostics);
nlohmann::json range_to_json(const SourceFile& file, SourceRange range);

}  // namespace slaudit
