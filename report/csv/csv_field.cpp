#include "report/csv/csv_field.h"

namespace slaudit::report {

namespace {

// A number as the reports write one (-5, 12.50, 2419109/2592000): a
// spreadsheet reads it as a number, so a leading '-' is no formula here.
bool is_plain_number(std::string_view text) {
  if (text.starts_with('-')) text.remove_prefix(1);
  if (text.empty() || text.front() < '0' || text.front() > '9' || text.back() < '0' || text.back() > '9') return false;
  size_t separators = 0;
  for (const char c : text) {
    if (c == '.' || c == '/') ++separators;
    else if (c < '0' || c > '9') return false;
  }
  return separators <= 1;
}

// What a spreadsheet would run as a formula (OWASP, CSV injection): a cell
// starting with = + - @ tab or CR.
bool starts_like_formula(std::string_view text) {
  return !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
}

// The cell's text, neutralised, before any quoting.
std::string csv_text(std::string_view text) {
  if (!starts_like_formula(text) || is_plain_number(text)) return std::string(text);
  return "'" + std::string(text);
}

}  // namespace

std::string csv_field(std::string_view text) {
  const std::string cell = csv_text(text);
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string out = "\"";
  for (const char c : cell) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

void write_csv_row(std::ostream& out, const std::vector<std::string>& fields) {
  for (size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << csv_field(fields[i]);
  out << "\n";
}

}  // namespace slaudit::report
