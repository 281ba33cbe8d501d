// The provider's statement reader (telemetry/statement/statement_reader.h):
// every record used or rejected with a line and a reason, in line order; every
// figure read is a share from 0 to 1 and every credit paid is not negative;
// the same records in reverse order (JSON Lines, where a record is a line)
// give the same figures, counts and reasons.
#include <algorithm>
#include <string>
#include <vector>

#include "fuzz/support/fuzz_target.h"
#include "telemetry/statement/statement_reader.h"

namespace {

using namespace slaudit;

Statement read(std::string_view data, StatementFormat format) {
  StatementReadOptions options;
  options.format = format;
  options.path = "statement";
  options.clauses = {{"training", {""}}, {"web", {"uptime", "requests"}}};
  options.currency = model::Currency{"USD", 2};
  const Statement s = read_statement(data, options);
  SLAUDIT_FUZZ_EXPECT(s.records_read == s.rows.size() + s.rejected.size(), "records read != used + rejected");
  for (size_t i = 0; i < s.rejected.size(); ++i) {
    SLAUDIT_FUZZ_EXPECT(s.rejected[i].line > 0 && !s.rejected[i].reason.empty(), "a rejection without line or reason");
    SLAUDIT_FUZZ_EXPECT(i == 0 || s.rejected[i - 1].line <= s.rejected[i].line, "rejections out of line order");
  }
  for (const audit::StatedAvailability& row : s.rows) {
    SLAUDIT_FUZZ_EXPECT(row.availability >= 0 && row.availability <= 1, "a stated figure outside 0..100%");
    SLAUDIT_FUZZ_EXPECT(!row.paid_minor || *row.paid_minor >= 0, "a negative credit paid");
    SLAUDIT_FUZZ_EXPECT(row.line > 0 && !row.period.empty(), "a row without line or period");
  }
  return s;
}

// What the rows and rejections say, without the lines they came from.
std::string described(const Statement& s) {
  std::vector<std::string> items;
  for (const auto& row : s.rows)
    items.push_back(row.service + "/" + row.clause_label + " " + row.period + " " + row.availability.str() + " " +
                    (row.paid_minor ? std::to_string(*row.paid_minor) : "-"));
  for (const auto& r : s.rejected)
    if (r.reason.find("lines ") != 0) items.push_back("rejected: " + r.reason);  // duplicates name their lines
  std::sort(items.begin(), items.end());
  std::string out = std::to_string(s.records_read) + " read\n";
  for (const auto& item : items) out += item + "\n";
  return out;
}

std::string reversed_lines(std::string_view data) {
  std::vector<std::string_view> lines;
  for (size_t pos = 0; pos <= data.size();) {
    const size_t end = std::min(data.find('\n', pos), data.size());
    lines.push_back(data.substr(pos, end - pos));
    pos = end + 1;
  }
  std::string out;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) out.append(*it).push_back('\n');
  return out;
}

}  // namespace

SLAUDIT_FUZZ_TARGET(statement) {
  read(data, StatementFormat::Csv);
  const Statement forward = read(data, StatementFormat::JsonLines);
  // A BOM belongs to the first line only: reversing the lines would move one
  // from the last line to the front, where the reader strips it.
  if (data.starts_with("\xEF\xBB\xBF") || data.find("\n\xEF\xBB\xBF") != std::string_view::npos) return;
  const Statement reversed = read(reversed_lines(data), StatementFormat::JsonLines);
  SLAUDIT_FUZZ_EXPECT(described(reversed) == described(forward), "the order of the records changed the statement");
}
