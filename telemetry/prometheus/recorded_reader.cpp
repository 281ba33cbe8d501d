#include "telemetry/prometheus/recorded_reader.h"

#include <map>

#include "base/time/timestamp.h"
#include "engine/audit/probe/recording_plan.h"

namespace slaudit::prometheus {

namespace {

constexpr int32_t kNone = -1;
constexpr int32_t kConflict = -2;  // two points at the bucket's time with different values: neither is used

// One response's series by target, and each point's place on the grid.
struct Indexed {
  std::map<std::string, size_t> series;     // target -> series index
  std::vector<std::vector<int32_t>> at;     // [series][bucket] -> point index, kNone
  std::vector<uint64_t> first_record;       // [series]: 1-based record of its first point
};

std::string figure_name(bool ok) { return std::string(ok ? probe::kRecordedOk : probe::kRecordedTotal); }

constexpr const char* kConflictReason =
    "two points at one time with different values: none of them is used, the bucket's figure is unknown";

// A point into its bucket's slot. A repeat at the same time is what the raw
// reader makes of a repeated row: an identical one counts once (the repeat is
// rejected as such), a different one makes the bucket unusable (every point
// of it rejected), whichever comes first, so read = used + rejected + missing.
void place_point(const MatrixSeries& series, int32_t p, uint64_t record, uint64_t first_record, int32_t& slot,
                 probe::ProbeAccounting& acc, uint32_t source) {
  if (slot == kNone) {
    slot = p;
    return;
  }
  if (slot != kConflict && series.points[static_cast<size_t>(slot)] == series.points[static_cast<size_t>(p)]) {
    acc.reject(source, record, "a repeat of the point before it at the same time, with the same value: counted once");
    return;
  }
  if (slot != kConflict) {
    acc.reject(source, first_record + static_cast<uint64_t>(slot), kConflictReason);
    slot = kConflict;
  }
  acc.reject(source, record, kConflictReason);
}

bool index_response(const ApiResponse& r, bool ok, const RecordedGrid& grid, const std::string& label, Indexed& out,
                    probe::ProbeAccounting& acc, uint32_t source, uint64_t base, std::string& error) {
  uint64_t record = base + 1;
  out.at.resize(r.series.size());
  for (size_t s = 0; s < r.series.size(); ++s) {
    const MatrixSeries& series = r.series[s];
    out.first_record.push_back(record);
    auto name = series.labels.find(label);
    if (name == series.labels.end() || name->second.empty()) {
      error = "a recorded " + figure_name(ok) + " series has no label " + label +
              ": the raw series lack it, or --target-label differs from the rules'";
      return false;
    }
    if (!out.series.emplace(name->second, s).second) {
      error = "two recorded " + figure_name(ok) + " series for target " + name->second +
              ": the rules are loaded twice, or two sources carry the same slaudit_* labels";
      return false;
    }
    out.at[s].assign(static_cast<size_t>(grid.count), kNone);
    for (size_t p = 0; p < series.points.size(); ++p, ++record) {
      const int64_t ms = series.points[p].ms;
      const Instant start = probe::bucket_of_query_ms(ms, grid.bucket, grid.shift);
      const int64_t k = (start - grid.first).count() / grid.bucket.count();
      const bool on_grid = probe::recorded_query_ms(start, grid.bucket, grid.shift) == ms && start >= grid.first &&
                           k < grid.count && (start - grid.first).count() % grid.bucket.count() == 0;
      ++acc.read;
      if (!on_grid) {
        acc.reject(source, record, "a point off the query's grid of buckets");
        continue;
      }
      place_point(series, static_cast<int32_t>(p), record, out.first_record.back(), out.at[s][static_cast<size_t>(k)],
                  acc, source);
    }
  }
  return true;
}

std::string bucket_text(const RecordedGrid& grid, int64_t k) {
  return format_utc(grid.first + grid.bucket * k);
}

}  // namespace

RecordedPageResult read_recorded_page(const RecordedGrid& grid, const RecordedPage& page,
                                      const std::string& target_label, probe::ProbeTargets& targets,
                                      probe::ProbeSink& sink) {
  RecordedPageResult out;
  Indexed ok, total;
  if (!index_response(*page.ok, true, grid, target_label, ok, out.ok_accounting, page.ok_source, page.ok_base,
                      out.error) ||
      !index_response(*page.total, false, grid, target_label, total, out.total_accounting, page.total_source,
                      page.total_base, out.error))
    return out;
  // Every target either response names, in name order.
  std::map<std::string, std::pair<int64_t, int64_t>> names;  // target -> (ok series, total series)
  for (const auto& [name, s] : ok.series) names[name] = {static_cast<int64_t>(s), kNone};
  for (const auto& [name, s] : total.series) {
    auto it = names.try_emplace(name, std::pair<int64_t, int64_t>{kNone, kNone}).first;
    it->second.second = static_cast<int64_t>(s);
  }
  std::vector<probe::TargetId> ids;
  for (const auto& [name, _] : names) ids.push_back(targets.intern(name));
  RecordedGaps& gaps = out.gaps;
  auto problem = [&](const std::string& target, int64_t k, const std::string& what) {
    if (gaps.first_problem.empty())
      gaps.first_problem = "target " + target + ", bucket " + bucket_text(grid, k) + ": " + what;
  };
  for (int64_t k = 0; k < grid.count; ++k) {
    const size_t b = static_cast<size_t>(k);
    if (b < page.evaluated.size() && !page.evaluated[b]) {
      if (gaps.unrecorded_buckets++ == 0) gaps.first_unrecorded = grid.first + grid.bucket * k;
    }
    size_t t = 0;
    for (const auto& [name, pair] : names) {
      const probe::TargetId id = ids[t++];
      const int32_t po = pair.first == kNone ? kNone : ok.at[static_cast<size_t>(pair.first)][b];
      const int32_t pt = pair.second == kNone ? kNone : total.at[static_cast<size_t>(pair.second)][b];
      if (po == kNone && pt == kNone) continue;
      if (po == kConflict || pt == kConflict) {  // its points are rejected already; so is the other figure's
        ++gaps.unusable_values;
        problem(name, k, "two recorded points at the bucket's time with different values");
        const std::string& target = name;
        auto why = [&] { return "target " + target + ": its other figure of the bucket has two different points"; };
        if (po >= 0) out.ok_accounting.reject_with(page.ok_source, ok.first_record[static_cast<size_t>(pair.first)] + static_cast<uint64_t>(po), why);
        if (pt >= 0) out.total_accounting.reject_with(page.total_source, total.first_record[static_cast<size_t>(pair.second)] + static_cast<uint64_t>(pt), why);
        continue;
      }
      const Point* vo = po == kNone ? nullptr : &page.ok->series[static_cast<size_t>(pair.first)].points[static_cast<size_t>(po)];
      const Point* vt = pt == kNone ? nullptr : &page.total->series[static_cast<size_t>(pair.second)].points[static_cast<size_t>(pt)];
      const uint64_t ro = vo ? ok.first_record[static_cast<size_t>(pair.first)] + static_cast<uint64_t>(po) : 0;
      const uint64_t rt = vt ? total.first_record[static_cast<size_t>(pair.second)] + static_cast<uint64_t>(pt) : 0;
      const bool nan = (vo && vo->value.kind == PointValue::Kind::NaN) || (vt && vt->value.kind == PointValue::Kind::NaN);
      if (nan) {
        ++gaps.nan_values;
        problem(name, k, "NaN (a raw sample in the bucket was NaN, so its sum is; the raw audit would use the others)");
        if (vo) ++out.ok_accounting.missing;
        if (vt) ++out.total_accounting.missing;
        continue;
      }
      const bool whole = vo && vt && vo->value.kind == PointValue::Kind::Count && vt->value.kind == PointValue::Kind::Count;
      if (!whole) {
        ++gaps.unusable_values;
        std::string why = !vo ? "a recorded total without ok" : !vt ? "a recorded ok without total"
                                                                    : "a value that is not a whole count: " +
                                                                          (vo->value.kind == PointValue::Kind::Count ? vt->text : vo->text);
        problem(name, k, why);
        // A named reference, not the structured binding: clang 14 (the fuzz build) cannot capture one.
        const std::string& target = name;
        if (vo) out.ok_accounting.reject_with(page.ok_source, ro, [&] { return "target " + target + ": " + why; });
        if (vt) out.total_accounting.reject_with(page.total_source, rt, [&] { return "target " + target + ": " + why; });
        continue;
      }
      probe::ProbeSample s;
      s.at = grid.first + grid.bucket * k;
      s.target = id;
      s.kind = probe::SampleKind::Counts;
      s.source = page.ok_source;
      s.record = ro;
      s.ok = vo->value.count;
      s.total = vt->value.count;
      ++out.ok_accounting.used;
      ++out.total_accounting.used;
      sink.add(s);
    }
  }
  return out;
}

}  // namespace slaudit::prometheus
