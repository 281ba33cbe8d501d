#pragma once
// What every incident source reads into (a status page's incidents, a cloud
// provider's health events, an on-call tool's incidents, a scheduler's job
// record), and how the source's own names become the contract's services.
//
// Every record of a source is used (it gave at least one incident),
// rejected (with its line and a reason) or not for this contract (every name
// it carries maps to no service of the contract: a log shared by several
// providers' contracts is no evidence gap for any of them):
//   records_read == used + rejected + not for this contract.
// A record that names several components gives one incident per service it
// maps to; names that map to nothing are listed in the log's notes, with the
// number of records that carried them: reported, never silently dropped.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/incident.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit {

// Where one of the source's names lands in the contract.
struct SourceTarget {
  std::string service;    // one of the contract's services
  std::string component;  // empty, or the incident's component (for `exclude component in (...)`)
  bool operator==(const SourceTarget&) const = default;
};

// "Git Operations" -> "git_operations": lower case, every run of characters
// that are not ASCII letters or digits one '_', none at either end.
std::string lower_snake_name(std::string_view source_name);

// A source's names resolved to the contract's services: first by the map the
// user wrote (--source-map), then, for a name the map does not hold, by its
// lower_snake_name when that is a service of the contract.
class SourceNames {
 public:
  SourceNames() = default;
  explicit SourceNames(ServiceNames services, std::map<std::string, SourceTarget, std::less<>> mapped = {})
      : services_(std::move(services)), mapped_(std::move(mapped)) {}
  // nullopt: the name is none of this contract's services.
  std::optional<SourceTarget> resolve(std::string_view source_name) const;
  const ServiceNames& services() const { return services_; }

 private:
  ServiceNames services_;
  std::map<std::string, SourceTarget, std::less<>> mapped_;
};

struct SourceReadOptions {
  std::string path;   // for display and in the log
  SourceNames names;  // the contract's services and the user's map
};

// Builds a source's IncidentLog one record at a time, keeping the accounting
// right by construction. For each record the reader calls exactly one of
// use (with one or more incidents), reject or not_for_contract.
class SourceLog {
 public:
  SourceLog(std::string path, std::string sha256);
  void use(std::vector<Incident> incidents);  // at least one
  // A record used that gives no incident of its own: a state history's
  // "available" that ends the outage an earlier record began.
  void use_without_incident();
  void reject(size_t line, std::string reason);
  // `names`: the source names the record carried, none of which maps to a service.
  void not_for_contract(const std::vector<std::string>& names);
  // A name a used record carried that maps to no service (the record was used for its others).
  void unmapped_name(std::string_view name);
  void note(std::string text);  // an assumption the reader made, said once per input
  size_t records_read() const { return log_.records_read; }
  // The log: notes list the unmapped names ("component 'Webhooks' maps to no
  // service of the contract: 3 record(s)"); incidents in record order.
  IncidentLog finish() &&;

 private:
  IncidentLog log_;
  std::map<std::string, size_t, std::less<>> unmapped_;
};

// The 1-based line on which each element of a JSON array begins, for a
// document whose top level is that array (`member` empty) or an object holding
// it under `member` (e.g. "incidents"). Strings and escapes are skipped, so
// brackets inside them count for nothing. Empty when the array is not there.
// Readers parse the document with nlohmann::json and cite these lines.
std::vector<size_t> json_array_element_lines(std::string_view document, std::string_view member);

}  // namespace slaudit
