#pragma once
// Reading an `affected` amount: a share (0.25, 25%) or a count (64 gpus,
// 8 nodes). Numbers go from their source text straight to Decimal, so a share
// is exact; exponents are refused rather than converted through a double.
#include <optional>
#include <string>
#include <string_view>

#include "engine/records/incident.h"

namespace slaudit {

struct AffectedResult {
  std::optional<Affected> value;
  std::string error;  // why the text is not an amount, e.g. "a share must be at most 1 (100%)"
};

// "0.25", "25%", "64 gpus", "1 gpu", "8 nodes": a CSV cell or a JSON string.
AffectedResult parse_affected_text(std::string_view text);
// The source text of a JSON number, read as a share.
AffectedResult parse_affected_share(std::string_view number_text);
// The source text of a JSON number, read as a count of `unit`.
AffectedResult parse_affected_count(std::string_view number_text, CountUnit unit);

}  // namespace slaudit
