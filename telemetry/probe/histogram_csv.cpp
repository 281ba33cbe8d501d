#include "telemetry/probe/histogram_csv.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "telemetry/common/name_check.h"
#include "telemetry/probe/csv_fields.h"

namespace slaudit::probe {

namespace {

// The line's fields at its commas, into `out` (cleared first).
void split(std::string_view line, std::vector<std::string_view>& out) {
  out.clear();
  size_t start = 0;
  for (;;) {
    const size_t comma = line.find(',', start);
    out.push_back(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return;
    start = comma + 1;
  }
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  split(line, out);
  return out;
}

bool is_inf(std::string_view s) { return s == "+Inf" || s == "Inf" || s == "+inf" || s == "inf"; }

// A bound as written in `le=`: a plain decimal of seconds (Prometheus writes
// 0.005, 2.5, 10), never an exponent.
std::optional<Decimal> bound_value(std::string_view s) {
  if (s.empty() || s.find_first_not_of("0123456789.") != std::string_view::npos) return std::nullopt;
  return Decimal::parse(s);
}

using BoundColumns = std::vector<std::pair<std::optional<Decimal>, int>>;  // nullopt: +Inf

// Among bounds sorted by value (columns in header order within one value), the
// repeat that comes first in the header, named with its first column: the
// message a reader scanning the header left to right would give.
std::string same_bound_twice(const BoundColumns& sorted, const std::vector<std::string_view>& fields) {
  const std::pair<std::optional<Decimal>, int>* first = nullptr;
  const std::pair<std::optional<Decimal>, int>* repeat = nullptr;
  for (size_t i = 1; i < sorted.size(); ++i) {
    if (sorted[i].first != sorted[i - 1].first) continue;
    const bool starts_run = i == 1 || sorted[i - 1].first != sorted[i - 2].first;
    if (starts_run && (!repeat || sorted[i].second < repeat->second)) {
      first = &sorted[i - 1];
      repeat = &sorted[i];
    }
  }
  if (!repeat) return {};
  return "columns '" + std::string(fields[first->second]) + "' and '" + std::string(fields[repeat->second]) +
         "' are the same bound";
}

}  // namespace

bool is_histogram_header(std::string_view header) {
  for (std::string_view field : split(trim_cr(header)))
    if (field.starts_with("le=")) return true;
  return false;
}

std::string parse_histogram_header(std::string_view header, const std::vector<Decimal>& bounds,
                                   HistogramLayout& layout) {
  const std::vector<std::string_view> fields = split(trim_cr(header));
  layout.columns = static_cast<int>(fields.size());
  BoundColumns by_bound;
  for (int col = 0; col < layout.columns; ++col) {
    const std::string_view f = fields[col];
    int* named = f == "timestamp" ? &layout.timestamp : f == "target" ? &layout.target : nullptr;
    if (named) {
      if (*named >= 0) return "column '" + std::string(f) + "' appears twice";
      *named = col;
      continue;
    }
    if (!f.starts_with("le="))
      return "unknown column '" + std::string(f) + "' in a latency histogram (expected timestamp, target and le=BOUND columns)";
    const std::string_view text = f.substr(3);
    std::optional<Decimal> value;
    if (!is_inf(text)) {
      value = bound_value(text);
      if (!value) return "column '" + std::string(f) + "': a bound is seconds as a plain decimal (le=0.3) or +Inf";
    }
    by_bound.emplace_back(value, col);
  }
  // Sorted, a repeated bound sits next to its twin: n log n, where comparing
  // each column with every earlier one took 15 s for a header of 111,113 bounds.
  std::stable_sort(by_bound.begin(), by_bound.end(), [](const auto& a, const auto& b) {
    if (a.first.has_value() != b.first.has_value()) return a.first.has_value();  // +Inf last
    return a.first && *a.first < *b.first;
  });
  if (std::string twice = same_bound_twice(by_bound, fields); !twice.empty()) return twice;
  if (layout.timestamp < 0 || layout.target < 0) return "a latency histogram needs the columns timestamp and target";
  if (by_bound.empty() || by_bound.back().first) return "a latency histogram needs the column le=+Inf (every request)";
  for (const auto& [value, col] : by_bound) layout.buckets.emplace_back(col, std::string(fields[col].substr(3)));
  if (bounds.empty())
    return "a latency histogram, but no clause of the contract says 'bad when pNN latency > BOUND'";
  for (const Decimal& b : bounds) {
    auto it = std::find_if(by_bound.begin(), by_bound.end(), [&](const auto& e) { return e.first && *e.first == b; });
    if (it == by_bound.end()) {
      std::string have;
      for (const auto& [col, text] : layout.buckets) have += (have.empty() ? "" : ", ") + std::string("le=") + text;
      return "no column le=" + b.to_string() + ": the contract's latency bound of " + b.to_string() +
             " s must be a bucket bound of the histogram, or the count within it is not known (columns: " + have + ")";
    }
    layout.bound_bucket.push_back(static_cast<size_t>(it - by_bound.begin()));
  }
  return {};
}

void HistogramRows::row(std::string_view line, uint64_t line_no) {
  if (too_long != 0) return;
  if (line.size() > in_.max_line_bytes) {
    too_long = line_no;
    return;
  }
  line = trim_cr(line);
  if (line.empty()) return;  // blank lines are not records
  split(line, fields_);
  use(line_no);
}

size_t HistogramRows::rows(const char* base, size_t start, size_t end, uint64_t& line_no) {
  while (start < end) {
    const char* nl = static_cast<const char*>(std::memchr(base + start, '\n', end - start));
    if (!nl) break;
    const size_t at = static_cast<size_t>(nl - base);
    row({base + start, at - start}, ++line_no);
    start = at + 1;
  }
  return start;
}

void HistogramRows::use(uint64_t line_no) {
  ++in_.accounting->read;
  if (static_cast<int>(fields_.size()) != layout_.columns) return reject(line_no, "wrong column count");
  ProbeSample s;
  s.source = in_.source;
  s.record = line_no;
  if (const char* why = times_.parse(fields_[layout_.timestamp], s.at)) return reject(line_no, why);
  if (fields_[layout_.target].empty()) return reject(line_no, "missing field: target");
  counts_.resize(layout_.buckets.size());
  for (size_t b = 0; b < layout_.buckets.size(); ++b) {
    const std::string_view cell = fields_[layout_.buckets[b].first];
    if (cell.empty()) return reject(line_no, "missing field: a bucket count");
    if (!parse_u64(cell, counts_[b])) return reject(line_no, "bad number in a bucket count");
    if (b > 0 && counts_[b] < counts_[b - 1])
      return reject(line_no, "a bucket count below the one of a smaller bound: a histogram's counts are cumulative");
  }
  const uint64_t total = counts_.back();
  if (total == 0) return reject(line_no, "no requests (le=+Inf is 0)");
  s.kind = SampleKind::Counts;
  s.total = total;
  // A target is a name reports print (telemetry/common/name_check.h): checked the first time it is seen.
  const std::optional<TargetId> target = in_.targets->intern_if(fields_[layout_.target], [](std::string_view name) {
    return !name_problem("target", name);
  });
  if (!target) {
    in_.accounting->reject_with(in_.source, line_no, [&] { return *name_problem("field 'target'", fields_[layout_.target]); });
    return;
  }
  s.target = *target;
  ++in_.accounting->used;
  for (size_t k = 0; k < layout_.bound_bucket.size(); ++k) {
    s.ok = counts_[layout_.bound_bucket[k]];
    s.bound = static_cast<uint16_t>(k + 1);
    in_.sink->add(s);
  }
}

}  // namespace slaudit::probe
