#pragma once
// The ledger commands' text tables: columns padded to their widest cell
// (display width: CJK names take two), numbers right-aligned. A cell wider
// than kMaxTableCellWidth is cut and marked "…" (the JSON output has it whole),
// except in a left-aligned last column, which is never padded.
#include <string>
#include <vector>

namespace slaudit::report {

std::string text_table(const std::vector<std::vector<std::string>>& cells, const std::vector<bool>& right);

// The same table a row at a time: widen() with every row first, then line(). (Not
// report/text's TextTable: one name for two classes in one namespace breaks the
// one-definition rule.)
class StreamedTable {
 public:
  explicit StreamedTable(std::vector<bool> right) : right_(std::move(right)), width_(right_.size(), 0) {}
  void widen(const std::vector<std::string>& row);
  std::string line(const std::vector<std::string>& row) const;

 private:
  std::vector<bool> right_;
  std::vector<size_t> width_;
};

}  // namespace slaudit::report
