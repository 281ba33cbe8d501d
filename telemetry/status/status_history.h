#pragma once
// Reading a status-change history into incidents (docs/audit.md, section 25).
//
// Monitoring systems (status pages, Icinga, healthchecks) record transitions
// — "web-1 went down at 10:00", "web-1 came up at 10:20" — not intervals.
// Each record says a resource's state from an instant on; the state holds
// until the resource's next record. Every down..up span of one resource
// becomes one incident; a history ending down leaves that incident open.
//
// Order: transitions are sorted per (service, resource) by time before they
// are read, so the order of the records never changes an incident, a gap or
// a count (only the lines reports cite).
//
// Repeated states (down, down, up) merge: the incident runs from the first
// down; the second is used, counted in `repeated`. Two records of one
// resource at the same instant with different states contradict each other:
// neither can be believed, so every record of that resource at that instant
// is rejected, naming the others' lines, and the history is read without them.
//
// A record naming a service the contract does not define (and no near miss
// of one, which is rejected with a did-you-mean) is not for this contract:
// counted in `not_for_contract`, neither used nor rejected, as in incident
// logs (telemetry/incidents/incident_reader.h); `strict` rejects it.
//
// Before a resource's first record its state is unknown: with
// InitialState::Unknown that time is listed in `unknown_before` (the audit
// reports it as an evidence gap); with InitialState::Up the resource is
// assumed up there, and `assumptions` says so.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time/instant.h"
#include "engine/records/incident.h"

namespace slaudit {

enum class StatusFormat { Csv, JsonLines };
// "status-csv"; "status-jsonl" or "status-ndjson": as a user names them in
// --incidents-format. No extension selects them: a .csv of transitions and a
// .csv of incidents look alike until their fields are read.
std::optional<StatusFormat> status_format_from_name(std::string_view name);

enum class InitialState { Unknown, Up };
std::optional<InitialState> initial_state_from_name(std::string_view name);  // "unknown", "up"
std::string_view initial_state_name(InitialState state);

struct StatusReadOptions {
  StatusFormat format = StatusFormat::Csv;
  // The contract's services. A record without `service` belongs to the only
  // one; with several, it must name one. nullopt accepts any named service.
  std::optional<ServiceNames> services;
  InitialState initial_state = InitialState::Unknown;
  // A record naming a service the contract does not define (nor a near miss
  // of one) is not for this contract, counted apart; strict rejects it.
  bool strict = false;
};

struct StatusRejection {
  size_t line = 0;  // 1-based; for CSV, the line where the record starts
  std::string reason;
  bool operator==(const StatusRejection&) const = default;
};

// A resource whose state no record says before `until` (its first record).
struct UnknownState {
  std::string service, resource;  // resource empty: the records named none
  Instant until;
  bool operator==(const UnknownState&) const = default;
};

struct StatusHistory {
  size_t records_read = 0;  // data records: not the CSV header, not blank lines
  size_t used = 0;          // records_read == used + rejected.size() + not_for_contract, always
  // Records for services the contract does not define: neither used nor
  // rejected (one history may serve several contracts); by service.
  size_t not_for_contract = 0;
  std::map<std::string, size_t, std::less<>> not_for_contract_services;  // at most 256; "": the others
  size_t repeated = 0;      // used records that repeated their resource's state (merged)
  std::vector<Incident> incidents;          // by service, resource, start
  std::vector<StatusRejection> rejected;    // by line
  std::vector<UnknownState> unknown_before;  // InitialState::Unknown only; by service, resource
  std::vector<std::string> assumptions;     // InitialState::Up: what was assumed, once
  ServiceNames services_seen;               // services with at least one used record
};

// Never fails as a whole: a bad header rejects every record with its reason,
// so every record is still used or rejected.
StatusHistory read_status_history(std::string_view content, const StatusReadOptions& options);

}  // namespace slaudit
