#pragma once
// The fast path for JSON Lines: one flat object per line, as logging tools
// write it, read straight from the line's bytes without building a tree or
// copying a string. It takes only the plain form of a record: string values
// without escapes, strict UTF-8, unsigned numbers without exponent, `null`,
// the `scope` object, no repeated or unknown field. Anything else (escapes,
// other types, odd whitespace, syntax errors) it declines, and the line goes
// to the general reader (json_records.h), so every rejection reason and
// every accepted value is the general reader's.
#include <cstddef>
#include <optional>
#include <string_view>

#include "telemetry/incidents/raw_incident.h"

namespace slaudit {

// The record, with views into `line`; nullopt when the line is not in the
// plain form. Never a different record than raw_incident_from_json_line gives.
std::optional<RawIncident> scan_plain_json_line(std::string_view line, size_t line_number);
// The same into `raw` (overwritten either way); false where the above gives nullopt.
bool scan_plain_json_line(std::string_view line, size_t line_number, RawIncident& raw);

}  // namespace slaudit
