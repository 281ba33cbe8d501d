// The PagerDuty readers (telemetry/sources/pagerduty.h), JSON pages and CSV
// export, on any bytes: a log or an error, never both; every record used,
// rejected with a line and a reason, or not for this contract; each used
// record exactly one incident, ids unique, none ending before it starts.
#include <set>
#include <string>

#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_logs.h"
#include "telemetry/sources/pagerduty.h"

namespace {

using namespace slaudit;

void check(const IncidentLogResult& result) {
  SLAUDIT_FUZZ_EXPECT(result.ok() != !result.error.empty(), "a result with both a log and an error, or neither");
  if (!result.ok()) return;
  const IncidentLog& log = *result.log;
  SLAUDIT_FUZZ_EXPECT(log.rejected.size() + log.not_for_contract <= log.records_read,
                      "more records rejected or not for this contract than read");
  SLAUDIT_FUZZ_EXPECT(log.records_read == log.used_records() + log.rejected.size() + log.not_for_contract,
                      "records read != used + rejected + not for this contract");
  SLAUDIT_FUZZ_EXPECT(log.used_records() == log.incidents.size(), "a used PagerDuty record is not one incident");
  for (const RejectedRecord& r : log.rejected)
    SLAUDIT_FUZZ_EXPECT(r.line > 0 && !r.reason.empty(), "a rejection without line or reason");
  std::set<std::string> ids;
  for (const Incident& incident : log.incidents) {
    SLAUDIT_FUZZ_EXPECT(ids.insert(incident.id).second, "two incidents with one id");
    SLAUDIT_FUZZ_EXPECT(!incident.end || *incident.end >= incident.start, "an incident that ends before it starts");
  }
}

}  // namespace

SLAUDIT_FUZZ_TARGET(pagerduty) {
  SourceReadOptions options;
  options.path = "fuzz";
  options.names = SourceNames(fuzz::fuzz_services());
  check(read_pagerduty(data, options));
  check(read_pagerduty_csv(data, options));
}
