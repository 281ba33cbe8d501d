#include "telemetry/sources/gcp_status.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "base/util/sha256.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"
#include "telemetry/sources/cloud_health_json.h"

namespace slaudit {

namespace {

using cloud_health::Fields;
using cloud_health::Rounding;

enum class Impact { Outage, Disruption, Information };

std::optional<Impact> impact_from(std::string_view text) {
  if (text == "SERVICE_OUTAGE") return Impact::Outage;
  if (text == "SERVICE_DISRUPTION") return Impact::Disruption;
  if (text == "SERVICE_INFORMATION") return Impact::Information;
  return std::nullopt;
}

std::string_view impact_fault(Impact impact) {
  switch (impact) {
    case Impact::Outage: return "service_outage";
    case Impact::Disruption: return "service_disruption";
    case Impact::Information: return "service_information";
  }
  return "";
}

// One incident of incidents.json, in the words the mapping needs.
struct StatusIncident {
  std::string id, title, url;
  Impact impact = Impact::Outage;
  Instant begin;
  std::optional<Instant> end;
  std::vector<std::string> products;   // titles, in document order
  std::vector<std::string> locations;  // ids, sorted, each once
  bool operator==(const StatusIncident&) const = default;
};

std::optional<Instant> read_time(Fields& fields, std::string_view key, Rounding rounding, bool required) {
  const std::optional<std::string> text = fields.text(key, required);
  if (!text) return std::nullopt;
  const cloud_health::TimeRead time = cloud_health::read_rfc3339(*text, rounding);
  if (!time.instant) fields.fail(fields.field(key) + ": " + time.error);
  return time.instant;
}

// A list of {title, id} objects; `key_of_each` ("title" or "id") is the member kept, a name.
std::vector<std::string> read_named_list(Fields& fields, std::string_view key, std::string_view key_of_each) {
  std::vector<std::string> out;
  const JsonValue* list = fields.get(key);
  if (!list) return out;
  if (list->kind != JsonValue::Kind::Array) {
    fields.fail(fields.field(key) + " must be an array, found " + json_kind_name(list->kind));
    return out;
  }
  for (const JsonValue& element : list->elements) {
    const JsonValue* value = cloud_health::member(element, key_of_each);
    if (!value || value->kind != JsonValue::Kind::String || value->text.empty()) {
      fields.fail(fields.field(key) + ": each must be an object with a string '" + std::string(key_of_each) + "'");
      return {};
    }
    if (std::optional<std::string> problem = name_problem(fields.field(key), value->text)) {
      fields.fail(std::move(*problem));
      return {};
    }
    out.push_back(value->text);
  }
  return out;
}

std::optional<StatusIncident> read_incident(const JsonValue& object, std::string& reason) {
  if (object.kind != JsonValue::Kind::Object) {
    reason = std::string("an incident must be an object, found ") + json_kind_name(object.kind);
    return std::nullopt;
  }
  Fields fields(object);
  StatusIncident incident;
  incident.id = fields.name("id", true).value_or("");
  if (const std::optional<std::string> impact = fields.text("status_impact", true)) {
    if (const auto known = impact_from(*impact)) incident.impact = *known;
    else fields.fail("field 'status_impact' " + quote_value(*impact) +
                     " is none of SERVICE_OUTAGE, SERVICE_DISRUPTION, SERVICE_INFORMATION");
  }
  const std::optional<Instant> begin = read_time(fields, "begin", Rounding::Down, true);
  incident.end = read_time(fields, "end", Rounding::Up, false);
  incident.title = printable(fields.text("external_desc", false).value_or(""));
  if (const std::optional<std::string> uri = fields.name("uri", false))
    incident.url = "https://status.cloud.google.com/" + *uri;
  incident.products = read_named_list(fields, "affected_products", "title");
  if (incident.products.empty())
    if (std::optional<std::string> service = fields.name("service_name", false)) incident.products.push_back(*service);
  for (const char* key : {"currently_affected_locations", "previously_affected_locations"})
    for (std::string& location : read_named_list(fields, key, "id")) incident.locations.push_back(std::move(location));
  std::ranges::sort(incident.locations);
  incident.locations.erase(std::unique(incident.locations.begin(), incident.locations.end()), incident.locations.end());
  if (!fields.problem() && incident.products.empty())
    fields.fail("neither 'affected_products' nor 'service_name' names a product: which service was it?");
  if (!fields.problem()) {
    incident.begin = *begin;
    if (incident.end && *incident.end < incident.begin) fields.fail("field 'end' is before 'begin'");
  }
  if (fields.problem()) {
    reason = *fields.problem();
    return std::nullopt;
  }
  return incident;
}

// One incident per mapped service (and component) and location; names that map to nothing into `unmapped`.
std::vector<Incident> incidents_of(const StatusIncident& source, size_t line, const SourceNames& names,
                                   std::vector<std::string>& unmapped) {
  std::set<std::tuple<std::string, std::string, std::string>> places;  // service, component, location
  std::vector<std::string> locations = source.locations;
  if (locations.empty()) locations.emplace_back();
  for (const std::string& product : source.products) {
    const std::optional<SourceTarget> target = names.resolve(product);
    if (!target) {
      unmapped.push_back(product);
      continue;
    }
    for (const std::string& location : locations) places.emplace(target->service, target->component, location);
  }
  std::vector<Incident> incidents;
  for (const auto& [service, component, location] : places) {
    Incident incident;
    incident.line = line;
    incident.id = source.id + "/" + service + (component.empty() ? "" : ":" + component) +
                  (location.empty() ? "" : "/" + location);
    incident.service = SharedName(service);
    if (!component.empty()) incident.component = SharedName(component);
    if (!location.empty() && location != "global") incident.region = SharedName(location);
    incident.start = source.begin;
    if (source.end) incident.end = *source.end;
    incident.fault = SharedName(impact_fault(source.impact));
    incident.labels = cloud_health::make_labels(source.title, source.url);
    incidents.push_back(std::move(incident));
  }
  return incidents;
}

}  // namespace

IncidentLogResult read_gcp_status(std::string_view content, const SourceReadOptions& options) {
  const cloud_health::Document document = cloud_health::parse_document(content);
  if (!document.value) return {std::nullopt, document.error};
  if (document.value->kind != JsonValue::Kind::Array)
    return {std::nullopt, std::string("expected the JSON array of incidents.json at the top level, found ") +
                              json_kind_name(document.value->kind)};
  const std::vector<size_t> lines = json_array_element_lines(content, "");
  SourceLog log(options.path, sha256_hex(content));
  std::map<std::string, std::pair<size_t, StatusIncident>, std::less<>> first_by_id;
  size_t information = 0;
  for (size_t i = 0; i < document.value->elements.size(); ++i) {
    const size_t line = i < lines.size() ? lines[i] : 1;
    std::string reason;
    std::optional<StatusIncident> incident = read_incident(document.value->elements[i], reason);
    if (!incident) {
      log.reject(line, std::move(reason));
      continue;
    }
    if (const auto first = first_by_id.find(incident->id); first != first_by_id.end()) {
      const std::string first_line = std::to_string(first->second.first);
      log.reject(line, first->second.second == *incident
                           ? "duplicate of line " + first_line + " (identical)"
                           : "incident " + quote_value(incident->id) + " given twice with different content (first at line " +
                                 first_line + ")");
      continue;
    }
    first_by_id.emplace(incident->id, std::pair(line, *incident));
    if (incident->impact == Impact::Information) {
      ++information;
      log.not_for_contract({});
      continue;
    }
    std::vector<std::string> unmapped;
    std::vector<Incident> incidents = incidents_of(*incident, line, options.names, unmapped);
    if (incidents.empty()) {
      log.not_for_contract(unmapped);
      continue;
    }
    const auto bad_id = std::ranges::find_if(incidents, [](const Incident& x) { return name_problem("", x.id).has_value(); });
    if (bad_id != incidents.end()) {
      log.reject(line, *name_problem("the incident id (ID/SERVICE/LOCATION)", bad_id->id));
      continue;
    }
    for (const std::string& name : unmapped) log.unmapped_name(name);
    log.use(std::move(incidents));
  }
  if (information > 0)
    log.note(std::to_string(information) + " SERVICE_INFORMATION incident(s) are notices, not outages: counted as not "
             "for this contract");
  return {std::move(log).finish(), ""};
}

}  // namespace slaudit
