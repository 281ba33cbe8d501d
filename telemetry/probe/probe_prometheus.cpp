#include "telemetry/probe/probe_prometheus.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "base/time/instant.h"
#include "telemetry/probe/prometheus_counts.h"

namespace slaudit::probe {
namespace {

// Where a JSON value sits in a query_range response.
enum class Place {
  Root, Status, ErrorType, Error, Data, ResultType, Result, Series, Metric, Label, Values, Pair, PairElement, Skip
};

constexpr uint64_t kMaxUnixSeconds = 253402300799ULL;  // 9999-12-31T23:59:59Z
constexpr int kMaxDecimalPlaces = 19;                 // 10^19 < 2^64

// A decimal number's text split into its digits and the power of ten that
// scales them: value = digits * 10^exponent. Accepts JSON numbers and the
// plain decimals Prometheus writes ("0.97", "1", "1e-05").
struct DecimalText {
  bool negative = false;
  std::string digits;  // without leading zeros; empty for zero
  int64_t exponent = 0;
};

bool split_decimal(std::string_view s, DecimalText& out) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) out.negative = s[i++] == '-';
  std::string digits;
  int64_t exponent = 0;
  bool any = false;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, any = true) digits += s[i];
  if (i < s.size() && (s[i] == '.' || s[i] == ',')) {  // ',' only from nlohmann's locale stand-in
    ++i;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, any = true) {
      digits += s[i];
      --exponent;
    }
  }
  if (!any) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    if (i == s.size()) return false;
    int64_t e = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      if (e > 100000) return false;
      e = e * 10 + (s[i] - '0');
    }
    exponent += neg ? -e : e;
  }
  if (i != s.size()) return false;
  const size_t nz = digits.find_first_not_of('0');
  digits = nz == std::string::npos ? std::string() : digits.substr(nz);
  while (!digits.empty() && digits.back() == '0') {  // 1.50 is 15/10: smaller denominators
    digits.pop_back();
    ++exponent;
  }
  out.digits = std::move(digits);
  out.exponent = exponent;
  return true;
}

// Seconds since the epoch, floored; false when not a time the audit can place.
bool parse_unix_time(std::string_view text, Instant& at) {
  DecimalText d;
  if (!split_decimal(text, d)) return false;
  if (d.digits.empty()) {
    at = Instant{Seconds{0}};
    return true;
  }
  if (d.negative) return false;
  const int64_t int_digits = int64_t(d.digits.size()) + d.exponent;  // digits left of the point
  if (int_digits > 12) return false;
  uint64_t secs = 0;
  for (int64_t k = 0; k < int_digits; ++k) secs = secs * 10 + uint64_t(k < int64_t(d.digits.size()) ? d.digits[k] - '0' : 0);
  if (secs > kMaxUnixSeconds) return false;
  at = Instant{Seconds{int64_t(secs)}};
  return true;
}

struct Value {
  enum class Status : uint8_t { Ok, Missing, Rejected } status = Status::Ok;
  Instant at{};
  uint64_t ok = 0, total = 1;
  uint64_t record = 0;        // index in the input
  uint64_t index_in_series = 0;  // 1-based
  std::string text;           // the value as written: read once the series' kind is known
  std::string reason;         // Rejected: why (without the series, added when it is known)
};

// Reads a value's text as an exact fraction in [0, 1].
void parse_value(std::string_view text, Value& v) {
  if (text == "NaN") {
    v.status = Value::Status::Missing;
    return;
  }
  auto reject = [&](std::string why) {
    v.status = Value::Status::Rejected;
    v.reason = std::move(why);
  };
  if (text == "+Inf" || text == "-Inf" || text == "Inf") return reject("value " + std::string(text) + " is outside [0, 1]");
  DecimalText d;
  if (!split_decimal(text, d)) return reject("value '" + std::string(text) + "' is not a number");
  if (d.digits.empty()) {  // 0, -0, 0.000
    v.ok = 0;
    v.total = 1;
    return;
  }
  if (d.negative) return reject("value " + std::string(text) + " is outside [0, 1]");
  // value = digits * 10^exponent <= 1 needs digits <= 10^-exponent.
  const int64_t places = -d.exponent;
  if (places < 0 || int64_t(d.digits.size()) > places + 1) return reject("value " + std::string(text) + " is outside [0, 1]");
  if (int64_t(d.digits.size()) == places + 1 && d.digits != "1") return reject("value " + std::string(text) + " is outside [0, 1]");
  if (places > kMaxDecimalPlaces)
    return reject("value " + std::string(text) + " has more than " + std::to_string(kMaxDecimalPlaces) + " decimal places");
  uint64_t num = 0, den = 1;
  for (char c : d.digits) num = num * 10 + uint64_t(c - '0');
  for (int64_t k = 0; k < places; ++k) den *= 10;
  v.ok = num;
  v.total = den;
}

// Reads a count series' value as a whole number of requests (prometheus_counts.h).
void parse_count(std::string_view text, CountValue& c) {
  if (text == "NaN") {
    c.status = CountValue::Status::Missing;
    return;
  }
  auto reject = [&](std::string why) {
    c.status = CountValue::Status::Rejected;
    c.reason = std::move(why);
  };
  const std::string shown(text);
  if (text == "+Inf" || text == "-Inf" || text == "Inf") return reject("value " + shown + " is not a count");
  DecimalText d;
  if (!split_decimal(text, d)) return reject("value '" + shown + "' is not a number");
  if (d.digits.empty()) {
    c.count = 0;
    return;
  }
  if (d.negative) return reject("value " + shown + " is negative: a count of requests is at least 0");
  if (d.exponent < 0)
    return reject("value " + shown + " is not a whole count of requests (increase() extrapolates: "
                  "query round(increase(...)) to read whole counts)");
  if (int64_t(d.digits.size()) + d.exponent > 19) return reject("value " + shown + " is past 10^18");
  unsigned __int128 n = 0;
  for (char ch : d.digits) n = n * 10 + unsigned(ch - '0');
  for (int64_t k = 0; k < d.exponent; ++k) n *= 10;
  if (n > kMaxCountValue) return reject("value " + shown + " is past 10^18");
  c.count = uint64_t(n);
}

std::string escape_label_value(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

// name{a="x",b="y"}: the text Prometheus itself prints for a series.
std::string canonical_series(const std::map<std::string, std::string>& labels) {
  std::string out;
  if (auto it = labels.find("__name__"); it != labels.end()) out = it->second;
  out += '{';
  bool first = true;
  for (const auto& [name, value] : labels) {
    if (name == "__name__") continue;
    if (!first) out += ',';
    first = false;
    out += name + "=\"" + escape_label_value(value) + '"';
  }
  out += '}';
  return out;
}

struct Series {
  uint64_t index = 0;  // 1-based in data.result
  std::map<std::string, std::string> labels;
  bool has_metric = false;
  bool has_values = false;
  std::vector<Value> values;
};

using Sax = nlohmann::json_sax<nlohmann::json>;

class Reader final : public Sax {
 public:
  Reader(std::string_view text, std::string_view name, const ProbeInput& input, const PrometheusOptions& options)
      : text_(text), name_(name), in_(input), options_(options) {}

  // After sax_parse: the whole-input checks and the series held back.
  std::string finish(bool parsed) {
    if (!parsed || !error_.empty()) return error_.empty() ? prefix() + "malformed JSON" : error_;
    if (status_ == "error") {
      std::string e = prefix() + "the Prometheus query failed (status \"error\")";
      if (!error_type_.empty()) e += ": " + error_type_;
      if (!error_text_.empty()) e += ": " + error_text_;
      return e;
    }
    if (status_.empty()) return prefix() + "no \"status\": not a Prometheus API response";
    if (status_ != "success") return prefix() + "status is \"" + status_ + "\", expected \"success\"";
    if (!has_data_) return prefix() + "no \"data\" in the response";
    if (result_type_.empty()) return prefix() + "no data.resultType in the response";
    if (result_type_ != "matrix") return not_matrix();
    if (!has_result_) return prefix() + "no data.result in the response";
    for (Series& s : held_) emit(s);
    held_.clear();
    counts_.finish(in_);
    return {};
  }

  bool null() override { return scalar("null", false); }
  bool boolean(bool value) override { return scalar(value ? "true" : "false", false); }
  bool number_integer(number_integer_t value) override { return scalar(std::to_string(value), true); }
  bool number_unsigned(number_unsigned_t value) override { return scalar(std::to_string(value), true); }
  bool number_float(number_float_t, const string_t& source) override { return scalar(source, true); }
  bool string(string_t& value) override { return scalar(value, false, true); }
  bool binary(binary_t&) override { return fail("binary values are not JSON"); }
  bool key(string_t& key) override {
    key_ = key;
    return true;
  }
  bool start_object(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    std::string detail = ex.what();
    if (const size_t colon = detail.find(": "); detail.starts_with("[json.exception") && colon != std::string::npos)
      detail = detail.substr(colon + 2);
    // `position` counts the bytes read, so the offending byte is the one before it.
    const size_t at = position > 0 ? position - 1 : 0;
    size_t line = 1, column = 1;
    for (size_t i = 0; i < at && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    return fail(std::string(name_) + ":" + std::to_string(line) + ":" + std::to_string(column) +
                ": malformed JSON at byte " + std::to_string(at) + ": " + detail, false);
  }

 private:
  struct Frame {
    Place place;
    bool array;
    uint64_t count = 0;  // elements seen (arrays)
  };

  std::string prefix() const { return std::string(name_) + ": "; }
  std::string not_matrix() const {
    return prefix() + "data.resultType is \"" + result_type_ +
           "\", expected \"matrix\" (the output of a range query, /api/v1/query_range)";
  }

  bool fail(std::string message, bool with_prefix = true) {
    if (error_.empty()) error_ = with_prefix ? prefix() + std::move(message) : std::move(message);
    return false;
  }

  // The place of the value that starts now, from its parent and key.
  Place next_place() {
    if (stack_.empty()) return Place::Root;
    Frame& parent = stack_.back();
    ++parent.count;
    switch (parent.place) {
      case Place::Root:
        if (key_ == "status") return Place::Status;
        if (key_ == "errorType") return Place::ErrorType;
        if (key_ == "error") return Place::Error;
        if (key_ == "data") return Place::Data;
        return Place::Skip;
      case Place::Data:
        if (key_ == "resultType") return Place::ResultType;
        if (key_ == "result") return Place::Result;
        return Place::Skip;
      case Place::Result: return Place::Series;
      case Place::Series:
        if (key_ == "metric") return Place::Metric;
        if (key_ == "values") return Place::Values;
        return Place::Skip;
      case Place::Metric: return Place::Label;
      case Place::Values: return Place::Pair;
      case Place::Pair:
        pair_elements_.push_back({});
        return Place::PairElement;
      default: return Place::Skip;
    }
  }

  std::string series_path() const { return "data.result[" + std::to_string(series_.index - 1) + "]"; }

  bool open(bool array) {
    const Place place = next_place();
    switch (place) {
      case Place::Root:
        if (array) return fail("the response must be a JSON object, found an array");
        break;
      case Place::Data:
        if (array) return fail("data must be an object");
        has_data_ = true;
        break;
      case Place::Result:
        if (!result_type_.empty() && result_type_ != "matrix") return fail(not_matrix().substr(prefix().size()));
        if (!array) return fail("data.result must be an array");
        has_result_ = true;
        break;
      case Place::Series:
        if (!result_type_.empty() && result_type_ != "matrix") return fail(not_matrix().substr(prefix().size()));
        if (array) return fail("data.result[" + std::to_string(stack_.back().count - 1) +
                               "] is not a matrix series (an object with metric and values)");
        series_ = Series{};
        series_.index = stack_.back().count;
        break;
      case Place::Metric:
        if (array) return fail(series_path() + ".metric must be an object");
        series_.has_metric = true;
        break;
      case Place::Values:
        if (!array) return fail(series_path() + ".values must be an array");
        series_.has_values = true;
        break;
      case Place::Pair:
        pair_elements_.clear();
        pair_bad_ = !array;
        break;
      case Place::PairElement:
        pair_bad_ = true;  // a container where a timestamp or value belongs
        pair_elements_.pop_back();
        return push(Place::Skip, array);
      case Place::Status: case Place::ErrorType: case Place::Error: case Place::ResultType:
        return fail("\"" + key_ + "\" must be a string");
      case Place::Label:
        return fail(series_path() + ".metric." + key_ + " must be a string");
      case Place::Skip: break;
    }
    return push(place, array);
  }

  bool push(Place place, bool array) {
    if (stack_.size() >= 64) return fail("nesting deeper than 64 levels");
    stack_.push_back({place, array});
    return true;
  }

  bool close() {
    const Place place = stack_.back().place;
    stack_.pop_back();
    if (place == Place::Pair) end_pair();
    if (place == Place::Series) return end_series();
    return true;
  }

  bool scalar(const std::string& text, bool number, bool string = false) {
    const Place place = next_place();
    switch (place) {
      case Place::Root: return fail("the response must be a JSON object");
      case Place::Status:
      case Place::ErrorType:
      case Place::Error:
      case Place::ResultType:
        if (!string) return fail("\"" + key_ + "\" must be a string");
        if (place == Place::Status) status_ = text;
        if (place == Place::ErrorType) error_type_ = text;
        if (place == Place::Error) error_text_ = text;
        if (place == Place::ResultType) {
          result_type_ = text;
          if (text != "matrix") return fail(not_matrix().substr(prefix().size()));
        }
        return true;
      case Place::Data: return fail("data must be an object");
      case Place::Result: return fail("data.result must be an array");
      case Place::Series:
        if (!result_type_.empty() && result_type_ != "matrix") return fail(not_matrix().substr(prefix().size()));
        return fail("data.result[" + std::to_string(stack_.back().count - 1) +
                    "] is not a matrix series (an object with metric and values)");
      case Place::Metric: return fail(series_path() + ".metric must be an object");
      case Place::Label:
        if (!string) return fail(series_path() + ".metric." + key_ + " must be a string");
        series_.labels[key_] = text;
        return true;
      case Place::Values: return fail(series_path() + ".values must be an array");
      case Place::Pair:  // a scalar where [time, value] belongs: one value, rejected
        pair_elements_.clear();
        pair_bad_ = true;
        end_pair();
        return true;
      case Place::PairElement:
        pair_elements_.back() = {text, number, string};
        return true;
      case Place::Skip: return true;
    }
    return true;
  }

  struct Element {
    std::string text;
    bool number = false, string = false;
  };

  void end_pair() {
    Value v;
    v.record = ++values_seen_;
    v.index_in_series = series_.values.size() + 1;
    if (pair_bad_ || pair_elements_.size() != 2 || !pair_elements_[0].number ||
        !(pair_elements_[1].string || pair_elements_[1].number)) {
      v.status = Value::Status::Rejected;
      v.reason = "not a [<unix time>, \"<value>\"] pair";
    } else if (!parse_unix_time(pair_elements_[0].text, v.at)) {
      v.status = Value::Status::Rejected;
      v.reason = "bad timestamp " + pair_elements_[0].text;
    } else {
      v.text = pair_elements_[1].text;
    }
    series_.values.push_back(std::move(v));
    pair_elements_.clear();
    pair_bad_ = false;
  }

  bool end_series() {
    if (!series_.has_metric) return fail(series_path() + " has no \"metric\"");
    if (!series_.has_values) return fail(series_path() + " has no \"values\"");
    if (status_ == "success" && result_type_ == "matrix") {
      emit(series_);
    } else {
      held_.push_back(std::move(series_));
    }
    series_ = Series{};
    return true;
  }

  void emit(Series& s) {
    for (Value& v : s.values)
      if (v.status == Value::Status::Ok && !s.labels.contains(kCountLabel)) parse_value(v.text, v);
    if (s.labels.contains(kCountLabel)) return add_count_series(s);
    auto label = s.labels.find(options_.target_label);
    const std::string canonical = canonical_series(s.labels);
    const std::string target_name = label != s.labels.end() && !label->second.empty() ? label->second : canonical;
    // probe_success: all values 0 or 1 give counts; anything else, exact ratios.
    const bool counts = std::all_of(s.values.begin(), s.values.end(), [](const Value& v) {
      return v.status != Value::Status::Ok || v.total == 1;
    });
    const TargetId target = in_.targets->intern(target_name);
    ProbeAccounting& acc = *in_.accounting;
    note_step(s, canonical, acc);
    for (const Value& v : s.values) {
      ++acc.read;
      if (v.status == Value::Status::Missing) {
        ++acc.missing;
        continue;
      }
      if (v.status == Value::Status::Rejected) {
        acc.reject_with(in_.source, v.record, [&] {
          return "series " + std::to_string(s.index) + " " + canonical + " value " + std::to_string(v.index_in_series) +
                 ": " + v.reason;
        });
        continue;
      }
      ProbeSample sample;
      sample.at = v.at;
      sample.target = target;
      sample.kind = counts ? SampleKind::Counts : SampleKind::Ratio;
      sample.source = in_.source;
      sample.record = v.record;
      sample.ok = v.ok;
      sample.total = v.total;
      ++acc.used;
      in_.sink->add(sample);
    }
    s.values.clear();
    s.values.shrink_to_fit();
  }

  // A series of request counts (labelled slaudit_count="ok" or "total"): its
  // values wait in counts_ for the series of the other kind (prometheus_counts.h).
  void add_count_series(Series& s) {
    const std::string canonical = canonical_series(s.labels);
    std::map<std::string, std::string> named = s.labels;
    named.erase(kCountLabel);
    named.erase("__name__");  // sum by (...) drops it; ok and total must name one target
    auto label = named.find(options_.target_label);
    const std::string target_name = label != named.end() && !label->second.empty() ? label->second : canonical_series(named);
    note_step(s, canonical, *in_.accounting);
    std::vector<CountValue> values;
    values.reserve(s.values.size());
    for (Value& v : s.values) {
      CountValue c;
      c.at = v.at;
      c.record = v.record;
      c.index_in_series = v.index_in_series;
      if (v.status == Value::Status::Rejected) {
        c.status = CountValue::Status::Rejected;
        c.has_time = false;
        c.reason = std::move(v.reason);
      } else {
        parse_count(v.text, c);
      }
      values.push_back(std::move(c));
    }
    counts_.add_series("series " + std::to_string(s.index) + " " + canonical, s.labels.at(kCountLabel),
                       in_.targets->intern(target_name), std::move(values));
    s.values.clear();
    s.values.shrink_to_fit();
  }

  // The series' step: the smallest spacing between consecutive values.
  static void note_step(const Series& s, const std::string& canonical, ProbeAccounting& acc) {
    int64_t step = 0;
    for (size_t i = 1; i < s.values.size(); ++i) {
      const int64_t gap = (s.values[i].at - s.values[i - 1].at).count();
      if (gap > 0 && (step == 0 || gap < step)) step = gap;
    }
    if (step > acc.step_seconds) {
      acc.step_seconds = step;
      acc.step_series = canonical;
    }
  }

  std::string_view text_;
  std::string_view name_;
  const ProbeInput& in_;
  const PrometheusOptions& options_;
  std::vector<Frame> stack_;
  std::string key_;
  std::string status_, error_type_, error_text_, result_type_;
  bool has_data_ = false, has_result_ = false;
  Series series_;
  std::vector<Series> held_;  // series read before status and resultType were known
  std::vector<Element> pair_elements_;
  bool pair_bad_ = false;
  uint64_t values_seen_ = 0;
  CountPairing counts_;
  std::string error_;
};

}  // namespace

std::string read_prometheus_text(std::string_view text, std::string_view name, const ProbeInput& input,
                                 const PrometheusOptions& options) {
  Reader reader(text, name, input, options);
  const bool parsed = nlohmann::json::sax_parse(text.begin(), text.end(), &reader);
  return reader.finish(parsed);
}

std::string read_prometheus_stream(ByteStream& in, std::string_view name, const ProbeInput& input,
                                   const PrometheusOptions& options) {
  std::string text;
  std::vector<char> block(1 << 20);
  for (;;) {
    const size_t n = in.read(block.data(), block.size());
    if (!in.error().empty()) return in.error();
    if (n == 0) break;
    text.append(block.data(), n);
  }
  return read_prometheus_text(text, name, input, options);
}

}  // namespace slaudit::probe
