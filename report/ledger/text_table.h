#pragma once
// The ledger commands' text tables: columns padded to their widest cell
// (display width: CJK names take two), numbers right-aligned.
#include <string>
#include <vector>

namespace slaudit::report {

std::string text_table(const std::vector<std::vector<std::string>>& cells, const std::vector<bool>& right);

}  // namespace slaudit::report
