#include "telemetry/incidents/incident_builder.h"

#include <cctype>
#include <memory>

#include "base/time/timestamp.h"
#include "telemetry/incidents/affected.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

// Set when a check fails: the first failure is the record's reason.
using Reason = std::optional<std::string>;

constexpr size_t kServicesListed = 10;

bool is_blank(std::string_view text) {
  for (const char c : text)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  return true;
}

std::string field(std::string_view name) { return "'" + std::string(name) + "'"; }

Reason read_required(std::string_view name, const std::optional<std::string_view>& value, std::string_view& out) {
  if (!value) return "missing required field " + field(name);
  if (is_blank(*value)) return "required field " + field(name) + " is empty";
  out = *value;
  return std::nullopt;
}

// Ids, services and places are names that reports print one per line or
// cell (telemetry/common/name_check.h). A cluster is only a description, and
// is kept whatever it holds.
Reason check_printable(std::string_view name, const std::optional<std::string_view>& value) {
  return value ? name_problem("field " + field(name), *value) : std::nullopt;
}

Reason read_time(std::string_view name, std::string_view text, Instant& out) {
  if (const std::optional<Instant> common = parse_common_timestamp(text)) {  // the usual shapes, read at once
    out = *common;
    return std::nullopt;
  }
  const TimestampResult parsed = scan_timestamp(text);
  if (parsed.no_offset) {
    return "timestamp in " + field(name) + " has no UTC offset: " + quote_value(text) +
           "; add Z or an offset such as +08:00";
  }
  if (!parsed.ok()) {
    return "bad timestamp in " + field(name) + " " + quote_value(text) + " at column " +
           std::to_string(parsed.column) + ": " + parsed.error;
  }
  out = *parsed.instant;
  return std::nullopt;
}

Reason read_optional_time(std::string_view name, const std::optional<std::string_view>& value,
                          OptionalInstant& out) {
  if (!value || is_blank(*value)) return std::nullopt;
  Instant instant;
  if (Reason reason = read_time(name, *value, instant)) return reason;
  out = instant;
  return std::nullopt;
}

Reason check_service(std::string_view service, const ServiceNames* services,
                     const std::vector<std::string_view>& service_list) {
  if (!services || services->contains(service)) return std::nullopt;
  std::string reason = "unknown service " + quote_value(service);
  if (const std::optional<std::string_view> meant = near_miss(service, service_list))
    reason += " (did you mean " + quote_value(*meant) + "?)";
  reason += "; the contract defines ";
  if (services->empty()) return reason + "no services";
  size_t listed = 0;
  for (const std::string& known : *services) {
    if (listed == kServicesListed) {
      reason += ", …";
      break;
    }
    reason += (listed++ ? ", " : "") + quote_value(known);
  }
  return reason;
}

Reason read_cause(const std::optional<std::string_view>& value, Cause& out) {
  if (!value || is_blank(*value)) return std::nullopt;  // absent: the provider's (see Cause)
  const std::optional<Cause> cause = terms::cause_from_keyword(*value);
  if (!cause) return "unknown cause " + quote_value(*value) + "; expected one of " + terms::cause_keywords();
  out = *cause;
  return std::nullopt;
}

// lower_snake_case words: [a-z][a-z0-9]* joined by single underscores.
bool is_fault_class(std::string_view text) {
  if (text.empty() || text.front() < 'a' || text.front() > 'z' || text.back() == '_') return false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool word_char = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!word_char && !(c == '_' && text[i - 1] != '_')) return false;
  }
  return true;
}

Reason read_fault(const std::optional<std::string_view>& value, std::optional<std::string_view>& out) {
  if (!value || is_blank(*value)) return std::nullopt;
  if (!is_fault_class(*value)) {
    return "bad fault class " + quote_value(*value) + "; expected lower_snake_case words such as node_down";
  }
  out = *value;
  return std::nullopt;
}

// How a rejection quotes the value as the log wrote it.
std::string shown(const RawAffected& value) {
  if (value.form != RawAffected::Form::Count) return quote_value(value.text);
  return "{\"" + std::string(count_unit_name(value.unit)) + "\": " + printable(value.text, 60) + "}";
}

Reason read_affected(const std::optional<RawAffected>& value, std::optional<Affected>& out) {
  if (!value) return std::nullopt;
  AffectedResult result;
  switch (value->form) {
    case RawAffected::Form::Text:
      if (is_blank(value->text)) return std::nullopt;
      result = parse_affected_text(value->text);
      break;
    case RawAffected::Form::Number: result = parse_affected_share(value->text); break;
    case RawAffected::Form::Count: result = parse_affected_count(value->text, value->unit); break;
  }
  if (!result.value) return "bad affected value " + shown(*value) + ": " + result.error;
  out = result.value;
  return std::nullopt;
}

Reason check_not_before_start(std::string_view name, OptionalInstant time, Instant start) {
  if (!time || *time >= start) return std::nullopt;
  return std::string(name) + " " + format_utc(*time) + " is before start " + format_utc(start);
}

// Fleets: an incident takes out one resource, or every resource of a zone or
// a region; naming two of them would leave open which one it means.
Reason check_place(const RawIncident& raw) {
  int named = 0;
  for (const auto* field : {&raw.resource, &raw.zone, &raw.region}) {
    if (!*field || is_blank(**field)) continue;
    ++named;
    if (Reason r = check_printable(field == &raw.resource ? "resource" : field == &raw.zone ? "zone" : "region", *field))
      return r;
  }
  if (named > 1) return std::string("give at most one of 'resource', 'zone' and 'region': an incident takes out one of them");
  return std::nullopt;
}

// A link a report can show as one: http or https, nothing that could end it
// early or break the line it is printed on (no space, no control character).
Reason check_url(std::string_view name, std::string_view url) {
  if (Reason r = name_problem("field " + field(name), url)) return r;
  const auto scheme_is = [&](std::string_view scheme) {
    if (url.size() <= scheme.size()) return false;
    for (size_t i = 0; i < scheme.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(url[i])) != scheme[i]) return false;
    return true;
  };
  if (!scheme_is("http://") && !scheme_is("https://"))
    return "field " + field(name) + " " + quote_value(url) + " is not an http:// or https:// URL";
  if (url.find(' ') != std::string_view::npos) return "field " + field(name) + " " + quote_value(url) + " contains a space";
  return std::nullopt;
}

bool given(const std::optional<std::string_view>& value) { return value && !is_blank(*value); }

// Title, url (or its alias link) and ticket: words for the reader of a
// report, checked as names are (a title may hold anything printable, up to
// 1,024 bytes). Null when the record gives none of them.
Reason read_labels(const RawIncident& raw, SharedLabels& out) {
  if (given(raw.url) && given(raw.link)) return std::string("give one of 'url' and 'link': they are the same field");
  const std::optional<std::string_view>& url = given(raw.link) ? raw.link : raw.url;
  if (!given(raw.title) && !given(url) && !given(raw.ticket)) return std::nullopt;
  IncidentLabels labels;
  if (given(raw.title)) {
    if (Reason r = name_problem("field 'title'", *raw.title)) return r;
    labels.title = *raw.title;
  }
  if (given(url)) {
    if (Reason r = check_url(given(raw.link) ? "link" : "url", *url)) return r;
    labels.url = *url;
  }
  if (given(raw.ticket)) {
    if (Reason r = name_problem("field 'ticket'", *raw.ticket)) return r;
    labels.ticket = *raw.ticket;
  }
  out = SharedLabels(std::move(labels));
  return std::nullopt;
}

// The record's names, checked; made SharedNames only once the record is accepted.
struct Names {
  std::string_view id, service;
  std::optional<std::string_view> fault;
};

Reason check(const RawIncident& raw, const ServiceNames* services, const std::vector<std::string_view>& service_list,
             Incident& out, Names& names) {
  if (Reason r = read_required("id", raw.id, names.id)) return r;
  if (Reason r = read_required("service", raw.service, names.service)) return r;
  std::string_view start;
  if (Reason r = read_required("start", raw.start, start)) return r;
  if (Reason r = check_printable("id", raw.id)) return r;
  if (Reason r = check_printable("service", raw.service)) return r;
  if (Reason r = check_service(names.service, services, service_list)) return r;
  if (Reason r = read_time("start", start, out.start)) return r;
  if (Reason r = read_optional_time("end", raw.end, out.end)) return r;
  if (Reason r = read_optional_time("detected", raw.detected, out.detected)) return r;
  if (Reason r = read_optional_time("recovered", raw.recovered, out.recovered)) return r;
  if (Reason r = read_optional_time("notice", raw.notice, out.notice)) return r;
  if (Reason r = read_cause(raw.cause, out.cause)) return r;
  if (Reason r = read_fault(raw.fault, names.fault)) return r;
  if (Reason r = check_place(raw)) return r;
  if (Reason r = read_affected(raw.affected, out.scope.affected)) return r;
  if (Reason r = read_labels(raw, out.labels)) return r;
  // An incident may end the second it starts; it may not end before.
  if (Reason r = check_not_before_start("end", out.end, out.start)) return r;
  if (Reason r = check_not_before_start("detected", out.detected, out.start)) return r;
  if (Reason r = check_not_before_start("recovered", out.recovered, out.start)) return r;
  return std::nullopt;
}

}  // namespace

IncidentBuilder::IncidentBuilder(const ServiceNames* services, bool strict) : services_(services), strict_(strict) {
  if (services_)
    for (const std::string& service : *services_) service_list_.push_back(service);
}

bool IncidentBuilder::not_for_contract(const RawIncident& raw) const {
  if (strict_ || !services_ || !raw.service || is_blank(*raw.service)) return false;
  const std::string_view service = *raw.service;
  if (services_->contains(service) || name_problem("", service)) return false;
  return !near_miss(service, service_list_);
}

BuiltIncident IncidentBuilder::build(const RawIncident& raw) {
  // Another contract's record: none of its other fields is this contract's to judge.
  if (not_for_contract(raw)) return {std::nullopt, {}, true};
  Incident incident;
  incident.line = raw.line;
  Names names;
  if (Reason reason = check(raw, services_, service_list_, incident, names)) return {std::nullopt, std::move(*reason)};
  incident.id = names.id;
  incident.service = service_names_.get(names.service);
  if (names.fault) incident.fault = fault_names_.get(*names.fault);
  if (raw.cluster && !is_blank(*raw.cluster)) incident.scope.cluster = cluster_names_.get(*raw.cluster);
  if (raw.component && !is_blank(*raw.component)) incident.component = component_names_.get(*raw.component);
  if (raw.resource && !is_blank(*raw.resource)) incident.resource = place_names_.get(*raw.resource);
  if (raw.zone && !is_blank(*raw.zone)) incident.zone = place_names_.get(*raw.zone);
  if (raw.region && !is_blank(*raw.region)) incident.region = place_names_.get(*raw.region);
  return {std::move(incident), {}};
}

}  // namespace slaudit
