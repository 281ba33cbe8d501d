#include "jobs/status_evidence.h"

#include "base/time/timestamp.h"

namespace slaudit::jobs {

namespace {

std::string quoted(const std::string& name) { return "'" + name + "'"; }

// "'web-1' is" or "3 resources are", with the latest first record: after it,
// every resource's state is known.
std::string unknown_spans(const IncidentLog& log, const std::string& service, Instant start) {
  size_t count = 0;
  const IncidentLog::UnknownState* latest = nullptr;
  for (const IncidentLog::UnknownState& u : log.unknown_state) {
    if (u.service != service || u.until <= start) continue;
    ++count;
    if (!latest || u.until > latest->until) latest = &u;
  }
  if (count == 0) return "";
  const std::string who = count > 1 ? std::to_string(count) + " resources"
                          : latest->resource.empty() ? "service " + quoted(service)
                                                     : quoted(latest->resource);
  return log.path + ": the state of " + who + " is unknown before " + (count > 1 ? "their" : "its") +
         " first status record (" + (count > 1 ? "the last at " : "at ") + format_utc(latest->until) +
         "; --initial-state unknown)";
}

}  // namespace

std::string status_gap(const IncidentLog& log, const std::string& service, Instant start) {
  if (!log.from_status_history || log.assumed_up) return "";
  if (!log.status_services.contains(service))
    return log.path + " has no status record for service " + quoted(service) +
           ": its state is unknown throughout (--initial-state unknown)";
  return unknown_spans(log, service, start);
}

std::string status_resource_gap(const IncidentLog& log, const std::string& service, const std::string& resource,
                                Instant start) {
  if (!log.from_status_history || log.assumed_up) return "";
  for (const IncidentLog::UnknownState& u : log.unknown_state) {
    if (u.service != service || u.resource != resource) continue;
    if (u.until <= start) return "";
    return log.path + ": the state of " + quoted(resource) + " is unknown before its first status record (at " +
           format_utc(u.until) + "; --initial-state unknown)";
  }
  return log.path + " has no status record for resource " + quoted(resource) +
         ": its state is unknown throughout (--initial-state unknown)";
}

std::vector<std::string> status_notes(const IncidentLog& log, const ServiceNames& services) {
  std::vector<std::string> notes = log.notes;
  if (!log.from_status_history || !log.assumed_up) return notes;
  for (const std::string& service : services)
    if (!log.status_services.contains(service))
      notes.push_back(log.path + " has no status record for service " + quoted(service) +
                      ": assumed up throughout (--initial-state up)");
  return notes;
}

}  // namespace slaudit::jobs
