#pragma once
// Terminal display width of UTF-8 text: East Asian wide and fullwidth
// characters take two columns, so tables and carets line up under Chinese text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace slaudit {

// Decodes one code point at text[i], advancing i; invalid bytes decode as U+FFFD.
char32_t decode_utf8(std::string_view text, size_t& i);
int code_point_width(char32_t cp);
size_t display_width(std::string_view utf8);
// Pads with spaces on the right to `width` display columns.
std::string pad_right(std::string_view utf8, size_t width);
std::string pad_left(std::string_view utf8, size_t width);
// The widest cell of a text table (report/text, report/ledger), in display
// columns: wider ones are cut with fit_width.
inline constexpr size_t kMaxTableCellWidth = 160;
// The text whole when it is at most `width` display columns (width >= 1), else
// its start cut to `width` - 1 columns and marked with "…". Reads no further
// than the cut, however long the text.
std::string fit_width(std::string_view utf8, size_t width);

// The byte offset of the first invalid UTF-8 sequence, or npos when valid.
size_t first_invalid_utf8(std::string_view text);
// Every byte below 0x80 (so the text is valid UTF-8, and one column per character).
bool is_ascii(std::string_view text);

}  // namespace slaudit
