#pragma once
// Prometheus HTTP API responses (/api/v1/query_range, /api/v1/series), parsed
// in one pass through nlohmann's SAX interface into compact values: a point
// is its time in milliseconds and its value, read exactly from its text
// (Prometheus writes sample values with strconv 'f' formatting: "57",
// "0.25", "NaN", "+Inf"). `warnings` (partial data from Thanos or Mimir) are
// kept; an error status, a resultType other than "matrix" or malformed JSON
// is an error naming the response, with line and column for a syntax error.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace slaudit::prometheus {

// A sample value as the audit of recorded figures needs it.
struct PointValue {
  enum class Kind : uint8_t { Count, NaN, Other } kind = Kind::Other;
  uint64_t count = 0;  // Count: a whole number 0 <= n <= 2^53 written without a fraction
  bool operator==(const PointValue&) const = default;
};
PointValue read_point_value(std::string_view text);

struct Point {
  int64_t ms = 0;
  PointValue value;
  std::string text;  // kept only when the value is not a Count, for messages
  bool operator==(const Point&) const = default;
};

struct MatrixSeries {
  std::map<std::string, std::string> labels;  // __name__ included when the server sends it
  std::vector<Point> points;
  bool operator==(const MatrixSeries&) const = default;
};

struct ApiResponse {
  std::string error;                  // empty: a successful response
  std::vector<std::string> warnings;
  std::vector<MatrixSeries> series;   // query_range: the matrix; series API: label sets, no points
  bool operator==(const ApiResponse&) const = default;
};

// `body` of a query_range response (`series_api` false) or of /api/v1/series.
// A query_range body of the usual shape is read by a fast scanner
// (query_range_scan.h); any other body by the general parser below.
ApiResponse parse_api_response(std::string_view body, std::string_view name, bool series_api = false);

// The general parser alone, for tests and fuzzing that compare the two paths.
ApiResponse parse_api_response_general(std::string_view body, std::string_view name, bool series_api = false);

// A failed HTTP exchange as one sentence: the status, the API's own error
// ("errorType: error") when the body has one, and what to do for 401/403.
std::string http_failure(long status, std::string_view body, std::string_view name);

}  // namespace slaudit::prometheus
