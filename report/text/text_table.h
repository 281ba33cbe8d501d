#pragma once
// A plain-text table for terminals: columns sized by display width, so cells
// holding Chinese (two columns a character) line up with ASCII ones. A cell
// wider than kMaxTableCellWidth (base/text/display_width.h) is cut and marked "…" (the JSON report has every
// value whole): one long id must not pad every row of its column. A
// left-aligned last column is never padded, and is kept whole.
#include <string>
#include <vector>

namespace slaudit::report {

enum class Align { Left, Right };

class TextTable {
 public:
  struct Column {
    std::string heading;
    Align align = Align::Left;
  };
  explicit TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

  // A row with fewer cells than columns is padded with empty cells.
  void add_row(std::vector<std::string> cells);

  // The heading row then each row, every line prefixed with `indent` and
  // ended by '\n'; columns are two spaces apart and no line ends in a space.
  std::string render(const std::string& indent = "") const;

 private:
  std::vector<size_t> widths() const;
  std::string render_line(const std::vector<std::string>& cells, const std::vector<size_t>& widths) const;

  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace slaudit::report
