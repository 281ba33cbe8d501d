#pragma once
// A fast path for the usual query_range response: the shape Prometheus,
// Thanos and Mimir write for a successful matrix query, in plain ASCII:
//   {"status":"success","data":{"resultType":"matrix","result":[
//     {"metric":{"instance":"a",...},"values":[[1793491200,"57"],...]},...]},
//    "warnings":[...]}
// (keys in any order, any JSON whitespace). A month of recorded figures is
// gigabytes of such pairs, which the general SAX parser reads at about 50 MB/s.
// Anything else — an error status, another key, an escape or a non-ASCII
// byte in a string, a number in exponent form, a syntax error — gives
// nullopt, and the caller parses the body with the general parser, which
// gives the located error or the same result: this path never decides an
// error and never reads a body the general parser would refuse.
#include <optional>
#include <string_view>

#include "telemetry/prometheus/api_response.h"

namespace slaudit::prometheus {

std::optional<ApiResponse> scan_query_range(std::string_view body);

}  // namespace slaudit::prometheus
