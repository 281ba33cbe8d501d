#pragma once
// Text safe to paste into Markdown: what a contract or a log says must never
// turn into formatting (a title with `*`, a fault class with `_`, a reason
// with `|` inside a table cell).
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/incident.h"

namespace slaudit::report {

// Backslash-escapes Markdown's inline punctuation and `|`; newlines become spaces.
std::string md_escape(std::string_view text);
// Inline code: `text`, with a longer fence when the text holds backticks.
// Not for table cells: a `|` would still split the cell.
std::string md_code(std::string_view text);
// md_code for a table cell: a GitHub table splits a row at every '|', even
// inside a code span, unless it is written "\|" (which the cell then shows as '|').
std::string md_code_cell(std::string_view text);
// A fenced code block of the lines, its fence longer than any backtick run in
// them: no line (a contract comment holding ```) can close it early and turn
// what follows into live Markdown or HTML.
std::string md_code_block(const std::vector<std::string>& lines);

// An incident in a table cell: its id, then the log's title as a link to its
// url (each byte of the url outside a plain URL's characters percent-encoded,
// so no `|`, `)` or space can end the link or the cell early) and its ticket.
std::string md_incident(std::string_view id, const IncidentLabels* labels);

}  // namespace slaudit::report
