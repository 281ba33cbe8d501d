#include "fuzz/support/source_log_checks.h"

#include <set>
#include <string>

#include "fuzz/support/fuzz_target.h"
#include "telemetry/common/name_check.h"

namespace slaudit::fuzz {

void check_source_read(const IncidentLogResult& result, const SourceReadOptions& options,
                       bool incident_per_used_record) {
  SLAUDIT_FUZZ_EXPECT(result.ok() != !result.error.empty(), "a result with both a log and an error, or neither");
  if (!result.ok()) return;
  const IncidentLog& log = *result.log;
  SLAUDIT_FUZZ_EXPECT(log.rejected.size() + log.not_for_contract <= log.records_read, "more records accounted than read");
  SLAUDIT_FUZZ_EXPECT(log.records_read == log.used_records() + log.rejected.size() + log.not_for_contract,
                      "records read != used + rejected + not for this contract");
  if (incident_per_used_record)
    SLAUDIT_FUZZ_EXPECT(log.incidents.size() >= log.used_records(), "a used record without an incident");
  for (const RejectedRecord& r : log.rejected)
    SLAUDIT_FUZZ_EXPECT(r.line > 0 && !r.reason.empty(), "a rejection without line or reason");
  std::set<std::string> ids;
  for (const Incident& incident : log.incidents) {
    SLAUDIT_FUZZ_EXPECT(options.names.services().contains(incident.service.view()), "an incident on no contract service");
    SLAUDIT_FUZZ_EXPECT(!incident.end || *incident.end >= incident.start, "an incident that ends before it starts");
    SLAUDIT_FUZZ_EXPECT(ids.insert(incident.id).second, "two incidents with one id");
    SLAUDIT_FUZZ_EXPECT(!name_problem("id", incident.id), "an incident id that is no name");
    for (const SharedName* place : {&incident.resource, &incident.zone, &incident.region})
      SLAUDIT_FUZZ_EXPECT(!*place || !name_problem("place", place->view()), "a resource, zone or region that is no name");
    SLAUDIT_FUZZ_EXPECT(int(bool(incident.resource)) + int(bool(incident.zone)) + int(bool(incident.region)) <= 1,
                        "an incident naming more than one of resource, zone and region");
  }
}

}  // namespace slaudit::fuzz
