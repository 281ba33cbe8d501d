#pragma once
// UTF-8 at the edges: JSON must be valid UTF-8, but contract text, messages
// and paths are bytes as given (a file name may hold 0xFF). These keep
// invalid bytes from aborting a writer, and a message from cutting a character.
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace slaudit {

// The length of the character starting at `text[at]`: 2 to 4 for a valid
// multi-byte UTF-8 sequence, else 1 (ASCII, or an invalid byte).
size_t utf8_char_length(std::string_view text, size_t at);

// The one way slaudit writes a JSON document (reports, check --format json and
// sarif, ast): every byte that is not valid UTF-8 becomes U+FFFD, never an
// exception. indent < 0: one line.
std::string json_text(const nlohmann::json& value, int indent = 2);

}  // namespace slaudit
