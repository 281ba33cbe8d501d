#include "report/ledger/text_table.h"

#include <algorithm>

#include "base/text/display_width.h"

namespace slaudit::report {

void TextTable::widen(const std::vector<std::string>& row) {
  for (size_t c = 0; c < row.size() && c < width_.size(); ++c) width_[c] = std::max(width_[c], display_width(row[c]));
}

std::string TextTable::line(const std::vector<std::string>& row) const {
  std::string line = " ";
  for (size_t c = 0; c < row.size() && c < width_.size(); ++c) {
    const std::string pad(width_[c] - std::min(width_[c], display_width(row[c])), ' ');
    line += " " + (right_[c] ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : ""));
  }
  return line + "\n";
}

std::string text_table(const std::vector<std::vector<std::string>>& cells, const std::vector<bool>& right) {
  TextTable table(right);
  for (const auto& row : cells) table.widen(row);
  std::string out;
  for (const auto& row : cells) out += table.line(row);
  return out;
}

}  // namespace slaudit::report
