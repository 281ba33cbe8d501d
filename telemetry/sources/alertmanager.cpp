#include "telemetry/sources/alertmanager.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "base/util/sha256.h"
#include "telemetry/common/name_check.h"
#include "telemetry/prometheus/api_response.h"

namespace slaudit {

namespace {

using prometheus::MatrixSeries;
using prometheus::Point;

// Points outside 1970-01-01..9999-12-31 are no evaluation of a real query
// (and a timestamp could not print them): 253,402,300,800 s is year 10000.
constexpr int64_t kLastMs = int64_t{253402300800} * 1000;

// The byte of the '[' that opens data.result, or npos. The document is a
// valid response (the parser said so): only strings need skipping.
size_t result_array_offset(std::string_view doc) {
  size_t depth = 0;
  bool in_data = false;
  std::string_view key1, key2;  // the last key read at depth 1 and at depth 2
  for (size_t i = 0; i < doc.size(); ++i) {
    const char c = doc[i];
    if (c == '"') {
      size_t j = i + 1;
      while (j < doc.size() && doc[j] != '"') j += doc[j] == '\\' ? 2 : 1;
      const size_t after = doc.find_first_not_of(" \t\r\n", j + 1);
      if (after != std::string_view::npos && doc[after] == ':') {
        const std::string_view key = doc.substr(i + 1, std::min(j, doc.size()) - i - 1);
        if (depth == 1) key1 = key;
        if (depth == 2) key2 = key;
      }
      i = j;
    } else if (c == '[' || c == '{') {
      if (c == '[' && depth == 2 && in_data && key2 == "result") return i;
      ++depth;
      if (c == '{' && depth == 2 && key1 == "data") in_data = true;
    } else if (c == ']' || c == '}') {
      if (depth == 2) in_data = false;
      if (depth > 0) --depth;
    }
  }
  return std::string_view::npos;
}

// The line each series of data.result starts on; 1 for each when they cannot be told.
std::vector<size_t> series_lines(std::string_view doc, size_t series) {
  const size_t at = result_array_offset(doc);
  std::vector<size_t> lines;
  if (at != std::string_view::npos) {
    const size_t before = static_cast<size_t>(std::count(doc.begin(), doc.begin() + at, '\n'));
    lines = json_array_element_lines(doc.substr(at), "");
    for (size_t& line : lines) line += before;
  }
  if (lines.size() != series) lines.assign(series, 1);
  return lines;
}

int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }
Instant at_ms(int64_t ms) { return Instant{Seconds{floor_div(ms, 1000)}}; }

// name{a="x",b="y"}: the label set, canonical (labels sorted by the map), for the id's digest.
std::string label_set(const std::map<std::string, std::string>& labels) {
  std::string out = "{";
  for (const auto& [key, value] : labels) out += key + "=\"" + value + "\",";
  return out + "}";
}

// The smallest gap between consecutive points of any series, in ms; 0 when no series has two points.
int64_t inferred_step_ms(const std::vector<MatrixSeries>& series) {
  int64_t step = 0;
  for (const MatrixSeries& s : series)
    for (size_t i = 1; i < s.points.size(); ++i) {
      const int64_t from = s.points[i - 1].ms, to = s.points[i].ms;
      if (from < 0 || to >= kLastMs || to <= from) continue;  // rejected with the series; no overflow
      if (step == 0 || to - from < step) step = to - from;
    }
  return step;
}

std::string seconds_text(int64_t ms) {
  return std::to_string(ms / 1000) + (ms % 1000 == 0 ? "" : "." + std::to_string(1000 + ms % 1000).substr(1)) + " s";
}

struct SeriesContext {
  int64_t step_ms = 0;
  int64_t last_eval_ms = 0;
};

// A point's value for a reason: its text when short and printable.
std::string shown_value(const Point& p) {
  if (p.text.empty()) return std::to_string(p.value.count);
  if (p.text.size() > 32 || name_problem("a value", p.text)) return "(a value of " + std::to_string(p.text.size()) + " bytes)";
  return p.text;
}

// Why the series' labels or points cannot be read, or "".
std::string series_problem(const MatrixSeries& s, int64_t step_ms) {
  for (const auto& [key, value] : s.labels) {
    if (auto problem = name_problem("a label name", key)) return *problem;
    if (auto problem = name_problem("label '" + key + "'", value)) return *problem;
  }
  if (const auto name = s.labels.find("__name__"); name != s.labels.end() && name->second != "ALERTS")
    return "metric '" + name->second + "' is not ALERTS";
  if (const auto state = s.labels.find("alertstate"); state != s.labels.end() && state->second != "firing")
    return "alertstate '" + state->second + "': only firing alerts are outages (query ALERTS{alertstate=\"firing\"})";
  if (const auto name = s.labels.find("alertname"); name == s.labels.end() || name->second.empty())
    return "no alertname label";
  if (s.points.empty()) return "no points";
  for (size_t i = 0; i < s.points.size(); ++i) {
    const Point& p = s.points[i];
    if (p.ms < 0 || p.ms >= kLastMs) return "point " + std::to_string(i + 1) + " is outside the years 1970-9999";
    if (p.value.kind != prometheus::PointValue::Kind::Count || p.value.count != 1)
      return "value '" + shown_value(p) + "' at " + format_utc(at_ms(p.ms)) + ": ALERTS is 1 while an alert fires";
    if (i > 0 && p.ms <= s.points[i - 1].ms) return "the point at " + format_utc(at_ms(p.ms)) + " is not after the one before it";
  }
  if (step_ms == 0) return "one point says when the alert fired, not for how long: no series has two points to infer the step from";
  if (s.points.back().ms + step_ms >= kLastMs) return "its last point plus the step falls past the year 9999";
  for (size_t i = 1; i < s.points.size(); ++i)
    if ((s.points[i].ms - s.points[i - 1].ms) % step_ms != 0)
      return "points at " + format_utc(at_ms(s.points[i - 1].ms)) + " and " + format_utc(at_ms(s.points[i].ms)) +
             " are not a whole number of steps (" + seconds_text(step_ms) + ") apart: responses of different steps mixed";
  return "";
}

class AlertReader {
 public:
  AlertReader(const SourceReadOptions& options, SeriesContext context)
      : log_(options.path, ""), names_(options.names), context_(context) {}
  void add(const MatrixSeries& s, size_t line);
  SourceLog& log() { return log_; }
  size_t at_last_evaluation() const { return at_last_eval_; }

 private:
  std::vector<Incident> incidents_of(const MatrixSeries& s, const SourceTarget& target, size_t line);

  SourceLog log_;
  const SourceNames& names_;
  SeriesContext context_;
  std::map<std::map<std::string, std::string>, size_t> first_line_;  // a used label set -> its line
  size_t at_last_eval_ = 0;
};

void AlertReader::add(const MatrixSeries& s, size_t line) {
  if (std::string problem = series_problem(s, context_.step_ms); !problem.empty()) return log_.reject(line, problem);
  const auto service_label = s.labels.find("service");
  const std::string& service = service_label != s.labels.end() && !service_label->second.empty()
                                   ? service_label->second
                                   : s.labels.at("alertname");
  const std::optional<SourceTarget> target = names_.resolve(service);
  if (!target) return log_.not_for_contract({service});
  if (const auto first = first_line_.find(s.labels); first != first_line_.end())
    return log_.reject(line, "duplicate of line " + std::to_string(first->second) + " (the same label set)");
  first_line_.emplace(s.labels, line);
  log_.use(incidents_of(s, *target, line));
}

std::vector<Incident> AlertReader::incidents_of(const MatrixSeries& s, const SourceTarget& target, size_t line) {
  const std::string& alertname = s.labels.at("alertname");
  const std::string digest = sha256_hex(label_set(s.labels)).substr(0, 8);
  const auto instance = s.labels.find("instance");
  const auto labels = SharedLabels(IncidentLabels{alertname, "", ""});
  std::vector<Incident> out;
  size_t first = 0;
  for (size_t i = 1; i <= s.points.size(); ++i) {
    if (i < s.points.size() && s.points[i].ms - s.points[i - 1].ms == context_.step_ms) continue;
    const int64_t last_ms = s.points[i - 1].ms;
    if (last_ms == context_.last_eval_ms) ++at_last_eval_;
    Incident incident;
    incident.line = line;
    incident.start = at_ms(s.points[first].ms);
    incident.end = at_ms(last_ms + context_.step_ms);
    incident.id = alertname + "@" + format_utc(incident.start) + "#" + digest;
    incident.service = SharedName(target.service);
    if (!target.component.empty()) incident.component = SharedName(target.component);
    if (instance != s.labels.end() && !instance->second.empty()) incident.resource = SharedName(instance->second);
    incident.labels = labels;
    out.push_back(std::move(incident));
    first = i;
  }
  return out;
}

}  // namespace

IncidentLogResult read_prometheus_alerts(std::string_view content, const SourceReadOptions& options) {
  const prometheus::ApiResponse response = prometheus::parse_api_response(content, "the query_range response");
  if (!response.error.empty()) return {std::nullopt, response.error};
  SeriesContext context;
  context.step_ms = inferred_step_ms(response.series);
  // Runs a step apart are cut at whole seconds: a shorter step could give an incident no second long.
  if (context.step_ms > 0 && context.step_ms < 1000)
    return {std::nullopt, "the smallest gap between two points of a series, " + seconds_text(context.step_ms) +
                              ", is under a second: no range query of alerts has such a step (slaudit audits whole "
                              "seconds)"};
  for (const MatrixSeries& s : response.series)
    for (const Point& p : s.points)
      if (p.ms >= 0 && p.ms < kLastMs) context.last_eval_ms = std::max(context.last_eval_ms, p.ms);
  AlertReader reader(options, context);
  for (const std::string& warning : response.warnings)
    reader.log().note(name_problem("a warning", warning)
                          ? std::string("the response carries a warning that is no printable text (its data may be partial)")
                          : "the response carries a warning (its data may be partial): " + warning);
  if (context.step_ms > 0)
    reader.log().note("step " + seconds_text(context.step_ms) +
                      ", inferred as the smallest gap between two points of a series: each incident ends one step "
                      "after its last point");
  const std::vector<size_t> lines = series_lines(content, response.series.size());
  for (size_t i = 0; i < response.series.size(); ++i) reader.add(response.series[i], lines[i]);
  if (reader.at_last_evaluation() > 0)
    reader.log().note("the response's last point is " + format_utc(at_ms(context.last_eval_ms)) + ", where " +
                      std::to_string(reader.at_last_evaluation()) +
                      " incident(s) still fire: a range query has no points where no alert fires, so the response "
                      "cannot say whether they fired past it; each ends one step after it");
  IncidentLogResult result;
  result.log = std::move(reader.log()).finish();
  return result;
}

}  // namespace slaudit
