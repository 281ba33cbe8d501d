// The Prometheus alerts reader (telemetry/sources/alertmanager.h) on any
// bytes: a log or an error, never both; every series used, rejected with a
// line and a reason, or not for this contract; a used series gives at least
// one incident; ids unique; every incident ends after it starts.
#include <set>
#include <string>

#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_logs.h"
#include "telemetry/sources/alertmanager.h"

using namespace slaudit;

SLAUDIT_FUZZ_TARGET(prometheus_alerts) {
  SourceReadOptions options;
  options.path = "fuzz";
  options.names = SourceNames(fuzz::fuzz_services());
  const IncidentLogResult result = read_prometheus_alerts(data, options);
  SLAUDIT_FUZZ_EXPECT(result.ok() != !result.error.empty(), "a result with both a log and an error, or neither");
  if (!result.ok()) return;
  const IncidentLog& log = *result.log;
  SLAUDIT_FUZZ_EXPECT(log.rejected.size() + log.not_for_contract <= log.records_read,
                      "more series rejected or not for this contract than read");
  SLAUDIT_FUZZ_EXPECT(log.records_read == log.used_records() + log.rejected.size() + log.not_for_contract,
                      "series read != used + rejected + not for this contract");
  SLAUDIT_FUZZ_EXPECT(log.used_records() <= log.incidents.size(), "a used series without an incident");
  for (const RejectedRecord& r : log.rejected)
    SLAUDIT_FUZZ_EXPECT(r.line > 0 && !r.reason.empty(), "a rejection without line or reason");
  std::set<std::string> ids;
  for (const Incident& incident : log.incidents) {
    SLAUDIT_FUZZ_EXPECT(ids.insert(incident.id).second, "two incidents with one id");
    SLAUDIT_FUZZ_EXPECT(incident.end && *incident.end > incident.start, "an incident that does not end after it starts");
  }
}
