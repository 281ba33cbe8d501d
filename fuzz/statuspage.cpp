// The Statuspage API v2 reader (telemetry/sources/statuspage.h): any input is
// either an error for the whole document or a log whose every record is used,
// rejected (with a line and a reason) or not for this contract; every
// incident is on a contract service, ends after it starts, and has an id no
// other incident of the log has.
#include "telemetry/sources/statuspage.h"

#include <set>
#include <string>

#include "fuzz/support/fuzz_target.h"

namespace {

using namespace slaudit;

SourceReadOptions fuzz_options() {
  SourceReadOptions options;
  options.path = "fuzz";
  // The seeds' components by their lower_snake names, and one by the user's map.
  options.names =
      SourceNames(ServiceNames{"git_operations", "api_requests", "api"}, {{"Webhooks", SourceTarget{"api", "hooks"}}});
  return options;
}

}  // namespace

SLAUDIT_FUZZ_TARGET(statuspage) {
  static const SourceReadOptions options = fuzz_options();
  const IncidentLogResult result = read_statuspage(data, options);
  SLAUDIT_FUZZ_EXPECT(result.ok() != !result.error.empty(), "a result with both a log and an error, or neither");
  if (!result.ok()) return;
  const IncidentLog& log = *result.log;
  SLAUDIT_FUZZ_EXPECT(log.rejected.size() + log.not_for_contract <= log.records_read,
                      "more records accounted than read");
  SLAUDIT_FUZZ_EXPECT(log.records_read == log.used_records() + log.rejected.size() + log.not_for_contract,
                      "records read != used + rejected + not for this contract");
  for (const RejectedRecord& r : log.rejected)
    SLAUDIT_FUZZ_EXPECT(r.line > 0 && !r.reason.empty(), "a rejection without line or reason");
  std::set<std::string> ids;
  for (const Incident& incident : log.incidents) {
    SLAUDIT_FUZZ_EXPECT(options.names.services().contains(incident.service.view()),
                        "an incident on no contract service");
    SLAUDIT_FUZZ_EXPECT(!incident.end || *incident.end > incident.start,
                        "an incident that does not end after it starts");
    SLAUDIT_FUZZ_EXPECT(ids.insert(incident.id).second, "two incidents with one id");
  }
}
