#pragma once
// The value shapes of the JSON report (docs/audit-report.schema.json, $defs):
// exact figures as strings or integers, never as JSON floats.
#include <nlohmann/json.hpp>
#include <optional>

#include "engine/audit/report.h"
#include "language/syntax/source.h"

namespace slaudit::report {

// {"num": "1", "den": "3", "decimal": "0.333333~"}: the exact value, and a
// decimal for people with 6 fractional digits, truncated and marked when cut.
nlohmann::json rational_json(const audit::Rational& value);
// {"minor": 12000000, "decimal": "120000.00"}.
nlohmann::json money_json(int64_t minor, const model::Currency& currency);
// {"line": 31, "column": 5}, or null when the contract does not say (a default).
nlohmann::json clause_json(const SourceFile& contract, SourceRange range);
// "2026-11-01T00:00:00Z".
nlohmann::json instant_json(Instant at);
// "2026-12-31", or null.
nlohmann::json date_json(const std::optional<model::CivilDate>& date);
// "99.9": a percentage as a decimal string, or null.
nlohmann::json percent_json(const std::optional<model::Percent>& percent);
nlohmann::json strings_json(const std::vector<std::string>& items);
nlohmann::json explanations_json(const SourceFile& contract, const std::vector<audit::Explanation>& lines);

}  // namespace slaudit::report
