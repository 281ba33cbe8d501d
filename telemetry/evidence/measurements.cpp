#include "telemetry/evidence/measurements.h"

#include <algorithm>
#include <set>
#include <span>

#include "language/check/metrics.h"
#include "language/check/units.h"
#include "base/time/timestamp.h"
#include "base/util/sha256.h"
#include "telemetry/common/json_value.h"
#include "telemetry/common/reason_text.h"

namespace slaudit::evidence {

namespace {

using Kind = JsonValue::Kind;
using model::Dimension;
using Reason = std::optional<std::string>;

constexpr std::string_view kFields[] = {"metric", "value", "unit", "condition", "time", "source", "service", "cluster"};

struct Fields {
  const JsonValue *metric = nullptr, *value = nullptr, *unit = nullptr, *condition = nullptr, *time = nullptr,
                  *source = nullptr, *service = nullptr, *cluster = nullptr;
  const JsonValue** slot(std::string_view key) {
    if (key == "metric") return &metric;
    if (key == "value") return &value;
    if (key == "unit") return &unit;
    if (key == "condition") return &condition;
    if (key == "time") return &time;
    if (key == "source") return &source;
    if (key == "service") return &service;
    if (key == "cluster") return &cluster;
    return nullptr;
  }
};

// A field that must be a non-empty string (null and "" count as missing).
Reason required_text(const JsonValue* v, std::string_view name, std::string& out) {
  if (!v || v->kind == Kind::Null || (v->kind == Kind::String && v->text.empty()))
    return "missing required field " + quote_value(name);
  if (v->kind != Kind::String) return "field " + quote_value(name) + " must be a string, found " + json_kind_name(v->kind);
  out = v->text;
  return std::nullopt;
}

Reason optional_text(const JsonValue* v, std::string_view name, std::optional<std::string>& out) {
  if (!v || v->kind == Kind::Null || (v->kind == Kind::String && v->text.empty())) return std::nullopt;
  if (v->kind != Kind::String) return "field " + quote_value(name) + " must be a string, found " + json_kind_name(v->kind);
  out = v->text;
  return std::nullopt;
}

// What no measurement can be: a percentage outside 0-100% (availability
// 100.0001%), a count that is not whole (10000.5 gpus), anything negative.
Reason out_of_range(const check::MetricDef& metric, const Decimal& value, const std::string& written) {
  if (value < Decimal::from_int(0)) return "value " + quote_value(written) + " is negative";
  if (metric.dimension == Dimension::Percent && value > Decimal::from_int(100))
    return "value " + quote_value(written + "%") + " is over 100%: " + metric.name + " is a percentage";
  if (metric.dimension == Dimension::Count && !value.is_integer())
    return "value " + quote_value(written) + " is not a whole number of " + metric.name;
  return std::nullopt;
}

// The unit as written, resolved against the metric: "TB/s" for a data rate, "%" for a percentage,
// nothing (or the count's own name) for a count.
Reason resolve_unit(const check::MetricDef& metric, const std::string& unit, Decimal& factor, std::string& shown) {
  if (metric.dimension == Dimension::Percent) {
    if (unit != "%") return "unit " + quote_value(unit) + " does not fit " + metric.name + ", a percentage: write \"%\"";
    factor = Decimal::from_int(1);
    shown = "%";
    return std::nullopt;
  }
  if (metric.dimension == Dimension::Count && unit.empty()) {
    factor = Decimal::from_int(1);
    shown = metric.name;
    return std::nullopt;
  }
  if (unit.empty()) return "missing required field 'unit' (" + metric.name + " is " + model::dimension_name(metric.dimension) + ")";
  const size_t slash = unit.find('/');
  const std::string_view base = std::string_view(unit).substr(0, slash);
  const std::string_view per = slash == std::string::npos ? std::string_view() : std::string_view(unit).substr(slash + 1);
  const auto def = check::find_unit(base, per);
  if (!def) return "unknown unit " + quote_value(unit) + " (data rates: B/s, MB/s, GB/s, TB/s, Gbit/s, Gbps; durations: s, min, h, d)";
  if (def->dimension != metric.dimension)
    return "unit " + quote_value(unit) + " is " + model::dimension_name(def->dimension) + ", but " + metric.name +
           " is " + model::dimension_name(metric.dimension);
  if (metric.dimension == Dimension::Count && def->count_unit != metric.name)
    return "unit " + quote_value(unit) + " counts " + def->count_unit + ", but the metric counts " + metric.name;
  factor = def->factor;
  shown = unit;
  return std::nullopt;
}

Reason read_value(const JsonValue* v, Decimal& out, std::string& text) {
  if (!v || v->kind == Kind::Null) return "missing required field 'value'";
  if (v->kind != Kind::Number && v->kind != Kind::String)
    return std::string("field 'value' must be a number, found ") + json_kind_name(v->kind);
  const auto d = Decimal::parse(v->text);
  if (!d) return "bad value " + quote_value(v->text) + ": expected a decimal such as 2.1 (no exponent, at most 18 digits)";
  if (d->is_negative()) return "bad value " + quote_value(v->text) + ": a measured value is not negative";
  out = *d;
  text = v->text;
  return std::nullopt;
}

Reason read_condition(const JsonValue* v, const check::MetricDef& metric, model::Condition& out) {
  std::optional<std::string> text;
  if (auto r = optional_text(v, "condition", text)) return r;
  if (!text) return std::nullopt;
  if (*text == "empty") out = model::Condition::Empty;
  else if (*text == "under_load") out = model::Condition::UnderLoad;
  else return "unknown condition " + quote_value(*text) + ": expected \"empty\", \"under_load\" or none";
  if (metric.dimension != Dimension::DataRate)
    return "a load condition applies to data rates, not to " + metric.name;
  return std::nullopt;
}

struct Record {
  std::optional<Measurement> measurement;
  std::string reason;
};

Record reject(std::string reason) { return {std::nullopt, std::move(reason)}; }

Record read_record(std::string_view line, size_t line_number, const std::optional<ServiceNames>& services) {
  JsonParse parsed = parse_json_keeping_numbers(line);
  if (!parsed.value)
    return reject("not valid JSON (column " + std::to_string(parsed.column) + "): " + parsed.error);
  const JsonValue& object = *parsed.value;
  if (object.kind != Kind::Object) return reject(std::string("a record must be a JSON object, found ") + json_kind_name(object.kind));
  Fields f;
  std::set<std::string> seen;
  for (const JsonMember& m : object.members) {
    if (!seen.insert(m.key).second) return reject("field " + quote_value(m.key) + " is repeated");
    const JsonValue** slot = f.slot(m.key);
    if (!slot) return reject(unknown_field_reason(m.key, kFields));
    *slot = &m.value;
  }
  Measurement out;
  out.line = line_number;
  if (auto r = required_text(f.metric, "metric", out.metric)) return reject(*r);
  const auto metric = check::find_metric(out.metric);
  if (!metric) return reject("unknown metric " + quote_value(out.metric));
  Decimal number;
  std::string number_text;
  if (auto r = read_value(f.value, number, number_text)) return reject(*r);
  std::string unit;
  if (f.unit && f.unit->kind != Kind::Null && f.unit->kind != Kind::String)
    return reject(std::string("field 'unit' must be a string, found ") + json_kind_name(f.unit->kind));
  if (f.unit && f.unit->kind == Kind::String) unit = f.unit->text;
  Decimal factor;
  std::string shown;
  if (auto r = resolve_unit(*metric, unit, factor, shown)) return reject(*r);
  const auto base = number.times(factor);
  if (!base) return reject("value " + quote_value(number_text + " " + shown) + " is too large to convert exactly");
  if (auto r = out_of_range(*metric, *base, number_text)) return reject(*r);
  out.value = model::Amount{metric->dimension, *base,
                            number_text + (shown == "%" ? "%" : " " + shown),
                            metric->dimension == Dimension::Count ? metric->name : ""};
  if (auto r = read_condition(f.condition, *metric, out.condition)) return reject(*r);
  std::string time;
  if (auto r = required_text(f.time, "time", time)) return reject(*r);
  const TimestampResult at = parse_timestamp(time);
  if (!at.ok()) return reject("bad time " + quote_value(time) + ": " + at.error);
  out.time = *at.instant;
  if (auto r = required_text(f.source, "source", out.source)) return reject(*r);
  if (auto r = optional_text(f.service, "service", out.service)) return reject(*r);
  if (out.service && services && !services->contains(*out.service))
    return reject("unknown service " + quote_value(*out.service) + ": the contract does not define it");
  if (auto r = optional_text(f.cluster, "cluster", out.cluster)) return reject(*r);
  return {std::move(out), {}};
}

}  // namespace

std::string_view condition_name(model::Condition condition) {
  switch (condition) {
    case model::Condition::Empty: return "empty";
    case model::Condition::UnderLoad: return "under_load";
    case model::Condition::Unspecified: break;
  }
  return "";
}

MeasurementLog read_measurements(std::string_view content, std::string path,
                                 const std::optional<ServiceNames>& services) {
  MeasurementLog log;
  log.path = std::move(path);
  log.sha256 = sha256_hex(content);
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  std::string_view text = content;
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  size_t line_number = 0;
  for (size_t pos = 0; pos < text.size();) {
    const size_t eol = text.find('\n', pos);
    std::string_view line = text.substr(pos, (eol == std::string_view::npos ? text.size() : eol) - pos);
    pos = eol == std::string_view::npos ? text.size() : eol + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    ++log.records_read;
    if (line.size() > kMaxRecordBytes) {
      log.rejected.push_back({line_number, "record of " + std::to_string(line.size()) + " bytes is over the 1 MiB limit"});
      continue;
    }
    Record r = read_record(line, line_number, services);
    if (r.measurement) log.measurements.push_back(std::move(*r.measurement));
    else log.rejected.push_back({line_number, std::move(r.reason)});
  }
  return log;
}

}  // namespace slaudit::evidence
