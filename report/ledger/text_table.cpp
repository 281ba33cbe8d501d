#include "report/ledger/text_table.h"

#include <algorithm>

#include "base/text/display_width.h"

namespace slaudit::report {

namespace {

// The cell as shown: cut unless it is a left-aligned last one, which is never padded.
std::string shown(const std::vector<std::string>& row, size_t c, bool right) {
  return c + 1 < row.size() || right ? fit_width(row[c], kMaxTableCellWidth) : row[c];
}

}  // namespace

void StreamedTable::widen(const std::vector<std::string>& row) {
  for (size_t c = 0; c < row.size() && c < width_.size(); ++c)
    width_[c] = std::max(width_[c], display_width(shown(row, c, right_[c])));
}

std::string StreamedTable::line(const std::vector<std::string>& row) const {
  std::string line = " ";
  for (size_t c = 0; c < row.size() && c < width_.size(); ++c) {
    const std::string cell = shown(row, c, right_[c]);
    const std::string pad(width_[c] - std::min(width_[c], display_width(cell)), ' ');
    line += " " + (right_[c] ? pad + cell : cell + (c + 1 < row.size() ? pad : ""));
  }
  return line + "\n";
}

std::string text_table(const std::vector<std::vector<std::string>>& cells, const std::vector<bool>& right) {
  StreamedTable table(right);
  for (const auto& row : cells) table.widen(row);
  std::string out;
  for (const auto& row : cells) out += table.line(row);
  return out;
}

}  // namespace slaudit::report
