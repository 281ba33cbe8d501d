#include "fuzz/support/incident_text.h"

#include "fuzz/support/fuzz_target.h"

namespace slaudit::fuzz {
namespace {

std::string name(const SharedName& n) { return n ? "'" + *n + "'" : std::string("absent"); }

std::string time(OptionalInstant t) {
  return t ? std::to_string((*t).time_since_epoch().count()) : std::string("absent");
}

std::string describe(const Incident& incident) {
  return "line " + std::to_string(incident.line) + " id='" + incident.id + "' service=" + name(incident.service) +
         " start=" + std::to_string(incident.start.time_since_epoch().count()) + " end=" + time(incident.end) +
         " detected=" + time(incident.detected) + " recovered=" + time(incident.recovered) +
         " fault=" + name(incident.fault) + " cause=" + std::string(terms::keyword(incident.cause)) +
         " cluster=" + name(incident.scope.cluster) +
         " affected=" + (incident.scope.affected ? affected_text(*incident.scope.affected) : "absent") +
         " notice=" + time(incident.notice) + " component=" + name(incident.component);
}

}  // namespace

std::string describe_log(const IncidentLog& log) {
  std::string out = "sha256 " + log.sha256 + "\nread " + std::to_string(log.records_read) + "\nnot for contract " +
                    std::to_string(log.not_for_contract) + "\n";
  // A note starts with the log's path, which differs between a read of the text and of a file.
  for (const std::string& note : log.notes)
    out += "note " + (note.starts_with(log.path) ? note.substr(log.path.size()) : note) + "\n";
  for (const Incident& incident : log.incidents) out += describe(incident) + "\n";
  for (const RejectedRecord& r : log.rejected) out += "rejected line " + std::to_string(r.line) + ": " + r.reason + "\n";
  return out;
}

void expect_accounted(const IncidentLog& log) {
  SLAUDIT_FUZZ_EXPECT(log.records_read == log.incidents.size() + log.rejected.size() + log.not_for_contract,
                      "records read != incidents + rejected + not for contract");
  for (const RejectedRecord& r : log.rejected) SLAUDIT_FUZZ_EXPECT(!r.reason.empty(), "a rejection without a reason");
}

}  // namespace slaudit::fuzz
