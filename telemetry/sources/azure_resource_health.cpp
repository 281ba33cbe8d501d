#include "telemetry/sources/azure_resource_health.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "base/util/sha256.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"
#include "telemetry/sources/cloud_health_json.h"

namespace slaudit {

namespace {

using cloud_health::Fields;

enum class HealthState { Available, Unavailable, Degraded, Unknown };

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::optional<HealthState> state_from(std::string_view text) {
  const std::string lower = ascii_lower(text);
  if (lower == "available") return HealthState::Available;
  if (lower == "unavailable") return HealthState::Unavailable;
  if (lower == "degraded") return HealthState::Degraded;
  if (lower == "unknown") return HealthState::Unknown;
  return std::nullopt;
}

// reasonType: Planned is maintenance, user- or customer-initiated the customer's, anything else the provider's.
Cause cause_from(std::string_view reason_type) {
  std::string folded;
  for (const char c : ascii_lower(reason_type))
    if (c != ' ' && c != '_' && c != '-') folded += c;
  if (folded == "planned") return Cause::Maintenance;
  if (folded == "userinitiated" || folded == "customerinitiated") return Cause::Customer;
  return Cause::Provider;
}

struct Status {
  std::string resource, type, title;
  HealthState state = HealthState::Unknown;
  Cause cause = Cause::Provider;
  Instant at;                  // occuredTime, its fraction dropped
  bool had_fraction = false;   // an end at `at` rounds up to the next second
  bool same_statement(const Status& o) const { return state == o.state && cause == o.cause && title == o.title; }
};

struct Record {
  size_t line = 0;
  std::optional<Status> status;
  std::string reason;  // when there is no status
};

// "/subscriptions/s/resourceGroups/g/providers/Microsoft.Compute/virtualMachines/vm1" ->
// "Microsoft.Compute/virtualMachines"; nested types joined ("Microsoft.Sql/servers/databases"). Empty: none.
std::string resource_type(std::string_view resource) {
  const size_t providers = ascii_lower(resource).rfind("/providers/");
  if (providers == std::string::npos) return "";
  std::vector<std::string_view> segments;
  std::string_view rest = resource.substr(providers + std::string_view("/providers/").size());
  while (!rest.empty()) {
    const size_t slash = rest.find('/');
    segments.push_back(rest.substr(0, slash));
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  }
  if (segments.size() < 3 || segments.size() % 2 == 0) return "";
  std::string type(segments[0]);
  for (size_t i = 1; i < segments.size(); i += 2) {
    if (segments[i].empty() || segments[i + 1].empty()) return "";
    type += "/" + std::string(segments[i]);
  }
  return type;
}

Record reject(size_t line, std::string reason) { return {line, std::nullopt, std::move(reason)}; }

void read_properties(Fields& props, Status& status) {
  if (const std::optional<std::string> state = props.text("availabilityState", true)) {
    if (const auto known = state_from(*state)) status.state = *known;
    else props.fail(props.field("availabilityState") + " " + quote_value(*state) +
                    " is none of Available, Unavailable, Degraded, Unknown");
  }
  if (const std::optional<std::string> occured = props.text("occuredTime", true)) {
    const cloud_health::TimeRead time = cloud_health::read_rfc3339(*occured, cloud_health::Rounding::Down);
    if (time.instant) {
      status.at = *time.instant;
      status.had_fraction = time.had_fraction;
    } else {
      props.fail(props.field("occuredTime") + ": " + time.error);
    }
  }
  status.cause = cause_from(props.text("reasonType", false).value_or(""));
  status.title = printable(props.text("title", false).value_or(""));
}

Record read_status(const JsonValue& object, size_t line) {
  if (object.kind != JsonValue::Kind::Object)
    return reject(line, std::string("a status must be an object, found ") + json_kind_name(object.kind));
  Fields fields(object);
  Status status;
  const std::optional<std::string> id = fields.name("id", true);
  const JsonValue* properties = fields.get("properties");
  if (fields.problem()) return reject(line, *fields.problem());
  const size_t tail = ascii_lower(*id).find("/providers/microsoft.resourcehealth/");
  if (tail == std::string::npos || tail == 0)
    return reject(line, "field 'id' " + quote_value(*id) +
                            " has no resource before '/providers/Microsoft.ResourceHealth/': whose status is it?");
  status.resource = id->substr(0, tail);
  status.type = resource_type(status.resource);
  if (status.type.empty())
    return reject(line, "the resource " + quote_value(status.resource) +
                            " names no resource type ('.../providers/Namespace/type/name')");
  if (!properties || properties->kind != JsonValue::Kind::Object) return reject(line, "field 'properties' must be an object");
  Fields props(*properties, "properties.");
  read_properties(props, status);
  if (props.problem()) return reject(line, *props.problem());
  return {line, std::move(status), ""};
}

// A list response (its "value"), or a bare array of statuses.
std::optional<std::string> read_value(const JsonValue& value, std::string_view text, size_t first_line,
                                      std::vector<Record>& records) {
  const JsonValue* list = &value;
  std::string_view member;
  if (value.kind == JsonValue::Kind::Object) {
    list = cloud_health::member(value, "value");
    member = "value";
    if (!list) return std::string("no member 'value' (the availabilityStatuses list) at the top level");
  }
  if (list->kind != JsonValue::Kind::Array)
    return std::string(member.empty() ? "the document" : "member 'value'") + " must be an array of statuses, found " +
           json_kind_name(list->kind);
  const std::vector<size_t> lines = json_array_element_lines(text, member);
  for (size_t i = 0; i < list->elements.size(); ++i)
    records.push_back(read_status(list->elements[i], first_line - 1 + (i < lines.size() ? lines[i] : 1)));
  return std::nullopt;
}

// What becomes of each record.
struct Fate {
  std::optional<Incident> incident;  // the outage this status began
  bool not_for_contract = false;
};

// One resource's statuses, in time order (ties by line): same-instant statuses settled, then outages.
void settle_resource(std::vector<size_t>& order, std::vector<Record>& records, std::vector<Fate>& fates,
                     const std::optional<SourceTarget>& target) {
  std::ranges::sort(order, [&](size_t a, size_t b) {
    return std::pair(records[a].status->at, records[a].line) < std::pair(records[b].status->at, records[b].line);
  });
  for (size_t i = 0; i < order.size();) {
    size_t j = i + 1;
    while (j < order.size() && records[order[j]].status->at == records[order[i]].status->at) ++j;
    bool agree = true;
    for (size_t k = i + 1; k < j; ++k) agree &= records[order[k]].status->same_statement(*records[order[i]].status);
    std::string lines;
    for (size_t k = i; k < j; ++k) lines += (k > i ? ", " : "") + std::to_string(records[order[k]].line);
    for (size_t k = i + 1; k < j; ++k) records[order[k]].reason = "duplicate of line " + std::to_string(records[order[i]].line) + " (identical)";
    if (!agree)
      for (size_t k = i; k < j; ++k)
        records[order[k]].reason = "statuses of '" + printable(records[order[i]].status->resource, 300) + "' at " +
                                   format_utc(records[order[i]].status->at) + " disagree (lines " + lines + ")";
    i = j;
  }
  std::erase_if(order, [&](size_t r) { return !records[r].reason.empty(); });
  if (!target) {
    for (const size_t r : order) fates[r].not_for_contract = true;
    return;
  }
  std::optional<size_t> outage;  // the record that began the outage in force
  for (const size_t r : order) {
    const Status& status = *records[r].status;
    if (status.state == HealthState::Unavailable && !outage) {
      outage = r;
      Incident incident;
      incident.line = records[r].line;
      incident.id = status.resource + "@" + format_utc(status.at);
      incident.service = SharedName(target->service);
      if (!target->component.empty()) incident.component = SharedName(target->component);
      incident.start = status.at;
      incident.cause = status.cause;
      incident.resource = SharedName(status.resource);
      incident.labels = cloud_health::make_labels(status.title, "");
      fates[r].incident = std::move(incident);
    } else if ((status.state == HealthState::Available || status.state == HealthState::Degraded) && outage) {
      fates[*outage].incident->end = status.at + Seconds{status.had_fraction ? 1 : 0};
      outage.reset();
    }
  }
}

}  // namespace

IncidentLogResult read_azure_resource_health(std::string_view content, const SourceReadOptions& options) {
  std::vector<Record> records;
  const std::optional<std::string> error = cloud_health::read_json_values(
      content,
      [&](const JsonValue& value, std::string_view text, size_t first_line) {
        return read_value(value, text, first_line, records);
      },
      [&](size_t line, std::string reason) { records.push_back(reject(line, std::move(reason))); });
  if (error) return {std::nullopt, *error};

  std::map<std::string, std::vector<size_t>> by_resource;
  for (size_t r = 0; r < records.size(); ++r)
    if (records[r].status) by_resource[records[r].status->resource].push_back(r);
  std::vector<Fate> fates(records.size());
  for (auto& [resource, order] : by_resource)
    settle_resource(order, records, fates, options.names.resolve(records[order.front()].status->type));

  SourceLog log(options.path, sha256_hex(content));
  size_t degraded = 0, unknown = 0, rounded = 0;
  for (size_t r = 0; r < records.size(); ++r) {
    const Record& record = records[r];
    if (!record.reason.empty()) {
      log.reject(record.line, record.reason);
      continue;
    }
    if (fates[r].not_for_contract) {
      log.not_for_contract({record.status->type});
      continue;
    }
    if (fates[r].incident) {
      if (std::optional<std::string> problem = name_problem("the incident id (resource@start)", fates[r].incident->id)) {
        log.reject(record.line, std::move(*problem));
        continue;
      }
      log.use({std::move(*fates[r].incident)});
    } else {
      degraded += record.status->state == HealthState::Degraded ? 1 : 0;
      unknown += record.status->state == HealthState::Unknown ? 1 : 0;
      log.use_without_incident();
    }
    rounded += record.status->had_fraction ? 1 : 0;  // a used status: the others said nothing
  }
  if (degraded > 0)
    log.note(std::to_string(degraded) + " Degraded status(es) read as available: Resource Health's Degraded means the "
             "resource still serves, with lower performance");
  if (unknown > 0)
    log.note(std::to_string(unknown) + " Unknown status(es) left the state before them in force: an outage goes on "
             "through Unknown, an available resource stays available");
  if (rounded > 0)
    log.note(std::to_string(rounded) + " status(es) had an occuredTime with a fraction of a second: an outage's start "
             "rounded down and its end up to whole seconds");
  return {std::move(log).finish(), ""};
}

}  // namespace slaudit
