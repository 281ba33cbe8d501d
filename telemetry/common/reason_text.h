#pragma once
// Pieces of rejection reasons. A reason is one line of valid UTF-8 whatever
// the input held, so it can go into a terminal, a JSON report or a CSV cell.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace slaudit {

// The text with control characters, bidirectional formatting characters
// (U+202E as \xe2\x80\xae) and invalid UTF-8 escaped (\n, \t, \xff),
// cut after `max_code_points` with an ellipsis.
std::string printable(std::string_view text, size_t max_code_points = 200);

// 'value', printable and cut at 60 code points: for quoting input in a reason.
std::string quote_value(std::string_view value);

// "unknown field 'ned' (did you mean 'end'?)"; the hint only for a near miss.
std::string unknown_field_reason(std::string_view name, std::span<const std::string_view> known);

// The known name `name` is a near miss of, if any: the same letters in
// another case, or a typo away (one edit for names of up to 4 bytes, two for
// longer ones; a swapped pair of letters is one edit). Readers that keep
// unknown fields still reject a near miss: a typo of `end` must not make an
// incident open.
std::optional<std::string_view> near_miss(std::string_view name, std::span<const std::string_view> known);

// 1-based column, counted in code points, of byte offset `at` in `text`.
size_t code_point_column(std::string_view text, size_t at);

}  // namespace slaudit
