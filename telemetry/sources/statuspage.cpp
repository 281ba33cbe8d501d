#include "telemetry/sources/statuspage.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/time/timestamp.h"
#include "telemetry/common/json_value.h"
#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

// Statuspage's component states, in order of severity: the worst one a
// component reached in a record is its state for the record.
enum class ComponentState { Operational, DegradedPerformance, UnderMaintenance, PartialOutage, MajorOutage };

constexpr std::array<std::pair<ComponentState, std::string_view>, 5> kStateNames = {{
    {ComponentState::Operational, "operational"},
    {ComponentState::DegradedPerformance, "degraded_performance"},
    {ComponentState::UnderMaintenance, "under_maintenance"},
    {ComponentState::PartialOutage, "partial_outage"},
    {ComponentState::MajorOutage, "major_outage"},
}};

std::string_view component_state_name(ComponentState state) {
  for (const auto& [s, name] : kStateNames)
    if (s == state) return name;
  return "operational";
}

bool is_down(ComponentState state) { return state >= ComponentState::UnderMaintenance; }

// Where a component's state for a record was read from.
enum class StateSource { Updates, Listing, Impact };

enum class RecordKind { Incident, Maintenance };

constexpr std::array<std::string_view, 5> kIncidentStatuses = {"investigating", "identified", "monitoring", "resolved",
                                                               "postmortem"};
constexpr std::array<std::string_view, 4> kMaintenanceStatuses = {"scheduled", "in_progress", "verifying", "completed"};
// The impact Statuspage derives from the component statuses, read back as the state it stands for.
constexpr std::array<std::pair<std::string_view, ComponentState>, 5> kImpacts = {{
    {"none", ComponentState::Operational},
    {"minor", ComponentState::DegradedPerformance},
    {"major", ComponentState::PartialOutage},
    {"critical", ComponentState::MajorOutage},
    {"maintenance", ComponentState::UnderMaintenance},
}};

template <size_t N>
bool is_one_of(std::string_view value, const std::array<std::string_view, N>& values) {
  return std::find(values.begin(), values.end(), value) != values.end();
}

template <size_t N>
std::string listed(const std::array<std::string_view, N>& values) {
  std::string out;
  for (const std::string_view v : values) out += (out.empty() ? "" : ", ") + std::string(v);
  return out;
}

// A record that cannot be read: thrown inside one record's reading, caught by
// the loop over records, which rejects the record with it.
struct RecordError {
  std::string reason;
};

[[noreturn]] void fail(std::string reason) { throw RecordError{std::move(reason)}; }

// What the input as a whole gave, said once in the log's notes.
struct Tally {
  size_t floored = 0;              // timestamps with a fraction of a second
  size_t from_impact = 0;          // incident-component pairs whose state is the record's impact
  size_t partial = 0;              // incidents that are partial outages
  size_t degraded_pairs = 0;       // mapped pairs degraded only
  size_t operational_pairs = 0;    // mapped pairs operational throughout
  size_t no_downtime_records = 0;  // records of mapped components, none down
  size_t unplaced_minor = 0;       // records naming no component, impact none or minor
  size_t not_begun = 0;            // maintenances still scheduled

  // Counted per record, then added when the record is not rejected: a rejected record's pairs count nowhere.
  Tally& operator+=(const Tally& o) {
    floored += o.floored, from_impact += o.from_impact, partial += o.partial, degraded_pairs += o.degraded_pairs;
    operational_pairs += o.operational_pairs, no_downtime_records += o.no_downtime_records;
    unplaced_minor += o.unplaced_minor, not_begun += o.not_begun;
    return *this;
  }
};

// ---- fields of a JSON object

// The member `key` of `object`, nullptr when absent or null. A key given twice is refused: which one the page
// meant cannot be told.
const JsonValue* field(const JsonValue& object, std::string_view key, std::string_view path) {
  const JsonValue* found = nullptr;
  for (const JsonMember& m : object.members) {
    if (m.key != key) continue;
    if (found) fail("field '" + std::string(path) + "' appears twice");
    found = &m.value;
  }
  return found && found->kind != JsonValue::Kind::Null ? found : nullptr;
}

std::optional<std::string> optional_text(const JsonValue& object, std::string_view key, std::string_view path) {
  const JsonValue* value = field(object, key, path);
  if (!value) return std::nullopt;
  if (value->kind != JsonValue::Kind::String)
    fail("field '" + std::string(path) + "' must be a string, found " + json_kind_name(value->kind));
  return value->text;
}

std::string required_text(const JsonValue& object, std::string_view key, std::string_view path) {
  std::optional<std::string> text = optional_text(object, key, path);
  if (!text) fail("field '" + std::string(path) + "' is missing (or null)");
  return std::move(*text);
}

// A name (an id, a component's name, a title, a link): one line of valid UTF-8, bounded.
std::string checked_name(std::string text, std::string_view path) {
  if (text.empty()) fail("field '" + std::string(path) + "' is empty");
  if (std::optional<std::string> problem = name_problem("field '" + std::string(path) + "'", text)) fail(*problem);
  return text;
}

// "2014-05-14T14:22:39.441-06:00" -> "2014-05-14T14:22:39-06:00": the fraction after the seconds, whatever its
// digits, is dropped; `had_fraction` says whether any of them was not 0.
std::string without_fraction(std::string_view text, bool& had_fraction) {
  had_fraction = false;
  constexpr size_t kSecondsEnd = 19;  // "YYYY-MM-DDThh:mm:ss"
  if (text.size() <= kSecondsEnd || text[kSecondsEnd] != '.') return std::string(text);
  size_t end = kSecondsEnd + 1;
  while (end < text.size() && text[end] >= '0' && text[end] <= '9') had_fraction |= text[end++] != '0';
  if (end == kSecondsEnd + 1) return std::string(text);  // "ss." with no digit: parse_timestamp says what is wrong
  return std::string(text.substr(0, kSecondsEnd)) + std::string(text.substr(end));
}

OptionalInstant optional_time(const JsonValue& object, std::string_view key, Tally& tally) {
  const std::optional<std::string> text = optional_text(object, key, key);
  if (!text) return std::nullopt;
  bool had_fraction = false;
  const TimestampResult parsed = parse_timestamp(without_fraction(*text, had_fraction));
  if (!parsed.ok())
    fail("field '" + std::string(key) + "' " + quote_value(*text) + " is not an RFC 3339 timestamp: " + parsed.error);
  tally.floored += had_fraction ? 1 : 0;
  return *parsed.instant;
}

// ---- one record

struct Component {
  std::string id, name;
  std::optional<ComponentState> listed;  // its status in the record's `components`
  std::optional<ComponentState> worst_update;
};

struct Record {
  RecordKind kind = RecordKind::Incident;
  std::string id, title, url, status, impact;
  OptionalInstant created, started, resolved, scheduled_for, scheduled_until;
  std::map<std::string, Component> components;  // by id: the order of the record's lists changes nothing
};

ComponentState state_named(std::string_view name, std::string_view path) {
  for (const auto& [state, n] : kStateNames)
    if (n == name) return state;
  fail("field '" + std::string(path) + "' " + quote_value(name) + " is none of operational, degraded_performance, " +
       "partial_outage, major_outage, under_maintenance");
}

const std::vector<JsonValue>& array_field(const JsonValue& object, std::string_view key, std::string_view path) {
  static const std::vector<JsonValue> kNone;
  const JsonValue* value = field(object, key, path);
  if (!value) return kNone;
  if (value->kind != JsonValue::Kind::Array)
    fail("field '" + std::string(path) + "' must be an array, found " + json_kind_name(value->kind));
  return value->elements;
}

void require_object(const JsonValue& value, const std::string& path) {
  if (value.kind != JsonValue::Kind::Object)
    fail("'" + path + "' must be an object, found " + json_kind_name(value.kind));
}

Component& component_named(Record& record, const JsonValue& object, std::string_view id_key, const std::string& path) {
  std::string id =
      checked_name(required_text(object, id_key, path + "." + std::string(id_key)), path + "." + std::string(id_key));
  std::string name = checked_name(required_text(object, "name", path + ".name"), path + ".name");
  Component& component = record.components[id];
  if (component.id.empty()) component.id = std::move(id);
  if (component.name.empty()) component.name = std::move(name);  // the `components` list is read first
  return component;
}

void read_components(const JsonValue& record_json, Record& record) {
  const std::vector<JsonValue>& components = array_field(record_json, "components", "components");
  for (size_t i = 0; i < components.size(); ++i) {
    const std::string path = "components[" + std::to_string(i) + "]";
    require_object(components[i], path);
    Component& component = component_named(record, components[i], "id", path);
    if (const std::optional<std::string> status = optional_text(components[i], "status", path + ".status"))
      component.listed = state_named(*status, path + ".status");
  }
  const std::vector<JsonValue>& updates = array_field(record_json, "incident_updates", "incident_updates");
  for (size_t u = 0; u < updates.size(); ++u) {
    const std::string update_path = "incident_updates[" + std::to_string(u) + "]";
    require_object(updates[u], update_path);
    const std::vector<JsonValue>& affected =
        array_field(updates[u], "affected_components", update_path + ".affected_components");
    for (size_t i = 0; i < affected.size(); ++i) {
      const std::string path = update_path + ".affected_components[" + std::to_string(i) + "]";
      require_object(affected[i], path);
      Component& component = component_named(record, affected[i], "code", path);
      const ComponentState state =
          state_named(required_text(affected[i], "new_status", path + ".new_status"), path + ".new_status");
      component.worst_update = std::max(component.worst_update.value_or(state), state);
    }
  }
}

RecordKind kind_of(const Record& record, RecordKind member_kind) {
  if (is_one_of(record.status, kMaintenanceStatuses)) return RecordKind::Maintenance;
  if (!is_one_of(record.status, kIncidentStatuses))
    fail("field 'status' " + quote_value(record.status) + " is none of " + listed(kIncidentStatuses) +
         " (an incident's) or " + listed(kMaintenanceStatuses) + " (a maintenance's)");
  if (member_kind == RecordKind::Maintenance)
    fail("field 'status' " + quote_value(record.status) + " is an incident's, under 'scheduled_maintenances' (" +
         listed(kMaintenanceStatuses) + ")");
  return RecordKind::Incident;
}

Record read_record(const JsonValue& json, RecordKind member_kind, Tally& tally) {
  if (json.kind != JsonValue::Kind::Object)
    fail(std::string("the record must be an object, found ") + json_kind_name(json.kind));
  Record record;
  record.id = checked_name(required_text(json, "id", "id"), "id");
  if (std::optional<std::string> name = optional_text(json, "name", "name"))
    record.title = checked_name(std::move(*name), "name");
  if (std::optional<std::string> link = optional_text(json, "shortlink", "shortlink"))
    record.url = checked_name(std::move(*link), "shortlink");
  record.status = required_text(json, "status", "status");
  record.kind = kind_of(record, member_kind);
  record.impact = required_text(json, "impact", "impact");
  if (std::none_of(kImpacts.begin(), kImpacts.end(), [&](const auto& i) { return i.first == record.impact; }))
    fail("field 'impact' " + quote_value(record.impact) + " is none of none, minor, major, critical, maintenance");
  record.created = optional_time(json, "created_at", tally);
  if (!record.created) fail("field 'created_at' is missing (or null)");
  record.started = optional_time(json, "started_at", tally);
  record.resolved = optional_time(json, "resolved_at", tally);
  record.scheduled_for = optional_time(json, "scheduled_for", tally);
  record.scheduled_until = optional_time(json, "scheduled_until", tally);
  read_components(json, record);
  return record;
}

// ---- when: the record's window

struct Window {
  Instant start;
  OptionalInstant end;  // absent: open
};

std::optional<Window> incident_window(const Record& r) {
  const Window window{r.started ? *r.started : *r.created, r.resolved};
  const bool resolved = r.status == "resolved" || r.status == "postmortem";
  if (resolved && !r.resolved)
    fail("status " + quote_value(r.status) + " but no 'resolved_at': when the incident ended is not said");
  if (!resolved && r.resolved)
    fail("status " + quote_value(r.status) + " says the incident is unresolved, but 'resolved_at' is set");
  return window;
}

// nullopt: a maintenance that has not begun.
std::optional<Window> maintenance_window(const Record& r) {
  if (r.status == "scheduled") return std::nullopt;
  const OptionalInstant start = r.started ? r.started : r.scheduled_for;
  if (!start)
    fail("status " + quote_value(r.status) +
         " but neither 'started_at' nor 'scheduled_for': when it began is not said");
  OptionalInstant end = r.resolved;
  if (!end && r.status == "completed") {
    end = r.scheduled_until;
    if (!end) fail("status 'completed' but neither 'resolved_at' nor 'scheduled_until': when it ended is not said");
  }
  return Window{*start, end};
}

std::optional<Window> window_of(const Record& r) {
  std::optional<Window> window = r.kind == RecordKind::Incident ? incident_window(r) : maintenance_window(r);
  if (window && window->end && *window->end <= window->start)
    fail("ends at " + format_utc(*window->end) + ", not after its start " + format_utc(window->start) +
         " (times floored to the second)");
  return window;
}

// ---- where: each component's state, mapped to the contract

ComponentState impact_state(std::string_view impact) {
  for (const auto& [name, state] : kImpacts)
    if (name == impact) return state;
  return ComponentState::Operational;
}

std::pair<ComponentState, StateSource> state_of(const Component& c, const Record& r, bool open) {
  if (c.worst_update) return {*c.worst_update, StateSource::Updates};
  if (open && c.listed) return {*c.listed, StateSource::Listing};  // an open record lists the live status
  return {impact_state(r.impact), StateSource::Impact};
}

Incident incident_for(const Record& r, const Window& w, const Component& c, ComponentState state,
                      const SourceTarget& target, size_t line) {
  Incident incident;
  incident.line = line;
  incident.id = checked_name(r.id + "/" + c.id, "id");
  incident.service = SharedName(target.service);
  incident.start = w.start;
  incident.end = w.end;
  incident.fault = SharedName(component_state_name(state));
  const std::string component = target.component.empty() ? lower_snake_name(c.name) : target.component;
  if (!component.empty()) incident.component = SharedName(component);
  const bool maintenance =
      r.kind == RecordKind::Maintenance || r.impact == "maintenance" || state == ComponentState::UnderMaintenance;
  if (maintenance) {
    incident.cause = Cause::Maintenance;
    incident.notice = r.created;
  }
  if (!r.title.empty() || !r.url.empty())
    incident.labels = SharedLabels(IncidentLabels{r.title, r.url, ""});
  return incident;
}

// What one record gave: the incidents, and the names that map to no service.
struct Placed {
  std::vector<Incident> incidents;
  std::vector<std::string> unmapped;
  bool any_mapped = false;
};

Placed place(const Record& r, const Window& w, const SourceNames& names, size_t line, Tally& tally) {
  Placed placed;
  for (const auto& [id, component] : r.components) {
    const std::optional<SourceTarget> target = names.resolve(component.name);
    if (!target) {
      placed.unmapped.push_back(component.name);
      continue;
    }
    placed.any_mapped = true;
    const auto [state, source] = state_of(component, r, !w.end);
    tally.from_impact += source == StateSource::Impact ? 1 : 0;
    if (!is_down(state)) {
      ++(state == ComponentState::Operational ? tally.operational_pairs : tally.degraded_pairs);
      continue;
    }
    tally.partial += state == ComponentState::PartialOutage ? 1 : 0;
    placed.incidents.push_back(incident_for(r, w, component, state, *target, line));
  }
  return placed;
}

// A maintenance not begun: which of its components map, and no incident.
Placed mapped_only(const Record& r, const SourceNames& names) {
  Placed placed;
  for (const auto& [id, component] : r.components) {
    if (names.resolve(component.name))
      placed.any_mapped = true;
    else
      placed.unmapped.push_back(component.name);
  }
  return placed;
}

// ---- the document

// Same JSON, member for member in order: an identical duplicate of a record.
bool same_json(const JsonValue& a, const JsonValue& b) {
  if (a.kind != b.kind || a.text != b.text || a.members.size() != b.members.size() ||
      a.elements.size() != b.elements.size())
    return false;
  for (size_t i = 0; i < a.members.size(); ++i)
    if (a.members[i].key != b.members[i].key || !same_json(a.members[i].value, b.members[i].value)) return false;
  for (size_t i = 0; i < a.elements.size(); ++i)
    if (!same_json(a.elements[i], b.elements[i])) return false;
  return true;
}

struct FirstSeen {
  size_t line = 0;
  const JsonValue* json = nullptr;
};

class StatuspageReader {
 public:
  StatuspageReader(const SourceReadOptions& options, std::string_view content)
      : options_(options), content_(content), log_(options.path, "") {}

  void read_member(const JsonValue& records, std::string_view member, RecordKind kind) {
    const std::vector<size_t> lines = json_array_element_lines(content_, member);
    for (size_t i = 0; i < records.elements.size(); ++i) {
      const size_t line = i < lines.size() ? lines[i] : 1;
      try {
        read_one(records.elements[i], line, kind);
      } catch (const RecordError& e) {
        log_.reject(line, e.reason);
      }
    }
    if (member == "incidents" && records.elements.size() == kIncidentsListed) incidents_full_ = true;
  }

  IncidentLog finish() && {
    say_notes();
    return std::move(log_).finish();
  }

 private:
  // incidents.json lists the most recent 50 incidents and no more.
  static constexpr size_t kIncidentsListed = 50;

  void read_one(const JsonValue& json, size_t line, RecordKind kind) {
    Tally tally;
    Record record = read_record(json, kind, tally);
    earliest_ = std::min(earliest_.value_or(*record.created), *record.created);
    check_duplicate(record.id, json);
    const std::optional<Window> window = window_of(record);
    if (!window)
      ++tally.not_begun;
    else if (record.components.empty())
      return unplaced(record, json, line, tally);
    Placed placed = window ? place(record, *window, options_.names, line, tally) : mapped_only(record, options_.names);
    if (!placed.any_mapped) return not_for_contract(record.id, json, line, placed.unmapped, tally);
    tally.no_downtime_records += window && placed.incidents.empty() ? 1 : 0;
    for (const std::string& name : placed.unmapped) log_.unmapped_name(name);
    first_seen_[record.id] = {line, &json};
    tally_ += tally;
    // A record on the contract's services that took none down is evidence all the same: used, with no incident.
    if (placed.incidents.empty())
      log_.use_without_incident();
    else
      log_.use(std::move(placed.incidents));
  }

  // A record naming no component: nothing down if its impact says none was; otherwise it cannot be placed.
  void unplaced(const Record& record, const JsonValue& json, size_t line, Tally& tally) {
    const ComponentState state = impact_state(record.impact);
    if (is_down(state))
      fail("names no component (neither 'components' nor any update's 'affected_components'), but its impact " +
           quote_value(record.impact) + " says something was down: which service cannot be told");
    ++tally.unplaced_minor;
    not_for_contract(record.id, json, line, {}, tally);
  }

  void not_for_contract(const std::string& id, const JsonValue& json, size_t line,
                        const std::vector<std::string>& names, const Tally& tally) {
    first_seen_[id] = {line, &json};
    tally_ += tally;
    log_.not_for_contract(names);
  }

  void check_duplicate(const std::string& id, const JsonValue& json) {
    const auto it = first_seen_.find(id);
    if (it == first_seen_.end()) return;
    if (same_json(*it->second.json, json))
      fail("duplicate of line " + std::to_string(it->second.line) + " (identical)");
    fail("duplicate id " + quote_value(id) + " with different content (first at line " +
         std::to_string(it->second.line) + ")");
  }

  void say(size_t count, const std::string& text) {
    if (count > 0) log_.note(std::to_string(count) + " " + text);
  }

  void say_notes() {
    say(tally_.floored,
        "timestamp(s) carried a fraction of a second, floored to the second (audits run at one-second "
        "resolution)");
    say(tally_.from_impact,
        "incident-component pair(s) had no status in the record's updates: their state was read "
        "from the record's impact (critical: major_outage, major: partial_outage, minor: "
        "degraded_performance, none: operational, maintenance: under_maintenance)");
    say(tally_.partial,
        "incident(s) are partial outages: Statuspage gives no share, so each counts as a full outage "
        "(fault class partial_outage)");
    say(tally_.degraded_pairs,
        "incident-component pair(s) were degraded only (degraded_performance) and are not downtime");
    say(tally_.operational_pairs, "incident-component pair(s) stayed operational and are not downtime");
    say(tally_.no_downtime_records,
        "record(s) took no service of the contract down (degraded or operational only): "
        "used, with no incident");
    say(tally_.unplaced_minor,
        "record(s) named no component and had an impact of none or minor (no downtime): "
        "counted as not for this contract");
    say(tally_.not_begun, "maintenance(s) had not begun (status scheduled): no downtime");
    if (incidents_full_ && earliest_)
      log_.note(
          "the document lists 50 incidents, as many as Statuspage's incidents.json holds (the most recent): "
          "before its earliest record, created " +
          format_utc(*earliest_) + ", it is no evidence either way");
  }

  const SourceReadOptions& options_;
  std::string_view content_;
  SourceLog log_;
  Tally tally_;
  std::map<std::string, FirstSeen, std::less<>> first_seen_;
  std::optional<Instant> earliest_;
  bool incidents_full_ = false;
};

// Where parsing stopped, as "line L, column C".
std::string line_and_column(std::string_view content, size_t offset) {
  const size_t at = std::min(offset > 0 ? offset - 1 : 0, content.size());
  const size_t line = 1 + static_cast<size_t>(std::count(content.begin(), content.begin() + at, '\n'));
  const size_t line_start = content.rfind('\n', at == 0 ? 0 : at - 1);
  const size_t start = line_start == std::string_view::npos || at == 0 ? 0 : line_start + 1;
  return "line " + std::to_string(line) + ", column " +
         std::to_string(code_point_column(content.substr(start), at - start));
}

// The array under `member`, nullptr when absent; an error when it is there but no array, or given twice.
std::optional<std::string> member_array(const JsonValue& root, std::string_view member, const JsonValue*& out) {
  out = nullptr;
  for (const JsonMember& m : root.members) {
    if (m.key != member) continue;
    if (out) return "member '" + std::string(member) + "' appears twice";
    if (m.value.kind != JsonValue::Kind::Array)
      return "member '" + std::string(member) + "' must be an array, found " + json_kind_name(m.value.kind);
    out = &m.value;
  }
  return std::nullopt;
}

}  // namespace

IncidentLogResult read_statuspage(std::string_view content, const SourceReadOptions& options) {
  const JsonParse parsed = parse_json_keeping_numbers(content);
  if (!parsed.value)
    return {std::nullopt, "not valid JSON at " + line_and_column(content, parsed.offset) + ": " + parsed.error};
  const JsonValue& root = *parsed.value;
  if (root.kind != JsonValue::Kind::Object)
    return {std::nullopt, std::string("not a Statuspage API v2 document: the top level is ") +
                              json_kind_name(root.kind) +
                              ", not an object with 'incidents' or 'scheduled_maintenances'"};
  const JsonValue* incidents = nullptr;
  const JsonValue* maintenances = nullptr;
  if (std::optional<std::string> error = member_array(root, "incidents", incidents)) return {std::nullopt, *error};
  if (std::optional<std::string> error = member_array(root, "scheduled_maintenances", maintenances))
    return {std::nullopt, *error};
  if (!incidents && !maintenances)
    return {std::nullopt,
            "not a Statuspage API v2 document: no 'incidents' or 'scheduled_maintenances' array "
            "(expected /api/v2/incidents.json, incidents/unresolved.json or scheduled-maintenances.json)"};
  StatuspageReader reader(options, content);
  if (incidents) reader.read_member(*incidents, "incidents", RecordKind::Incident);
  if (maintenances) reader.read_member(*maintenances, "scheduled_maintenances", RecordKind::Maintenance);
  return {std::move(reader).finish(), ""};
}

}  // namespace slaudit
