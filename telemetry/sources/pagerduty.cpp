#include "telemetry/sources/pagerduty.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "base/time/timestamp.h"
#include "telemetry/common/csv.h"
#include "telemetry/common/name_check.h"

namespace slaudit {

namespace {

using nlohmann::json;

// One PagerDuty incident as either form writes it, before any check: absent
// fields are nullopt. `problem` is the first field of a wrong JSON type
// (other than id and service, which come first: a record for another
// contract's service is not for this contract, whatever else it holds).
struct PagerDutyRecord {
  size_t line = 0;
  std::optional<std::string> id, service, number, title, status, urgency, priority, created, resolved, last_change,
      url;
  std::string problem;
  std::string malformed;  // the record cannot be read at all (not an object, a bad CSV row): rejected first
};

// Distinct priorities listed in the note at most; more are counted together.
constexpr size_t kMaxListedPriorities = 20;

// Everything both forms share: the checks, the mapping, the duplicate rule and the notes.
class PagerDutyLog {
 public:
  explicit PagerDutyLog(const SourceReadOptions& options) : log_(options.path, ""), names_(options.names) {}
  void add(const PagerDutyRecord& record);
  void note(std::string text) { log_.note(std::move(text)); }
  IncidentLogResult finish() &&;

 private:
  // The incident, or why the record gives none.
  std::string build(const PagerDutyRecord& record, const SourceTarget& target, Incident& incident);
  std::string end_of(const PagerDutyRecord& record, Instant start, OptionalInstant& end);
  void keep(const PagerDutyRecord& record, Incident incident);

  SourceLog log_;
  const SourceNames& names_;
  std::map<std::string, Incident, std::less<>> first_;  // id -> the incident first used with it
  size_t ended_at_last_change_ = 0;
  std::map<std::string, size_t, std::less<>> urgencies_, priorities_;
};

std::optional<std::string> field_problem(std::string_view field, const std::optional<std::string>& value) {
  if (!value) return std::nullopt;
  return name_problem("field '" + std::string(field) + "'", *value);
}

void PagerDutyLog::add(const PagerDutyRecord& record) {
  if (!record.malformed.empty()) return log_.reject(record.line, record.malformed);
  if (!record.id || record.id->empty()) return log_.reject(record.line, "field 'id' is missing or empty");
  if (auto problem = field_problem("id", record.id)) return log_.reject(record.line, std::move(*problem));
  if (!record.service || record.service->empty())
    return log_.reject(record.line, "the service's summary (field 'service.summary', CSV 'service_name') is missing");
  if (auto problem = field_problem("service", record.service)) return log_.reject(record.line, std::move(*problem));
  const std::optional<SourceTarget> target = names_.resolve(*record.service);
  if (!target) return log_.not_for_contract({*record.service});
  if (!record.problem.empty()) return log_.reject(record.line, record.problem);
  Incident incident;
  if (std::string reason = build(record, *target, incident); !reason.empty())
    return log_.reject(record.line, std::move(reason));
  keep(record, std::move(incident));
}

std::string timestamp_problem(std::string_view field, const std::string& text, Instant& out) {
  const TimestampResult parsed = parse_timestamp(text);
  if (!parsed.ok()) return "field '" + std::string(field) + "': " + parsed.error;
  out = *parsed.instant;
  return "";
}

std::string PagerDutyLog::build(const PagerDutyRecord& record, const SourceTarget& target, Incident& incident) {
  if (!record.created) return "field 'created_at' is missing";
  if (std::string p = timestamp_problem("created_at", *record.created, incident.start); !p.empty()) return p;
  if (!record.status) return "field 'status' is missing";
  // Printable first: a reason quotes the value.
  for (const auto& [field, value] : {std::pair{"status", &record.status}, std::pair{"urgency", &record.urgency}})
    if (auto problem = field_problem(field, *value)) return *problem;
  const std::string& status = *record.status;
  if (status != "triggered" && status != "acknowledged" && status != "resolved")
    return "field 'status' is '" + status + "', not triggered, acknowledged or resolved";
  if (record.urgency && *record.urgency != "high" && *record.urgency != "low")
    return "field 'urgency' is '" + *record.urgency + "', not high or low";
  if (std::string p = end_of(record, incident.start, incident.end); !p.empty()) return p;
  for (const auto& [field, value] : {std::pair{"title", &record.title}, std::pair{"html_url", &record.url},
                                     std::pair{"incident_number", &record.number}})
    if (auto problem = field_problem(field, *value)) return *problem;
  if (record.priority)
    if (auto problem = field_problem("priority", record.priority)) return *problem;
  incident.line = record.line;
  incident.id = *record.id;
  incident.service = SharedName(target.service);
  if (!target.component.empty()) incident.component = SharedName(target.component);
  if (record.title || record.url || record.number)
    incident.labels = SharedLabels(
        IncidentLabels{record.title.value_or(""), record.url.value_or(""), record.number.value_or("")});
  return "";
}

// resolved_at ends the incident; a resolved incident without it ends at its
// last status change (the change to resolved); any other status is open.
std::string PagerDutyLog::end_of(const PagerDutyRecord& record, Instant start, OptionalInstant& end) {
  const std::string& status = *record.status;
  if (status != "resolved") {
    if (record.resolved)
      return "field 'resolved_at' is set on an incident with status '" + status + "': an incident not resolved has no end";
    return "";  // open
  }
  Instant at;
  if (record.resolved) {
    if (std::string p = timestamp_problem("resolved_at", *record.resolved, at); !p.empty()) return p;
  } else if (record.last_change) {
    if (std::string p = timestamp_problem("last_status_change_at", *record.last_change, at); !p.empty()) return p;
  } else {
    return "status 'resolved' without 'resolved_at' or 'last_status_change_at': its end is unknown";
  }
  if (at < start)
    return std::string(record.resolved ? "resolved_at " : "last_status_change_at ") + format_utc(at) +
           " is before created_at " + format_utc(start);
  end = at;
  return "";
}

void PagerDutyLog::keep(const PagerDutyRecord& record, Incident incident) {
  if (const auto it = first_.find(incident.id); it != first_.end()) {
    const std::string first_line = std::to_string(it->second.line);
    if (same_content(it->second, incident)) return log_.reject(record.line, "duplicate of line " + first_line + " (identical)");
    return log_.reject(record.line,
                       "duplicate id '" + incident.id + "' with different content (first at line " + first_line + ")");
  }
  if (!record.resolved && *record.status == "resolved") ++ended_at_last_change_;
  ++urgencies_[record.urgency.value_or("not given")];
  if (!record.priority) {
    ++priorities_["none"];
  } else if (priorities_.size() < kMaxListedPriorities || priorities_.contains(*record.priority)) {
    ++priorities_[*record.priority];
  } else {
    ++priorities_["(others)"];
  }
  first_.emplace(incident.id, incident);
  log_.use({std::move(incident)});
}

IncidentLogResult PagerDutyLog::finish() && {
  if (ended_at_last_change_ > 0)
    log_.note(std::to_string(ended_at_last_change_) +
              " resolved incident(s) carry no resolved_at: each ends at its last_status_change_at, the change to "
              "resolved");
  auto counts = [](const std::map<std::string, size_t, std::less<>>& seen) {
    std::string text;
    for (const auto& [name, n] : seen) text += (text.empty() ? "" : ", ") + name + " " + std::to_string(n);
    return text;
  };
  if (!urgencies_.empty())
    log_.note("urgency: " + counts(urgencies_) +
              "; every incident counts whatever its urgency (the contract's clauses decide what is excluded)");
  if (!priorities_.empty()) log_.note("priority: " + counts(priorities_));
  IncidentLogResult result;
  result.log = std::move(log_).finish();
  return result;
}

// ---- JSON: the REST API's pages

// "line L, column C" of a byte offset (0-based) in `text`.
std::string line_and_column(std::string_view text, size_t byte) {
  byte = std::min(byte, text.size());
  size_t line = 1, line_start = 0;
  for (size_t i = 0; i < byte; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  return "line " + std::to_string(line) + ", column " + std::to_string(byte - line_start + 1);
}

// A JSON value of a page: its text, the line its text starts on and the value.
struct Page {
  std::string_view text;
  size_t first_line = 1;
  json value;
};

void optional_string(const json& object, const char* key, std::optional<std::string>& out, std::string& problem) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return;
  if (it->is_string()) {
    out = it->get<std::string>();
  } else if (problem.empty()) {
    problem = std::string("field '") + key + "' is not a string";
  }
}

PagerDutyRecord record_from_json(const json& element, size_t line) {
  PagerDutyRecord r;
  r.line = line;
  if (!element.is_object()) {
    r.malformed = "the incident is not a JSON object";
    return r;
  }
  // id and service are checked before the rest: a wrong type in them makes the record unreadable.
  optional_string(element, "id", r.id, r.malformed);
  if (const auto service = element.find("service"); service != element.end() && !service->is_null()) {
    if (service->is_object())
      optional_string(*service, "summary", r.service, r.malformed);
    else if (r.malformed.empty())
      r.malformed = "field 'service' is not an object";
  }
  for (const auto& [key, out] : {std::pair{"title", &r.title}, std::pair{"status", &r.status},
                                 std::pair{"urgency", &r.urgency}, std::pair{"created_at", &r.created},
                                 std::pair{"resolved_at", &r.resolved},
                                 std::pair{"last_status_change_at", &r.last_change}, std::pair{"html_url", &r.url}})
    optional_string(element, key, *out, r.problem);
  if (const auto number = element.find("incident_number"); number != element.end() && !number->is_null()) {
    if (number->is_number_unsigned() || (number->is_number_integer() && number->get<int64_t>() >= 0))
      r.number = number->dump();
    else if (r.problem.empty())
      r.problem = "field 'incident_number' is not a whole number >= 0";
  }
  if (const auto priority = element.find("priority"); priority != element.end() && !priority->is_null()) {
    if (priority->is_object())
      optional_string(*priority, "summary", r.priority, r.problem);
    else if (r.problem.empty())
      r.problem = "field 'priority' is neither an object nor null";
  }
  return r;
}

// Where each element of a top-level JSON array starts and ends (byte offsets)
// and the line it starts on. The document is known to be valid JSON.
struct Span {
  size_t begin = 0, end = 0, line = 1;
};
std::vector<Span> top_level_elements(std::string_view document) {
  std::vector<Span> spans;
  size_t line = 1, depth = 0;
  for (size_t i = 0; i < document.size(); ++i) {
    const char c = document[i];
    if (c == '\n') ++line;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') continue;
    if (depth == 1 && (spans.empty() || spans.back().end != 0) && c != ']') spans.push_back({i, 0, line});
    if (c == '"') {
      for (++i; i < document.size() && document[i] != '"'; ++i) {
        if (document[i] == '\\') ++i;
        else if (document[i] == '\n') ++line;
      }
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      --depth;
    }
    // A scalar ends at the next ',' or ']' at depth 1; a container when depth falls back to 1.
    if (depth == 1 && !spans.empty() && spans.back().end == 0 && i >= spans.back().begin) {
      const size_t next = document.find_first_not_of(" \t\r\n", i + 1);
      if (next == std::string_view::npos || document[next] == ',' || document[next] == ']') spans.back().end = i + 1;
    }
  }
  return spans;
}

std::string parse_error_text(std::string_view text, size_t first_line, const json::parse_error& e) {
  // e.byte is 1-based, the byte where parsing stopped; the message after ": " says what was found.
  std::string where = line_and_column(text, e.byte == 0 ? 0 : e.byte - 1);
  if (first_line > 1) where = "line " + std::to_string(first_line) + " (a page of JSON Lines), " + where.substr(where.find("column"));
  const std::string what = e.what();
  const size_t detail = what.find(": ", what.find("parse error"));
  return "malformed JSON at " + where + (detail == std::string::npos ? "" : ": " + what.substr(detail + 2));
}

// nlohmann refuses a number no integer or double holds (1e999) with an out_of_range error and no position.
std::string number_error_text(size_t line, const json::exception& e) {
  const std::string what = e.what();
  const size_t detail = what.find("] ");
  return "malformed JSON" + (line > 0 ? " at line " + std::to_string(line) + " (a page of JSON Lines)" : std::string()) +
         ": " + (detail == std::string::npos ? what : what.substr(detail + 2));
}

// The document's pages: one object, an array of objects, or JSON Lines of objects.
std::string pages_of(std::string_view content, std::vector<Page>& pages) {
  try {
    json document = json::parse(content);
    if (document.is_array()) {
      const std::vector<Span> spans = top_level_elements(content);
      for (size_t i = 0; i < document.size(); ++i) {
        const Span span = i < spans.size() ? spans[i] : Span{0, content.size(), 1};
        pages.push_back({content.substr(span.begin, span.end - span.begin), span.line, std::move(document[i])});
      }
    } else {
      pages.push_back({content, 1, std::move(document)});
    }
    return "";
  } catch (const json::parse_error& whole) {
    // JSON Lines when the first non-blank line is a whole JSON value of its own.
    size_t start = 0, line = 1;
    bool first = true;
    while (start < content.size()) {
      const size_t end = std::min(content.find('\n', start), content.size());
      const std::string_view text = content.substr(start, end - start);
      if (text.find_first_not_of(" \t\r") != std::string_view::npos) {
        try {
          pages.push_back({text, line, json::parse(text)});
        } catch (const json::parse_error& e) {
          pages.clear();
          return first ? parse_error_text(content, 1, whole) : parse_error_text(text, line, e);
        } catch (const json::exception& e) {  // a number past any integer or double: 1e999
          pages.clear();
          return first ? parse_error_text(content, 1, whole) : number_error_text(line, e);
        }
        first = false;
      }
      start = end + 1;
      ++line;
    }
    if (first) return parse_error_text(content, 1, whole);  // nothing but blank lines
    return "";
  } catch (const json::exception& e) {  // the document is JSON, but a number in it is out of any range
    return number_error_text(0, e);
  }
}

// The incidents of every page into `log`; an error when a page is no GET /incidents response.
std::string read_pages(std::vector<Page>& pages, PagerDutyLog& log) {
  for (size_t p = 0; p < pages.size(); ++p) {
    const Page& page = pages[p];
    const auto incidents = page.value.is_object() ? page.value.find("incidents") : page.value.end();
    if (!page.value.is_object() || incidents == page.value.end() || !incidents->is_array())
      return "page " + std::to_string(p + 1) + " (line " + std::to_string(page.first_line) +
             ") has no 'incidents' array: not a PagerDuty GET /incidents response";
  }
  for (const Page& page : pages) {
    const json& incidents = page.value["incidents"];
    const std::vector<size_t> lines = json_array_element_lines(page.text, "incidents");
    for (size_t i = 0; i < incidents.size(); ++i) {
      const size_t line = i < lines.size() ? page.first_line + lines[i] - 1 : page.first_line;
      log.add(record_from_json(incidents[i], line));
    }
  }
  if (!pages.empty()) {
    const json& last = pages.back().value;
    if (const auto more = last.find("more"); more != last.end() && more->is_boolean() && more->get<bool>())
      log.note("the last page says \"more\": true: PagerDuty holds incidents past it that this file lacks "
               "(fetch pages until \"more\" is false)");
  }
  return "";
}

// ---- CSV: the incident export

enum class Column { Id, Number, Title, Status, Urgency, Priority, Service, Created, Resolved, LastChange, Url };

struct ColumnName {
  std::string_view name;
  Column column;
};
constexpr std::array kColumns = {
    ColumnName{"id", Column::Id},
    ColumnName{"incident_number", Column::Number},
    ColumnName{"title", Column::Title},
    ColumnName{"description", Column::Title},
    ColumnName{"status", Column::Status},
    ColumnName{"urgency", Column::Urgency},
    ColumnName{"priority", Column::Priority},
    ColumnName{"priority_name", Column::Priority},
    ColumnName{"service_name", Column::Service},
    ColumnName{"created_at", Column::Created},
    ColumnName{"created_on", Column::Created},
    ColumnName{"resolved_at", Column::Resolved},
    ColumnName{"resolved_on", Column::Resolved},
    ColumnName{"last_status_change_at", Column::LastChange},
    ColumnName{"html_url", Column::Url},
    ColumnName{"url", Column::Url},
};

struct CsvLayout {
  std::map<Column, size_t> index;  // column -> field index
  size_t width = 0;
  std::vector<std::string> unread;  // header names not read
};

std::string layout_of(const CsvRecord& header, CsvLayout& layout) {
  const std::string where = "the header row (line " + std::to_string(header.line) + ")";
  if (!header.error.empty()) return where + ": " + header.error;
  layout.width = header.fields.size();
  std::map<Column, std::string_view> named;
  std::set<std::string_view> seen;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    const std::string& name = header.fields[i];
    if (auto problem = name_problem("a column name", name)) return where + ": " + *problem;
    if (!seen.insert(name).second) return where + ": column '" + name + "' is given twice";
    const auto known = std::find_if(kColumns.begin(), kColumns.end(), [&](const ColumnName& c) { return c.name == name; });
    if (known == kColumns.end()) {
      layout.unread.push_back(name);
      continue;
    }
    if (const auto other = named.find(known->column); other != named.end())
      return where + ": columns '" + std::string(other->second) + "' and '" + name + "' say the same field";
    named.emplace(known->column, known->name);
    layout.index.emplace(known->column, i);
  }
  for (const Column required : {Column::Id, Column::Service, Column::Created})
    if (!layout.index.contains(required)) {
      const auto c = std::find_if(kColumns.begin(), kColumns.end(), [&](const ColumnName& n) { return n.column == required; });
      return where + ": no column '" + std::string(c->name) + "'";
    }
  return "";
}

PagerDutyRecord record_from_row(const CsvRecord& row, const CsvLayout& layout) {
  PagerDutyRecord r;
  r.line = row.line;
  auto cell = [&](Column column) -> std::optional<std::string> {
    const auto it = layout.index.find(column);
    if (it == layout.index.end() || row.fields[it->second].empty()) return std::nullopt;
    return row.fields[it->second];
  };
  r.id = cell(Column::Id);
  r.service = cell(Column::Service);
  r.number = cell(Column::Number);
  r.title = cell(Column::Title);
  r.status = cell(Column::Status);
  r.urgency = cell(Column::Urgency);
  r.priority = cell(Column::Priority);
  r.created = cell(Column::Created);
  r.resolved = cell(Column::Resolved);
  r.last_change = cell(Column::LastChange);
  r.url = cell(Column::Url);
  // Without a status column, an incident with an end is resolved and one without is open.
  if (!layout.index.contains(Column::Status)) r.status = r.resolved ? "resolved" : "triggered";
  if (r.number && r.number->find_first_not_of("0123456789") != std::string::npos)
    r.problem = "column 'incident_number' is not a whole number >= 0";
  return r;
}

}  // namespace

IncidentLogResult read_pagerduty(std::string_view content, const SourceReadOptions& options) {
  std::vector<Page> pages;
  if (std::string error = pages_of(content, pages); !error.empty()) return {std::nullopt, std::move(error)};
  PagerDutyLog log(options);
  if (std::string error = read_pages(pages, log); !error.empty()) return {std::nullopt, std::move(error)};
  return std::move(log).finish();
}

IncidentLogResult read_pagerduty_csv(std::string_view content, const SourceReadOptions& options) {
  if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);  // spreadsheet programs write one
  CsvReader reader(content);
  const std::optional<CsvRecord> header = reader.next();
  if (!header) return {std::nullopt, "no header row: the file is empty"};
  CsvLayout layout;
  if (std::string error = layout_of(*header, layout); !error.empty()) return {std::nullopt, std::move(error)};
  PagerDutyLog log(options);
  if (!layout.unread.empty()) {
    std::sort(layout.unread.begin(), layout.unread.end());
    std::string names;
    for (const std::string& name : layout.unread) names += (names.empty() ? "" : ", ") + name;
    log.note("columns not read: " + names);
  }
  if (!layout.index.contains(Column::Status))
    log.note("no 'status' column: an incident with a resolved time is resolved, one without is open");
  CsvRecord row;
  while (reader.next(row)) {
    PagerDutyRecord bad;
    bad.line = row.line;
    if (!row.error.empty()) {
      bad.malformed = row.error;
    } else if (row.fields.size() != layout.width) {
      bad.malformed = "the row has " + std::to_string(row.fields.size()) + " field(s), the header " +
                      std::to_string(layout.width);
    }
    log.add(bad.malformed.empty() ? record_from_row(row, layout) : bad);
  }
  return std::move(log).finish();
}

}  // namespace slaudit
