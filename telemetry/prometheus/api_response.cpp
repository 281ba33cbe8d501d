#include "telemetry/prometheus/api_response.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "telemetry/prometheus/query_range_scan.h"

namespace slaudit::prometheus {

namespace {

constexpr uint64_t kMaxExact = 9007199254740992ull;  // 2^53: larger whole numbers are not exact in a double

// Where a value sits in the response.
enum class Place { Root, Status, ErrorType, Error, Warnings, Warning, Data, ResultType, Result, Series, Metric, Label, Values, Pair, Element, Skip };

class Handler final : public nlohmann::json_sax<nlohmann::json> {
 public:
  Handler(std::string_view text, std::string_view name, bool series_api)
      : text_(text), name_(name), series_api_(series_api) {}

  ApiResponse finish(bool parsed) {
    if (!parsed || !error_.empty()) {
      out_.error = error_.empty() ? std::string(name_) + ": malformed JSON" : error_;
      return std::move(out_);
    }
    if (status_ == "error") {
      out_.error = std::string(name_) + ": the Prometheus API answered status \"error\"" +
                   (error_type_.empty() ? "" : ": " + error_type_) + (error_text_.empty() ? "" : ": " + error_text_);
    } else if (status_ != "success") {
      out_.error = std::string(name_) + ": not a Prometheus API response (no \"status\": \"success\")";
    } else if (!series_api_ && result_type_ != "matrix") {
      out_.error = std::string(name_) + ": data.resultType is \"" + result_type_ + "\", expected \"matrix\"";
    }
    return std::move(out_);
  }

  bool null() override { return scalar("null", false); }
  bool boolean(bool v) override { return scalar(v ? "true" : "false", false); }
  bool number_integer(number_integer_t v) override { return scalar(std::to_string(v), true); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(std::to_string(v), true); }
  bool number_float(number_float_t, const string_t& source) override { return scalar(source, true); }
  bool string(string_t& v) override { return scalar(v, false, true); }
  bool binary(binary_t&) override { return fail("binary values are not JSON"); }
  bool key(string_t& k) override {
    key_ = k;
    return true;
  }
  bool start_object(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }

  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    std::string detail = ex.what();
    if (const size_t colon = detail.find(": "); colon != std::string::npos) detail = detail.substr(colon + 2);
    const size_t at = position > 0 ? position - 1 : 0;
    size_t line = 1, column = 1;
    for (size_t i = 0; i < at && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    error_ = std::string(name_) + ":" + std::to_string(line) + ":" + std::to_string(column) +
             ": malformed JSON at byte " + std::to_string(at) + ": " + detail;
    return false;
  }

 private:
  bool fail(const std::string& why) {
    if (error_.empty()) error_ = std::string(name_) + ": " + why;
    return false;
  }

  Place child_place() {
    if (stack_.empty()) return Place::Root;
    switch (stack_.back()) {
      case Place::Root:
        if (key_ == "status") return Place::Status;
        if (key_ == "errorType") return Place::ErrorType;
        if (key_ == "error") return Place::Error;
        if (key_ == "warnings") return Place::Warnings;
        if (key_ == "data") return series_api_ ? Place::Result : Place::Data;
        return Place::Skip;
      case Place::Warnings: return Place::Warning;
      case Place::Data:
        if (key_ == "resultType") return Place::ResultType;
        if (key_ == "result") return Place::Result;
        return Place::Skip;
      case Place::Result: return series_api_ ? Place::Metric : Place::Series;
      case Place::Series:
        if (key_ == "metric") return Place::Metric;
        if (key_ == "values") return Place::Values;
        return Place::Skip;
      case Place::Metric: return Place::Label;
      case Place::Values: return Place::Pair;
      case Place::Pair: return Place::Element;
      default: return Place::Skip;
    }
  }

  bool open(bool array) {
    const Place p = child_place();
    const bool want_array = p == Place::Warnings || p == Place::Result || p == Place::Values || p == Place::Pair;
    const bool want_object = p == Place::Root || p == Place::Data || p == Place::Series || p == Place::Metric;
    if ((want_array && !array) || (want_object && array) || p == Place::Label || p == Place::Element ||
        p == Place::Status || p == Place::ResultType)
      return fail("unexpected " + std::string(array ? "array" : "object") + " at \"" + key_ + "\"");
    if (stack_.size() > 64) return fail("nested deeper than 64 levels");
    if (p == Place::Metric && series_api_) out_.series.emplace_back();
    if (p == Place::Series) out_.series.emplace_back();
    if (p == Place::Pair) elements_.clear();
    stack_.push_back(p);
    return true;
  }

  bool close() {
    const Place p = stack_.back();
    stack_.pop_back();
    if (p == Place::Pair) return end_pair();
    return true;
  }

  bool scalar(const std::string& text, bool number, bool is_string = false) {
    const Place p = child_place();
    switch (p) {
      case Place::Status: status_ = text; return true;
      case Place::ErrorType: error_type_ = text; return true;
      case Place::Error: error_text_ = text; return true;
      case Place::Warning: out_.warnings.push_back(text); return true;
      case Place::ResultType:
        result_type_ = text;
        if (text != "matrix") return fail("data.resultType is \"" + text + "\", expected \"matrix\"");
        return true;
      case Place::Label:
        if (!is_string) return fail("label " + key_ + " is not a string");
        out_.series.back().labels[key_] = text;
        return true;
      case Place::Element:
        elements_.push_back({text, number});
        return true;
      case Place::Skip: return true;
      default: return fail("unexpected value " + text.substr(0, 40) + " at \"" + key_ + "\"");
    }
  }

  bool end_pair() {
    if (elements_.size() != 2 || !elements_[0].second)
      return fail("a value of series " + std::to_string(out_.series.size()) + " is not a [<time>, \"<value>\"] pair");
    const double t = std::strtod(elements_[0].first.c_str(), nullptr);
    Point point;
    point.ms = std::llround(t * 1000.0);
    point.value = read_point_value(elements_[1].first);
    if (point.value.kind != PointValue::Kind::Count) point.text = elements_[1].first;
    out_.series.back().points.push_back(std::move(point));
    return true;
  }

  std::string_view text_, name_;
  bool series_api_;
  std::vector<Place> stack_;
  std::string key_, status_, error_type_, error_text_, result_type_, error_;
  std::vector<std::pair<std::string, bool>> elements_;
  ApiResponse out_;
};

}  // namespace

PointValue read_point_value(std::string_view text) {
  PointValue v;
  if (text == "NaN") {
    v.kind = PointValue::Kind::NaN;
    return v;
  }
  if (text.empty() || text.size() > 16) return v;
  uint64_t n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return v;
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  if (n > kMaxExact) return v;
  v.kind = PointValue::Kind::Count;
  v.count = n;
  return v;
}

ApiResponse parse_api_response(std::string_view body, std::string_view name, bool series_api) {
  if (!series_api)
    if (std::optional<ApiResponse> usual = scan_query_range(body)) return std::move(*usual);
  return parse_api_response_general(body, name, series_api);
}

ApiResponse parse_api_response_general(std::string_view body, std::string_view name, bool series_api) {
  Handler handler(body, name, series_api);
  const bool parsed = nlohmann::json::sax_parse(body.begin(), body.end(), &handler);
  return handler.finish(parsed);
}

std::string http_failure(long status, std::string_view body, std::string_view name) {
  std::string out = std::string(name) + ": HTTP " + std::to_string(status);
  const ApiResponse parsed = parse_api_response(body, name);
  if (const size_t at = parsed.error.find("answered status \"error\""); at != std::string::npos)
    out += parsed.error.substr(at + std::string("answered status \"error\"").size());
  else if (!body.empty() && body.size() < 200 && body.find('\n') == std::string_view::npos)
    out += ": " + std::string(body);
  if (status == 401) out += " (the server wants credentials: --bearer-token-file or --basic-auth-file)";
  if (status == 403) out += " (the credentials given are not allowed to query)";
  return out;
}

}  // namespace slaudit::prometheus
