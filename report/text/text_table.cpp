#include "report/text/text_table.h"

#include <algorithm>

#include "base/text/display_width.h"

namespace slaudit::report {

void TextTable::add_row(std::vector<std::string> cells) {
  for (size_t i = 0; i < cells.size() && i < columns_.size(); ++i)
    if (i + 1 < columns_.size() || columns_[i].align == Align::Right) cells[i] = fit_width(cells[i], kMaxTableCellWidth);
  rows_.push_back(std::move(cells));
}

std::vector<size_t> TextTable::widths() const {
  std::vector<size_t> widths;
  for (const Column& column : columns_) widths.push_back(display_width(column.heading));
  for (const auto& row : rows_)
    for (size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], display_width(row[i]));
  return widths;
}

std::string TextTable::render_line(const std::vector<std::string>& cells, const std::vector<size_t>& widths) const {
  std::string line;
  for (size_t i = 0; i < columns_.size(); ++i) {
    const std::string cell = i < cells.size() ? cells[i] : std::string();
    if (i > 0) line += "  ";
    line += columns_[i].align == Align::Right ? pad_left(cell, widths[i]) : pad_right(cell, widths[i]);
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string TextTable::render(const std::string& indent) const {
  const std::vector<size_t> sizes = widths();
  std::vector<std::string> headings;
  for (const Column& column : columns_) headings.push_back(column.heading);
  std::string out = indent + render_line(headings, sizes) + "\n";
  for (const auto& row : rows_) out += indent + render_line(row, sizes) + "\n";
  return out;
}

}  // namespace slaudit::report
