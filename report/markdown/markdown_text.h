#pragma once
// Text safe to paste into Markdown: what a contract or a log says must never
// turn into formatting (a title with `*`, a fault class with `_`, a reason
// with `|` inside a table cell).
#include <string>
#include <string_view>
#include <vector>

namespace slaudit::report {

// Backslash-escapes Markdown's inline punctuation and `|`; newlines become spaces.
std::string md_escape(std::string_view text);
// Inline code: `text`, with a longer fence when the text holds backticks.
// Not for table cells: a `|` would still split the cell.
std::string md_code(std::string_view text);
// A fenced code block of the lines, its fence longer than any backtick run in
// them: no line (a contract comment holding ```) can close it early and turn
// what follows into live Markdown or HTML.
std::string md_code_block(const std::vector<std::string>& lines);

}  // namespace slaudit::report
