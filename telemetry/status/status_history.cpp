#include "telemetry/status/status_history.h"

#include <algorithm>
#include <map>
#include <utility>

#include "base/time/timestamp.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"
#include "telemetry/status/status_records.h"

namespace slaudit {

namespace {

using Reason = std::optional<std::string>;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// One used record: from `time` on, the resource is down (or up).
struct Transition {
  size_t line = 0;
  Instant time;
  bool down = false;
};

using ResourceKey = std::pair<std::string, std::string>;  // service, resource
using Transitions = std::map<ResourceKey, std::vector<Transition>>;

// Worded as incident logs word it, so one timestamp reads the same in both.
Reason read_time(const std::string& text, Instant& out) {
  const TimestampResult parsed = scan_timestamp(text);
  if (parsed.no_offset)
    return "timestamp in 'time' has no UTC offset: " + quote_value(text) + "; add Z or an offset such as +08:00";
  if (!parsed.ok())
    return "bad timestamp in 'time' " + quote_value(text) + " at column " + std::to_string(parsed.column) + ": " +
           parsed.error;
  out = *parsed.instant;
  return std::nullopt;
}

Reason read_state(const std::string& text, bool& down) {
  const std::string state = lower(text);
  if (state != "up" && state != "down")
    return "unknown state " + quote_value(text) + "; expected up or down (any case)";
  down = state == "down";
  return std::nullopt;
}

// Resources and services are names reports print one per line or cell.
Reason check_printable(std::string_view name, const std::string& value) {
  return name_problem("field '" + std::string(name) + "'", value);
}

Reason read_service(const std::optional<std::string>& named, const std::optional<ServiceNames>& services,
                    std::string& out) {
  if (!named) {
    if (services && services->size() == 1) {
      out = *services->begin();  // a status page of the contract's one service
      return std::nullopt;
    }
    return services ? "no 'service', and the contract defines " + std::to_string(services->size()) +
                          " services: name one"
                    : std::string("no 'service'");
  }
  if (Reason reason = check_printable("service", *named)) return reason;
  if (services && !services->contains(*named)) {
    const std::vector<std::string_view> known(services->begin(), services->end());
    const std::optional<std::string_view> meant = near_miss(*named, known);
    return "unknown service " + quote_value(*named) + (meant ? " (did you mean " + quote_value(*meant) + "?)" : "");
  }
  out = *named;
  return std::nullopt;
}

Reason check_record(const RawStatus& raw, const StatusReadOptions& options, ResourceKey& key, Transition& out) {
  if (!raw.reason.empty()) return raw.reason;
  if (!raw.time) return std::string("missing required field 'time'");
  if (!raw.state) return std::string("missing required field 'state'");
  out.line = raw.line;
  if (Reason reason = read_time(*raw.time, out.time)) return reason;
  if (Reason reason = read_state(*raw.state, out.down)) return reason;
  if (Reason reason = read_service(raw.service, options.services, key.first)) return reason;
  if (raw.resource) {
    if (Reason reason = check_printable("resource", *raw.resource)) return reason;
    key.second = *raw.resource;
  }
  return std::nullopt;
}

std::string lines_text(const std::vector<size_t>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += (i ? ", " : "") + std::to_string(lines[i]);
  return out;
}

// Records of one resource at one instant that disagree: none is believed.
// `run` is sorted by time then line, so the wording does not depend on order.
void reject_conflict(const ResourceKey& key, const std::vector<Transition>& run, StatusHistory& history) {
  std::vector<size_t> lines;
  for (const Transition& t : run) lines.push_back(t.line);
  const std::string who = key.second.empty() ? "service " + quote_value(key.first)
                                             : "resource " + quote_value(key.second);
  for (const Transition& t : run)
    history.rejected.push_back({t.line, "conflicting states for " + who + " at " + format_utc(t.time) +
                                            ": lines " + lines_text(lines) + " say both up and down"});
}

// Sorted by time, without the instants whose records disagree.
std::vector<Transition> consistent(const ResourceKey& key, std::vector<Transition> all, StatusHistory& history) {
  std::sort(all.begin(), all.end(), [](const Transition& a, const Transition& b) {
    return std::pair(a.time, a.line) < std::pair(b.time, b.line);
  });
  std::vector<Transition> kept;
  for (size_t i = 0; i < all.size();) {
    size_t j = i;
    bool mixed = false;
    while (j < all.size() && all[j].time == all[i].time) mixed |= all[j++].down != all[i].down;
    if (mixed) {
      reject_conflict(key, std::vector<Transition>(all.begin() + i, all.begin() + j), history);
    } else {
      kept.insert(kept.end(), all.begin() + i, all.begin() + j);
    }
    i = j;
  }
  return kept;
}

Incident incident_from(const ResourceKey& key, const Transition& down) {
  Incident incident;
  incident.line = down.line;
  const std::string who = key.second.empty() ? key.first : key.first + "/" + key.second;
  incident.id = who + "@" + format_utc(down.time);  // from values only: the same whatever the order
  incident.service = SharedName(key.first);
  incident.start = down.time;
  if (!key.second.empty()) incident.resource = SharedName(key.second);
  return incident;
}

// One resource's transitions, in time order, into its incidents.
void walk(const ResourceKey& key, const std::vector<Transition>& transitions, StatusHistory& history) {
  std::optional<Incident> open;
  std::optional<bool> previous;  // the state of the previous record
  for (const Transition& t : transitions) {
    ++history.used;
    if (previous == t.down) {
      ++history.repeated;  // down, down: the incident runs from the first
      continue;
    }
    previous = t.down;
    if (t.down) {
      open = incident_from(key, t);
    } else if (open) {
      open->end = t.time;
      history.incidents.push_back(std::move(*open));
      open.reset();
    }
  }
  if (open) history.incidents.push_back(std::move(*open));  // ends down: open, run to its period's end
}

void note_initial_state(const Transitions& by_resource, const StatusReadOptions& options, StatusHistory& history) {
  size_t assumed = 0;
  for (const auto& [key, transitions] : by_resource) {
    if (transitions.empty()) continue;
    history.services_seen.insert(key.first);
    if (options.initial_state == InitialState::Unknown) {
      history.unknown_before.push_back({key.first, key.second, transitions.front().time});
    } else {
      ++assumed;
    }
  }
  if (assumed > 0)
    history.assumptions.push_back(std::to_string(assumed) +
                                  " resource(s) assumed up before their first status record (--initial-state up)");
}

}  // namespace

std::optional<StatusFormat> status_format_from_name(std::string_view name) {
  const std::string text = lower(name);
  if (text == "status-csv") return StatusFormat::Csv;
  if (text == "status-jsonl" || text == "status-ndjson") return StatusFormat::JsonLines;
  return std::nullopt;
}

std::optional<InitialState> initial_state_from_name(std::string_view name) {
  if (name == "unknown") return InitialState::Unknown;
  if (name == "up") return InitialState::Up;
  return std::nullopt;
}

std::string_view initial_state_name(InitialState state) { return state == InitialState::Up ? "up" : "unknown"; }

namespace {

// Another contract's record: a service given, a name, neither the contract's nor a near miss of one.
const std::string* other_contracts_service(const RawStatus& raw, const StatusReadOptions& options) {
  if (options.strict || !options.services || !raw.reason.empty() || !raw.service || raw.service->empty()) return nullptr;
  const std::string& service = *raw.service;
  if (options.services->contains(service) || check_printable("service", service)) return nullptr;
  const std::vector<std::string_view> known(options.services->begin(), options.services->end());
  return near_miss(service, known) ? nullptr : &service;
}

}  // namespace

StatusHistory read_status_history(std::string_view content, const StatusReadOptions& options) {
  const std::vector<RawStatus> raws =
      options.format == StatusFormat::Csv ? read_status_csv(content) : read_status_jsonl(content);
  StatusHistory history;
  history.records_read = raws.size();
  Transitions by_resource;
  for (const RawStatus& raw : raws) {
    if (const std::string* service = other_contracts_service(raw, options)) {
      ++history.not_for_contract;
      // At most 256 names kept (a hostile history may name a new service a record): the rest under "".
      constexpr size_t kNamesKept = 256;
      const bool known = history.not_for_contract_services.contains(*service);
      ++history.not_for_contract_services[known || history.not_for_contract_services.size() < kNamesKept ? *service
                                                                                                        : std::string()];
      continue;
    }
    ResourceKey key;
    Transition transition;
    if (Reason reason = check_record(raw, options, key, transition)) {
      history.rejected.push_back({raw.line, std::move(*reason)});
    } else {
      by_resource[key].push_back(transition);
    }
  }
  for (auto& [key, transitions] : by_resource) {
    transitions = consistent(key, std::move(transitions), history);
    walk(key, transitions, history);
  }
  note_initial_state(by_resource, options, history);
  std::sort(history.rejected.begin(), history.rejected.end(),
            [](const StatusRejection& a, const StatusRejection& b) { return a.line < b.line; });
  return history;
}

}  // namespace slaudit
