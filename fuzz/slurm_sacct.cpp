// The Slurm sacct reader (telemetry/sources/slurm_sacct.h): every row used,
// rejected or not for this contract, on any input; no incident recovered
// before it began; and the rows in reverse order give the same incidents
// (a fault's next attempt is found by time, never by row order).
#include <algorithm>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "fuzz/support/fuzz_target.h"
#include "telemetry/sources/slurm_sacct.h"

namespace {

using namespace slaudit;

std::vector<std::string> described(std::string_view data) {
  SourceReadOptions options;
  options.path = "fuzz";
  options.names = SourceNames(ServiceNames{"training", "inference", "gpu"});
  const IncidentLogResult result = read_slurm_sacct(data, options);
  if (!result.ok()) {
    SLAUDIT_FUZZ_EXPECT(!result.error.empty(), "an error without words");
    return {"error"};
  }
  const IncidentLog& log = *result.log;
  SLAUDIT_FUZZ_EXPECT(log.records_read == log.used_records() + log.rejected.size() + log.not_for_contract,
                      "records read != used + rejected + not for this contract");
  SLAUDIT_FUZZ_EXPECT(log.incidents.size() == log.used_records(), "a used row gave other than one incident");
  for (const RejectedRecord& r : log.rejected)
    SLAUDIT_FUZZ_EXPECT(r.line > 0 && !r.reason.empty(), "a rejection without line or reason");
  std::vector<std::string> out;
  for (const Incident& i : log.incidents) {
    SLAUDIT_FUZZ_EXPECT(!i.end || *i.end >= i.start, "an incident that ends before it starts");
    SLAUDIT_FUZZ_EXPECT(i.detected == i.start && i.recovered == i.end, "detected or recovered off the fault's times");
    out.push_back(i.id + " " + format_utc(i.start) + " " + (i.end ? format_utc(*i.end) : "open"));
  }
  std::sort(out.begin(), out.end());
  SLAUDIT_FUZZ_EXPECT(std::adjacent_find(out.begin(), out.end()) == out.end(), "two incidents with one id");
  return out;
}

// The header line first, then the other lines in reverse.
std::string reversed_rows(std::string_view data) {
  std::vector<std::string_view> lines;
  for (size_t pos = 0; pos <= data.size();) {
    const size_t end = std::min(data.find('\n', pos), data.size());
    lines.push_back(data.substr(pos, end - pos));
    pos = end + 1;
  }
  std::string out(lines.front());
  out.push_back('\n');
  for (size_t i = lines.size() - 1; i >= 1; --i) out.append(lines[i]).push_back('\n');
  return out;
}

}  // namespace

SLAUDIT_FUZZ_TARGET(slurm_sacct) {
  const std::vector<std::string> forward = described(data);
  // Reversing keeps the header first; a blank or BOM first line would hand its place to a row: skip those.
  const std::string_view first_line = data.substr(0, data.find('\n'));
  if (first_line.find_first_not_of(" \t\r") == std::string_view::npos || data.starts_with("\xEF\xBB\xBF")) return;
  if (forward.size() == 1 && forward.front() == "error") return;
  SLAUDIT_FUZZ_EXPECT(described(reversed_rows(data)) == forward, "the order of the rows changed the incidents");
}
