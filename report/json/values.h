#pragma once
// The value shapes of the JSON report (docs/audit-report.schema.json, $defs),
// written in place: exact figures as strings or integers, never as JSON floats.
#include <optional>

#include "engine/audit/report.h"
#include "language/syntax/source.h"
#include "report/json/json_writer.h"

namespace slaudit::report {

// {"decimal": "0.333333~", "den": "3", "num": "1"}: the exact value, and a
// decimal for people with 6 fractional digits, truncated and marked when cut.
void write_rational(JsonWriter& w, const audit::Rational& value);
// The same, or null.
void write_rational(JsonWriter& w, const std::optional<audit::Rational>& value);
// The keys `availability` (exact) and `availability_percent` (displayed), or
// two nulls: every report object that states an availability states it so.
void write_availability(JsonWriter& w, const std::optional<audit::Rational>& share);
// {"decimal": "120000.00", "minor": 12000000}.
void write_money(JsonWriter& w, int64_t minor, const model::Currency& currency);
// {"column": 5, "line": 31}, or null when the contract does not say (a default).
void write_clause(JsonWriter& w, const SourceFile& contract, SourceRange range);
// "2026-11-01T00:00:00Z".
void write_instant(JsonWriter& w, Instant at);
// "2026-12-31", or null.
void write_date(JsonWriter& w, const std::optional<model::CivilDate>& date);
// "99.9": a percentage as a decimal string, or null.
void write_percent(JsonWriter& w, const std::optional<model::Percent>& percent);
void write_strings(JsonWriter& w, const std::vector<std::string>& items);
void write_explanations(JsonWriter& w, const SourceFile& contract, const std::vector<audit::Explanation>& lines);

}  // namespace slaudit::report
