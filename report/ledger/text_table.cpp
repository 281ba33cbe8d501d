#include "report/ledger/text_table.h"

#include <algorithm>

#include "base/text/display_width.h"

namespace slaudit::report {

std::string text_table(const std::vector<std::vector<std::string>>& cells, const std::vector<bool>& right) {
  std::vector<size_t> width(right.size(), 0);
  for (const auto& row : cells)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], display_width(row[c]));
  std::string out;
  for (const auto& row : cells) {
    std::string line = " ";
    for (size_t c = 0; c < row.size(); ++c) {
      const std::string pad(width[c] - display_width(row[c]), ' ');
      line += " " + (right[c] ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : ""));
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace slaudit::report
