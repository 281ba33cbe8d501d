#include "telemetry/sources/aws_health.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/util/sha256.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"
#include "telemetry/sources/cloud_health_json.h"

namespace slaudit {

namespace {

using cloud_health::Fields;
using cloud_health::Rounding;
using cloud_health::TimeRead;

enum class EventCategory { Issue, Investigation, ScheduledChange, AccountNotification };
enum class EventStatus { Open, Closed, Upcoming };

std::optional<EventCategory> category_from(std::string_view text) {
  if (text == "issue") return EventCategory::Issue;
  if (text == "investigation") return EventCategory::Investigation;
  if (text == "scheduledChange") return EventCategory::ScheduledChange;
  if (text == "accountNotification") return EventCategory::AccountNotification;
  return std::nullopt;
}

std::optional<EventStatus> status_from(std::string_view text) {
  if (text == "open") return EventStatus::Open;
  if (text == "closed") return EventStatus::Closed;
  if (text == "upcoming") return EventStatus::Upcoming;
  return std::nullopt;
}

// One record of either form, in the words both share.
struct HealthEvent {
  std::string arn, service, type_code, region, zone;
  EventCategory category = EventCategory::Issue;
  EventStatus status = EventStatus::Open;
  Instant start;
  std::optional<Instant> end, last_updated;
  std::vector<std::string> entities;  // sorted, each once
  bool fraction_rounded = false;
  bool operator==(const HealthEvent&) const = default;
};

struct Record {
  size_t line = 0;
  std::optional<HealthEvent> event;
  std::string reason;  // when there is no event
};

// A time in any spelling the two forms use: RFC 1123 or RFC 3339 text, or epoch seconds.
std::optional<Instant> read_time(Fields& fields, std::string_view key, Rounding rounding, bool required,
                                 bool& fraction_rounded) {
  const JsonValue* value = fields.get(key);
  if (!value) {
    if (required) fields.fail(fields.field(key) + " is missing");
    return std::nullopt;
  }
  TimeRead read;
  if (value->kind == JsonValue::Kind::Number) {
    read = cloud_health::read_epoch_seconds(value->text, rounding);
  } else if (value->kind == JsonValue::Kind::String) {
    const bool rfc1123 = value->text.size() > 4 && value->text.ends_with(" GMT");
    read = rfc1123 ? cloud_health::read_rfc1123(value->text) : cloud_health::read_rfc3339(value->text, rounding);
  } else {
    fields.fail(fields.field(key) + " must be a time (a string or epoch seconds), found " + json_kind_name(value->kind));
    return std::nullopt;
  }
  if (!read.instant) {
    fields.fail(fields.field(key) + ": " + read.error);
    return std::nullopt;
  }
  fraction_rounded |= read.had_fraction;
  return read.instant;
}

// "arn:aws:health:us-east-1::event/..." -> "us-east-1"; empty when the ARN does not say.
std::string region_of_arn(std::string_view arn) {
  constexpr std::string_view kPrefix = "arn:aws:health:";
  if (!arn.starts_with(kPrefix)) return "";
  const std::string_view rest = arn.substr(kPrefix.size());
  return std::string(rest.substr(0, rest.find(':')));
}

// The affected entities: EventBridge's detail.affectedEntities[].entityValue, else the event's `resources`.
std::vector<std::string> read_entities(Fields& detail, const JsonValue* resources, Fields& top) {
  std::vector<std::string> entities;
  const JsonValue* affected = detail.get("affectedEntities");
  const bool from_detail = affected != nullptr;
  const JsonValue* list = from_detail ? affected : resources;
  if (!list) return entities;
  const std::string what = from_detail ? detail.field("affectedEntities") : top.field("resources");
  if (list->kind != JsonValue::Kind::Array) {
    detail.fail(what + " must be an array, found " + json_kind_name(list->kind));
    return entities;
  }
  for (const JsonValue& element : list->elements) {
    const JsonValue* value = from_detail ? cloud_health::member(element, "entityValue") : &element;
    if (!value || value->kind != JsonValue::Kind::String || value->text.empty()) {
      detail.fail(what + (from_detail ? ": each must be an object with a string 'entityValue'" : ": each must be a string"));
      return {};
    }
    if (std::optional<std::string> problem = name_problem(what, value->text)) {
      detail.fail(std::move(*problem));
      return {};
    }
    entities.push_back(value->text);
  }
  std::ranges::sort(entities);
  entities.erase(std::unique(entities.begin(), entities.end()), entities.end());
  return entities;
}

// The fields both forms share, from `fields` (the event, or EventBridge's detail).
void read_common(Fields& fields, HealthEvent& event) {
  event.service = fields.name("service", true).value_or("");
  event.type_code = fields.name("eventTypeCode", false).value_or("");
  if (const std::optional<std::string> category = fields.text("eventTypeCategory", true)) {
    if (const auto known = category_from(*category)) {
      event.category = *known;
    } else {
      fields.fail(fields.field("eventTypeCategory") + " " + quote_value(*category) +
                  " is none of issue, investigation, scheduledChange, accountNotification");
    }
  }
  if (const std::optional<std::string> status = fields.text("statusCode", true)) {
    if (const auto known = status_from(*status)) {
      event.status = *known;
    } else {
      fields.fail(fields.field("statusCode") + " " + quote_value(*status) + " is none of open, closed, upcoming");
    }
  }
  event.zone = fields.name("availabilityZone", false).value_or("");
  const std::optional<Instant> start = read_time(fields, "startTime", Rounding::Down, true, event.fraction_rounded);
  event.end = read_time(fields, "endTime", Rounding::Up, false, event.fraction_rounded);
  event.last_updated = read_time(fields, "lastUpdatedTime", Rounding::Down, false, event.fraction_rounded);
  if (fields.problem()) return;
  event.start = *start;
  if (event.end && *event.end < event.start) fields.fail(fields.field("endTime") + " is before startTime");
  if (event.status == EventStatus::Closed && !event.end)
    fields.fail("statusCode 'closed' without " + fields.field("endTime") + ": when did it end?");
}

Record reject(size_t line, std::string reason) { return {line, std::nullopt, std::move(reason)}; }

// `aws health describe-events`: one element of "events".
Record read_cli_event(const JsonValue& object, size_t line) {
  if (object.kind != JsonValue::Kind::Object) return reject(line, std::string("an event must be an object, found ") + json_kind_name(object.kind));
  Fields fields(object);
  HealthEvent event;
  event.arn = fields.name("arn", true).value_or("");
  event.region = fields.name("region", false).value_or("");
  read_common(fields, event);
  if (fields.problem()) return reject(line, *fields.problem());
  return {line, std::move(event), ""};
}

// An EventBridge "AWS Health Event".
Record read_eventbridge_event(const JsonValue& object, size_t line) {
  Fields top(object);
  const std::optional<std::string> type = top.text("detail-type", true);
  if (type && *type != "AWS Health Event")
    top.fail("field 'detail-type' is " + quote_value(*type) + ", not 'AWS Health Event'");
  if (const std::optional<std::string> source = top.text("source", false); source && *source != "aws.health")
    top.fail("field 'source' is " + quote_value(*source) + ", not 'aws.health'");
  const JsonValue* resources = top.get("resources");
  const JsonValue* detail_value = top.get("detail");
  if (!detail_value || detail_value->kind != JsonValue::Kind::Object) top.fail("field 'detail' must be an object");
  if (top.problem()) return reject(line, *top.problem());
  Fields detail(*detail_value, "detail.");
  HealthEvent event;
  event.arn = detail.name("eventArn", true).value_or("");
  event.region = detail.name("eventRegion", false).value_or(region_of_arn(event.arn));
  if (std::optional<std::string> problem = name_problem("the event's region", event.region)) detail.fail(*problem);
  read_common(detail, event);
  event.entities = read_entities(detail, resources, top);
  if (detail.problem()) return reject(line, *detail.problem());
  if (top.problem()) return reject(line, *top.problem());
  return {line, std::move(event), ""};
}

Record read_any_event(const JsonValue& value, size_t line) {
  if (value.kind == JsonValue::Kind::Object &&
      (cloud_health::member(value, "detail-type") || cloud_health::member(value, "detail")))
    return read_eventbridge_event(value, line);
  return read_cli_event(value, line);
}

// The records of one JSON value that starts on `first_line` of `text`: a page, an event or an array of events.
// A string: the value is none of those, and why.
std::optional<std::string> read_value(const JsonValue& value, std::string_view text, size_t first_line,
                                      std::vector<Record>& records) {
  const auto read_array = [&](const JsonValue& array, std::string_view member) {
    const std::vector<size_t> lines = json_array_element_lines(text, member);
    for (size_t i = 0; i < array.elements.size(); ++i)
      records.push_back(read_any_event(array.elements[i], first_line - 1 + (i < lines.size() ? lines[i] : 1)));
  };
  if (value.kind == JsonValue::Kind::Array) {
    read_array(value, "");
    return std::nullopt;
  }
  if (value.kind != JsonValue::Kind::Object)
    return std::string("expected an object (a describe-events page or an EventBridge event) or an array, found ") +
           json_kind_name(value.kind);
  if (const JsonValue* events = cloud_health::member(value, "events")) {
    if (events->kind != JsonValue::Kind::Array)
      return std::string("member 'events' must be an array, found ") + json_kind_name(events->kind);
    read_array(*events, "events");
    return std::nullopt;
  }
  if (cloud_health::member(value, "detail-type") || cloud_health::member(value, "detail") ||
      cloud_health::member(value, "arn")) {
    records.push_back(read_any_event(value, first_line));
    return std::nullopt;
  }
  return std::string("no 'events' (aws health describe-events), 'detail-type' (an EventBridge AWS Health Event) or "
                     "'arn' (one event) at the top level");
}

// Every record of the content, in document order; a string when the content is no AWS Health export at all.
std::optional<std::string> read_records(std::string_view content, std::vector<Record>& records) {
  return cloud_health::read_json_values(
      content,
      [&](const JsonValue& value, std::string_view text, size_t first_line) {
        return read_value(value, text, first_line, records);
      },
      [&](size_t line, std::string reason) { records.push_back(reject(line, std::move(reason))); });
}

enum class Fate { Use, Superseded, Rejected };

// The same ARN in several records: the latest lastUpdatedTime is the event; see aws_health.h.
std::vector<Fate> settle_duplicates(std::vector<Record>& records) {
  std::vector<Fate> fates(records.size(), Fate::Use);
  std::map<std::string_view, std::vector<size_t>> by_arn;
  for (size_t i = 0; i < records.size(); ++i) {
    if (records[i].event) by_arn[records[i].event->arn].push_back(i);
    else fates[i] = Fate::Rejected;
  }
  for (const auto& [arn, indices] : by_arn) {
    if (indices.size() < 2) continue;
    std::optional<Instant> latest;
    for (const size_t i : indices) latest = std::max(latest, records[i].event->last_updated);
    std::optional<size_t> first;
    for (const size_t i : indices) {
      const HealthEvent& event = *records[i].event;
      if (event.last_updated != latest) {
        fates[i] = Fate::Superseded;
      } else if (!first) {
        first = i;
      } else {
        const bool same = event == *records[*first].event;
        const std::string first_line = std::to_string(records[*first].line);
        records[i].reason = same ? "duplicate of line " + first_line + " (identical)"
                                 : "event " + quote_value(arn) + " given twice with the same lastUpdatedTime and "
                                   "different content (first at line " + first_line + ")";
        fates[i] = Fate::Rejected;
      }
    }
  }
  // Reasons are set; the events of rejected records are no longer needed.
  for (size_t i = 0; i < records.size(); ++i)
    if (fates[i] == Fate::Rejected) records[i].event.reset();
  return fates;
}

// One incident per affected entity, or one for the event's zone or region.
std::vector<Incident> incidents_of(const HealthEvent& event, size_t line, const SourceTarget& target) {
  Incident base;
  base.line = line;
  base.service = SharedName(target.service);
  if (!target.component.empty()) base.component = SharedName(target.component);
  base.start = event.start;
  if (event.end) base.end = *event.end;
  base.cause = event.category == EventCategory::ScheduledChange ? Cause::Maintenance : Cause::Provider;
  const std::string fault = lower_snake_name(event.type_code);
  if (!fault.empty()) base.fault = SharedName(fault);
  base.labels = cloud_health::make_labels(event.type_code, "");
  std::vector<Incident> incidents;
  if (event.entities.empty()) {
    base.id = event.arn;
    if (!event.zone.empty()) base.zone = SharedName(event.zone);
    else if (!event.region.empty() && event.region != "global") base.region = SharedName(event.region);
    incidents.push_back(std::move(base));
    return incidents;
  }
  for (const std::string& entity : event.entities) {
    Incident incident = base;
    incident.id = event.arn + "/" + entity;
    incident.resource = SharedName(entity);
    incidents.push_back(std::move(incident));
  }
  return incidents;
}

struct Tally {
  size_t notifications = 0, upcoming = 0, superseded = 0, rounded = 0;
};

void use_event(const HealthEvent& event, size_t line, const SourceReadOptions& options, SourceLog& log, Tally& tally) {
  if (event.category == EventCategory::AccountNotification) {
    ++tally.notifications;
    log.not_for_contract({});
    return;
  }
  if (event.status == EventStatus::Upcoming) {
    ++tally.upcoming;
    log.not_for_contract({});
    return;
  }
  const std::optional<SourceTarget> target = options.names.resolve(event.service);
  if (!target) {
    log.not_for_contract({event.service});
    return;
  }
  std::vector<Incident> incidents = incidents_of(event, line, *target);
  // An entity id may push an incident id past what a name may be.
  for (const Incident& incident : incidents) {
    if (std::optional<std::string> problem = name_problem("the incident id (ARN/entity)", incident.id)) {
      log.reject(line, std::move(*problem));
      return;
    }
  }
  tally.rounded += event.fraction_rounded ? 1 : 0;
  log.use(std::move(incidents));
}

void add_notes(const Tally& tally, SourceLog& log) {
  if (tally.notifications > 0)
    log.note(std::to_string(tally.notifications) + " accountNotification event(s) are notices, not outages: "
             "counted as not for this contract");
  if (tally.upcoming > 0)
    log.note(std::to_string(tally.upcoming) + " upcoming event(s) have not begun: no incident yet, counted as not "
             "for this contract");
  if (tally.superseded > 0)
    log.note(std::to_string(tally.superseded) + " record(s) superseded by a later update of the same event "
             "(a later lastUpdatedTime): counted as not for this contract");
  if (tally.rounded > 0)
    log.note(std::to_string(tally.rounded) + " event(s) had times with fractions of a second: starts rounded down "
             "and ends up to whole seconds");
}

}  // namespace

IncidentLogResult read_aws_health(std::string_view content, const SourceReadOptions& options) {
  std::vector<Record> records;
  if (std::optional<std::string> error = read_records(content, records)) return {std::nullopt, std::move(*error)};
  const std::vector<Fate> fates = settle_duplicates(records);
  SourceLog log(options.path, sha256_hex(content));
  Tally tally;
  for (size_t i = 0; i < records.size(); ++i) {
    const Record& record = records[i];
    if (fates[i] == Fate::Rejected) {
      log.reject(record.line, record.reason);
    } else if (fates[i] == Fate::Superseded) {
      ++tally.superseded;
      log.not_for_contract({});
    } else {
      use_event(*record.event, record.line, options, log, tally);
    }
  }
  add_notes(tally, log);
  return {std::move(log).finish(), ""};
}

}  // namespace slaudit
