// The status-change history reader (telemetry/status/status_history.h): every
// record used or rejected with a line and a reason; every incident ends after
// it starts; the initial-state rule changes no incident; and the same records
// in reverse order give the same incidents, counts and unknown spans (the
// input is read as JSON Lines for that, where a record is a line; as CSV, the
// same bytes must hold the accounting).
#include <algorithm>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_logs.h"
#include "telemetry/status/status_history.h"

namespace {

using namespace slaudit;

StatusHistory read(std::string_view data, StatusFormat format, InitialState initial) {
  StatusReadOptions options;
  options.format = format;
  options.services = fuzz::fuzz_services();
  options.initial_state = initial;
  const StatusHistory h = read_status_history(data, options);
  SLAUDIT_FUZZ_EXPECT(h.records_read == h.used + h.rejected.size() + h.not_for_contract,
                      "records read != used + rejected + not for this contract");
  SLAUDIT_FUZZ_EXPECT(h.repeated <= h.used, "more repeated states than used records");
  for (size_t i = 0; i < h.rejected.size(); ++i) {
    SLAUDIT_FUZZ_EXPECT(h.rejected[i].line > 0 && !h.rejected[i].reason.empty(), "a rejection without line or reason");
    SLAUDIT_FUZZ_EXPECT(i == 0 || h.rejected[i - 1].line <= h.rejected[i].line, "rejections out of line order");
  }
  for (const Incident& incident : h.incidents)
    SLAUDIT_FUZZ_EXPECT(!incident.end || *incident.end > incident.start, "an incident that does not end after it starts");
  return h;
}

// What an incident says, without the line it came from.
std::string described(const StatusHistory& h) {
  std::string out = std::to_string(h.used) + " used, " + std::to_string(h.repeated) + " repeated, " +
                    std::to_string(h.rejected.size()) + " rejected\n";
  for (const Incident& i : h.incidents)
    out += i.id + " " + format_utc(i.start) + ".." + (i.end ? format_utc(*i.end) : "open") + "\n";
  for (const UnknownState& u : h.unknown_before) out += "unknown " + u.service + "/" + u.resource + " " + format_utc(u.until) + "\n";
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

SLAUDIT_FUZZ_TARGET(status_history) {
  read(data, StatusFormat::Csv, InitialState::Unknown);
  const StatusHistory unknown = read(data, StatusFormat::JsonLines, InitialState::Unknown);
  const StatusHistory up = read(data, StatusFormat::JsonLines, InitialState::Up);
  SLAUDIT_FUZZ_EXPECT(up.incidents.size() == unknown.incidents.size() && up.unknown_before.empty(),
                      "the initial state changed the incidents, or left time unknown under 'up'");
  // A BOM belongs to the first line only: reversing would move one (from the
  // first line to the back, or from the last line to the front).
  if (data.starts_with("\xEF\xBB\xBF") || data.find("\n\xEF\xBB\xBF") != std::string_view::npos) return;
  const StatusHistory reversed = read(reversed_lines(data), StatusFormat::JsonLines, InitialState::Unknown);
  SLAUDIT_FUZZ_EXPECT(described(reversed) == described(unknown), "the order of the records changed the history");
}
