#pragma once
// One CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote
// or a line break, with quotes doubled. Shared by every CSV the reports write.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace slaudit::report {

std::string csv_field(std::string_view text);
// The fields, comma-separated, and a line end.
void write_csv_row(std::ostream& out, const std::vector<std::string>& fields);

}  // namespace slaudit::report
