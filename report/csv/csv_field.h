#pragma once
// One CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote
// or a line break, with quotes doubled. Shared by every CSV the reports write.
//
// Neutralised against CSV injection (OWASP): a cell starting with = + - @,
// a tab or a carriage return gets a leading apostrophe, so a spreadsheet shows
// it as text instead of running it as a formula ("=HYPERLINK(…)" is written
// "'=HYPERLINK(…)"). A plain number (-5, -12.50, 2419109/2592000) is kept as it
// is, in whatever column: a spreadsheet reads it as the number it is.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace slaudit::report {

std::string csv_field(std::string_view text);
// The fields, comma-separated, and a line end.
void write_csv_row(std::ostream& out, const std::vector<std::string>& fields);

}  // namespace slaudit::report
