#pragma once
// Reader of Prometheus range-query output (the JSON body of
// /api/v1/query_range): {"status":"success","data":{"resultType":"matrix",
// "result":[{"metric":{...},"values":[[<unix time>,"<value>"],...]},...]}}.
// A series labelled slaudit_count="ok" or "total" holds request counts, paired
// and summed per target and timestamp (prometheus_counts.h). Any other series
// is one target; each value one sample, in [0, 1]:
//  - a series whose values are all exactly 0 or 1 (probe_success) gives
//    Counts samples 0/1 or 1/1; any other series gives Ratio samples, the value
//    read exactly from its decimal text ("0.97" is 97/100, never a double);
//  - "NaN" is missing data, not a sample: Prometheus writes its stale markers
//    (a special NaN) as "NaN" too, so the two cannot be told apart and both
//    are counted in ProbeAccounting::missing;
//  - "+Inf", "-Inf" and values outside [0, 1] are rejected with their series
//    and value index; so are values with more than 19 decimal places (their
//    exact fraction does not fit the sample's 64-bit integers).
// Timestamps are seconds since the epoch, read from their JSON text and
// floored to the whole second (1700000000.9 is 1700000000): the audit works
// in whole seconds and buckets samples anyway.
// The whole text is parsed in one pass through nlohmann's SAX interface; one
// series is held at a time (the values of a series are kept until its
// "metric" is known). A response that is not a successful matrix (status
// "error", resultType "vector", bad JSON) is an error for the whole input,
// with the byte offset, line and column of a syntax error.
#include <string>
#include <string_view>

#include "telemetry/probe/byte_stream.h"
#include "telemetry/probe/probe_csv.h"

namespace slaudit::probe {

struct PrometheusOptions {
  // The label whose value names a series' target. A series without it (or
  // with it empty) is named by its whole label set, rendered canonically:
  // name{a="x",b="y"}, labels sorted, `\`, `"` and newlines escaped.
  std::string target_label = "instance";
};

// `record` in samples and rejections is the 1-based index of the value in the
// whole input, counting every series' values in document order.
std::string read_prometheus_text(std::string_view text, std::string_view name, const ProbeInput& input,
                                 const PrometheusOptions& options = {});

// Reads the whole (possibly gzip) stream, then parses it.
std::string read_prometheus_stream(ByteStream& in, std::string_view name, const ProbeInput& input,
                                   const PrometheusOptions& options = {});

}  // namespace slaudit::probe
