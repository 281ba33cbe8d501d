#pragma once
// Latency histograms in CSV, for clauses that say `bad when pNN latency > BOUND`
// (docs/audit.md, "Latency objectives from histograms"): one row per target and
// sample time, one column per bucket bound, as Prometheus histograms count:
//
//   timestamp,target,le=0.1,le=0.3,le=1,le=+Inf
//   2026-11-02T10:00:00Z,api,1180,1195,1199,1200
//
// `le=B` is the number of requests of the row's interval that took at most B
// seconds (cumulative, so counts do not decrease with B); `le=+Inf` is every
// request. A row gives one sample per latency bound of the contract: ok = its
// column, total = the +Inf column, tagged with the bound's number so that only
// the clauses audited at that bound take it. A bound the contract needs must be
// a column exactly (a count between two bounds would be an interpolation); the
// other columns are checked (numbers, cumulative) and otherwise unused.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "telemetry/probe/csv_fields.h"
#include "telemetry/probe/probe_csv.h"

namespace slaudit::probe {

// Whether a header line names a histogram (a column starting with `le=`).
bool is_histogram_header(std::string_view header);

struct HistogramLayout {
  int timestamp = -1, target = -1;
  int columns = 0;
  // Bucket columns by increasing bound, +Inf last: (column index, bound text).
  std::vector<std::pair<int, std::string>> buckets;
  // For latency bound k + 1 of the contract: its index in `buckets`.
  std::vector<size_t> bound_bucket;
};

// The layout, or an error naming what is wrong with the header.
std::string parse_histogram_header(std::string_view header, const std::vector<Decimal>& bounds,
                                   HistogramLayout& layout);

class HistogramRows {
 public:
  HistogramRows(const ProbeInput& in, HistogramLayout layout) : in_(in), layout_(std::move(layout)) {}
  // One line without its '\n'.
  void row(std::string_view line, uint64_t line_no);
  // Every whole line in [start, end) of `base`; returns where the unfinished last line starts.
  size_t rows(const char* base, size_t start, size_t end, uint64_t& line_no);
  uint64_t too_long = 0;  // the first line over the input's limit (0: none)

 private:
  void use(uint64_t line_no);
  void reject(uint64_t line_no, const char* why) { in_.accounting->reject(in_.source, line_no, why); }

  const ProbeInput& in_;
  HistogramLayout layout_;
  std::vector<std::string_view> fields_;
  std::vector<uint64_t> counts_;  // per bucket column, in layout_.buckets order
  TimestampCache times_;
};

}  // namespace slaudit::probe
