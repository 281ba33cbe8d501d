#include "telemetry/prometheus/query_range_scan.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace slaudit::prometheus {

namespace {

// Each read returns false on anything outside the usual shape; the caller
// then gives up on the fast path as a whole.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  std::optional<ApiResponse> response() {
    ApiResponse out;
    std::string status, result_type;
    bool data_seen = false;
    const bool ok = object([&](std::string_view key) {
      if (key == "status") return string(status);
      if (key == "warnings") return warnings(out.warnings);
      if (key == "data" && !data_seen) {
        data_seen = true;
        return data(out, result_type);
      }
      return false;
    });
    skip_space();
    if (!ok || at_ != text_.size() || status != "success" || result_type != "matrix") return std::nullopt;
    return out;
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
      ++at_;
  }

  bool take(char c) {
    skip_space();
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }

  bool peek(char c) {
    skip_space();
    return at_ < text_.size() && text_[at_] == c;
  }

  // A string of printable ASCII without escapes (the general parser takes the rest).
  bool string_view(std::string_view& out) {
    if (!take('"')) return false;
    const size_t begin = at_;
    while (at_ < text_.size()) {
      const auto byte = static_cast<unsigned char>(text_[at_]);
      if (byte == '"') {
        out = text_.substr(begin, at_ - begin);
        ++at_;
        return true;
      }
      if (byte < 0x20 || byte >= 0x7F || byte == '\\') return false;
      ++at_;
    }
    return false;
  }

  bool string(std::string& out) {
    std::string_view text;
    if (!string_view(text)) return false;
    out.assign(text);
    return true;
  }

  // {"key": value, ...}, each value read by `member(key)`.
  template <class Member>
  bool object(Member&& member) {
    if (!take('{')) return false;
    if (take('}')) return true;
    do {
      std::string_view key;
      if (!string_view(key) || !take(':') || !member(key)) return false;
    } while (take(','));
    return take('}');
  }

  // [element, ...], each read by `element()`.
  template <class Element>
  bool array(Element&& element) {
    if (!take('[')) return false;
    if (take(']')) return true;
    do {
      if (!element()) return false;
    } while (take(','));
    return take(']');
  }

  bool warnings(std::vector<std::string>& out) {
    return array([&] { return string(out.emplace_back()); });
  }

  bool data(ApiResponse& out, std::string& result_type) {
    bool result_seen = false;
    return object([&](std::string_view key) {
      // As the general parser: a resultType other than "matrix" is refused
      // where it stands, even if a later one says "matrix".
      if (key == "resultType") return string(result_type) && result_type == "matrix";
      if (key == "result" && !result_seen) {
        result_seen = true;
        return array([&] { return series(out.series.emplace_back()); });
      }
      return false;
    });
  }

  bool series(MatrixSeries& out) {
    bool metric_seen = false, values_seen = false;
    return object([&](std::string_view key) {
      if (key == "metric" && !metric_seen) {
        metric_seen = true;
        return object([&](std::string_view label) {
          std::string_view value;
          if (!string_view(value)) return false;
          out.labels[std::string(label)] = std::string(value);
          return true;
        });
      }
      if (key == "values" && !values_seen) {
        values_seen = true;
        return array([&] { return pair(out.points); });
      }
      return false;
    });
  }

  // [<time>, "<value>"]: the time as the general parser reads it (strtod of
  // its text, times 1000, rounded), the value as read_point_value reads it.
  bool pair(std::vector<Point>& points) {
    std::string_view time, value;
    if (!take('[') || !number(time) || !take(',') || !string_view(value) || !take(']')) return false;
    Point& point = points.emplace_back();
    point.ms = milliseconds(time);
    point.value = read_point_value(value);
    if (point.value.kind != PointValue::Kind::Count) point.text = std::string(value);
    return true;
  }

  // Up to 12 digits of seconds and 3 of a fraction, the milliseconds are
  // whole: computed in integers. The double the general parser computes
  // (strtod, times 1000, rounded) lands on the same integer, its errors
  // being below 10^15 x 2^-53 < 0.2. Longer times go through strtod as there.
  static int64_t milliseconds(std::string_view time) {
    const size_t dot = time.find('.');
    const std::string_view whole = time.substr(0, dot);
    const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : time.substr(dot + 1);
    if (whole.size() > 12 || fraction.size() > 3) {
      const std::string text(time);
      return std::llround(std::strtod(text.c_str(), nullptr) * 1000.0);
    }
    int64_t ms = 0;
    for (const char c : whole) ms = ms * 10 + (c - '0');
    int64_t thousandths = 0;
    for (size_t k = 0; k < 3; ++k) thousandths = thousandths * 10 + (k < fraction.size() ? fraction[k] - '0' : 0);
    return ms * 1000 + thousandths;
  }

  // JSON's unsigned numbers without an exponent: 0, 17, 1793491200.123.
  bool number(std::string_view& out) {
    skip_space();
    const size_t begin = at_;
    const auto digits = [&] {
      const size_t from = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
      return at_ - from;
    };
    const size_t whole = digits();
    // More than 15 digits of seconds is no time of a sample (and past 308 the
    // general parser refuses the number as an overflow): declined.
    if (whole == 0 || whole > 15 || (whole > 1 && text_[begin] == '0')) return false;
    if (at_ < text_.size() && text_[at_] == '.') {
      ++at_;
      if (digits() == 0) return false;
    }
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) return false;
    out = text_.substr(begin, at_ - begin);
    return true;
  }

  std::string_view text_;
  size_t at_ = 0;
};

}  // namespace

std::optional<ApiResponse> scan_query_range(std::string_view body) { return Scanner(body).response(); }

}  // namespace slaudit::prometheus
