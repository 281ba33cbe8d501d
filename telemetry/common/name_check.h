#pragma once
// Names that reports print one per line or cell: incident, resource and
// target ids, services, regions, zones, claim references. Every reader checks
// them with this one function, so that no input can forge a report line (a
// newline before "Total owed: 0.00 USD"), reorder what a terminal shows (a
// right-to-left override), break a UTF-8 document or pad every row of a table
// to megabytes. Descriptions (an incident's cluster, a reason) are not names.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace slaudit {

// The longest name accepted, in bytes: a cloud resource id (an AWS ARN is at
// most 2,048 characters but in practice under 300) fits with room to spare.
inline constexpr size_t kMaxNameBytes = 1024;

// Why `value` is no name, or nullopt when it is one (`what` names it as the
// reason says: "field 'id'", "--reference"): at
// most kMaxNameBytes, valid UTF-8, and no control character (U+0000-U+001F,
// U+007F-U+009F) or bidirectional formatting character (U+061C, U+200E,
// U+200F, U+202A-U+202E, U+2066-U+2069).
// "field 'id' contains a control character: 'a\nb'".
std::optional<std::string> name_problem(std::string_view what, std::string_view value);

// U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: they reorder the text around them as shown.
bool is_bidi_control(char32_t cp);

}  // namespace slaudit
