// Recorded bucket figures back into engine samples (telemetry/prometheus/recorded_reader.h)
// and the API response parser (api_response.h).
#include <catch2/catch.hpp>

#include <vector>

#include "engine/audit/probe/recording_plan.h"
#include "telemetry/prometheus/api_response.h"
#include "telemetry/prometheus/recorded_reader.h"

using namespace slaudit;

namespace {

struct Collect : probe::ProbeSink {
  std::vector<probe::ProbeSample> samples;
  void add(const probe::ProbeSample& s) override { samples.push_back(s); }
};

// A one-series matrix for target `instance` with values at the grid of `grid`.
std::string matrix(const prometheus::RecordedGrid& grid, const std::string& instance, const std::vector<std::string>& values) {
  std::string out = R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"instance":")" + instance +
                    R"("},"values":[)";
  for (size_t k = 0; k < values.size(); ++k) {
    if (values[k].empty()) continue;
    const int64_t ms = probe::recorded_query_ms(grid.first + grid.bucket * static_cast<int64_t>(k), grid.bucket, grid.shift);
    out += (out.back() == '[' ? "" : ",") + std::string("[") + std::to_string(ms / 1000) + "." +
           std::to_string(ms % 1000) + ",\"" + values[k] + "\"]";
  }
  return out + "]}]}}";
}

}  // namespace

TEST_CASE("api response: values read exactly, warnings kept, errors located", "[prometheus]") {
  using K = prometheus::PointValue::Kind;
  struct Case {
    const char* text;
    K kind;
    uint64_t count;
  };
  const Case cases[] = {{"57", K::Count, 57}, {"0", K::Count, 0}, {"NaN", K::NaN, 0}, {"0.5", K::Other, 0},
                        {"+Inf", K::Other, 0}, {"9007199254740992", K::Count, 9007199254740992ull},
                        {"9007199254740993", K::Other, 0}, {"-1", K::Other, 0}};
  for (const Case& c : cases) {
    INFO(c.text);
    const auto v = prometheus::read_point_value(c.text);
    CHECK(v.kind == c.kind);
    CHECK(v.count == c.count);
  }
  auto r = prometheus::parse_api_response(
      R"({"status":"success","warnings":["partial"],"data":{"resultType":"matrix","result":[{"metric":{"instance":"a"},"values":[[1.5,"2"]]}]}})",
      "q");
  CHECK(r.error.empty());
  CHECK(r.warnings == std::vector<std::string>{"partial"});
  REQUIRE(r.series.size() == 1);
  CHECK(r.series[0].points.at(0).ms == 1500);
  r = prometheus::parse_api_response("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}", "q");
  CHECK(r.error == "q: the Prometheus API answered status \"error\": bad_data: parse error");
  r = prometheus::parse_api_response("{\n\"status\": tru}", "q");
  INFO(r.error);
  CHECK(r.error.rfind("q:2:14: malformed JSON", 0) == 0);  // the "}" after "tru"
  r = prometheus::parse_api_response(R"({"status":"success","data":[{"__name__":"x","slaudit_shift":"60"}]})", "s", true);
  CHECK(r.error.empty());
  REQUIRE(r.series.size() == 1);
  CHECK(r.series[0].labels.at("slaudit_shift") == "60");
}

TEST_CASE("recorded reader: one Counts sample per target and bucket, gaps flagged", "[prometheus]") {
  prometheus::RecordedGrid grid{Instant{Seconds{1793491200}}, Seconds{300}, Seconds{300}, 4};
  // Bucket 0: 5 of 5; bucket 1: no figure (missing); bucket 2: NaN; bucket 3: 2.5 (not whole).
  const auto ok = prometheus::parse_api_response(matrix(grid, "a", {"5", "", "NaN", "2.5"}), "ok");
  const auto total = prometheus::parse_api_response(matrix(grid, "a", {"5", "", "5", "5"}), "total");
  prometheus::RecordedPage page;
  page.ok = &ok;
  page.total = &total;
  page.evaluated = {true, true, true, false};
  probe::ProbeTargets targets;
  Collect sink;
  const auto result = prometheus::read_recorded_page(grid, page, "instance", targets, sink);
  CHECK(result.error.empty());
  REQUIRE(sink.samples.size() == 1);
  CHECK(sink.samples[0].at == grid.first);
  CHECK(sink.samples[0].kind == probe::SampleKind::Counts);
  CHECK(sink.samples[0].ok == 5);
  CHECK(sink.samples[0].total == 5);
  CHECK(result.gaps.nan_values == 1);
  CHECK(result.gaps.unusable_values == 1);
  CHECK(result.gaps.unrecorded_buckets == 1);
  CHECK(result.gaps.first_unrecorded == grid.first + Seconds{900});
  CHECK(result.ok_accounting.read == 3);
  CHECK(result.ok_accounting.used == 1);
  CHECK(result.ok_accounting.missing == 1);
  CHECK(result.ok_accounting.rejected == 1);
  CHECK(result.ok_accounting.read ==
        result.ok_accounting.used + result.ok_accounting.rejected + result.ok_accounting.missing);
}

TEST_CASE("recorded reader: a series without the target label, or a target twice, is an error", "[prometheus]") {
  prometheus::RecordedGrid grid{Instant{Seconds{1793491200}}, Seconds{60}, Seconds{60}, 1};
  auto ok = prometheus::parse_api_response(matrix(grid, "a", {"1"}), "ok");
  auto total = prometheus::parse_api_response(matrix(grid, "a", {"1"}), "total");
  prometheus::RecordedPage page;
  page.ok = &ok;
  page.total = &total;
  page.evaluated = {true};
  probe::ProbeTargets targets;
  Collect sink;
  auto result = prometheus::read_recorded_page(grid, page, "target", targets, sink);
  CHECK(result.error.find("has no label target") != std::string::npos);
  ok.series.push_back(ok.series[0]);
  result = prometheus::read_recorded_page(grid, page, "instance", targets, sink);
  CHECK(result.error.find("two recorded slaudit:probe_ok:bucket series for target a") != std::string::npos);
}

TEST_CASE("recorded reader: a repeated point counts once, two different ones at one time make the bucket unusable",
          "[prometheus]") {
  // Two buckets, 5 of 5 in each; then bucket 0's ok point is given again: the same value, or 4.
  prometheus::RecordedGrid grid{Instant{Seconds{1793491200}}, Seconds{60}, Seconds{60}, 2};
  struct Case {
    const char* repeat;
    size_t samples;           // bucket 1 always; bucket 0 only when the repeat is identical
    uint64_t ok_rejected;     // identical: the repeat; different: both points of bucket 0
    uint64_t total_rejected;  // different: bucket 0's total too, its pair unknown
    int64_t unusable;
  };
  const Case cases[] = {{"5", 2, 1, 0, 0}, {"4", 1, 2, 1, 1}};
  for (const Case& c : cases) {
    INFO(c.repeat);
    auto ok = prometheus::parse_api_response(matrix(grid, "a", {"5", "5"}), "ok");
    const auto total = prometheus::parse_api_response(matrix(grid, "a", {"5", "5"}), "total");
    REQUIRE(ok.series.size() == 1);
    auto& points = ok.series[0].points;
    prometheus::Point again = points[0];
    again.value = prometheus::read_point_value(c.repeat);
    points.insert(points.begin() + 1, again);  // [t0, "5"], [t0, repeat], [t1, "5"]
    prometheus::RecordedPage page;
    page.ok = &ok;
    page.total = &total;
    page.evaluated = {true, true};
    probe::ProbeTargets targets;
    Collect sink;
    const auto result = prometheus::read_recorded_page(grid, page, "instance", targets, sink);
    REQUIRE(result.error.empty());
    CHECK(sink.samples.size() == c.samples);
    CHECK(sink.samples.back().at == grid.first + Seconds{60});
    CHECK(sink.samples.back().ok == 5);
    CHECK(result.gaps.unusable_values == static_cast<uint64_t>(c.unusable));
    const auto& oa = result.ok_accounting;
    const auto& ta = result.total_accounting;
    CHECK(oa.read == 3);
    CHECK(oa.rejected == c.ok_rejected);
    CHECK(ta.rejected == c.total_rejected);
    CHECK(oa.read == oa.used + oa.rejected + oa.missing);
    CHECK(ta.read == ta.used + ta.rejected + ta.missing);
    if (c.unusable > 0) {
      CHECK_THAT(result.gaps.first_problem, Catch::Contains("two recorded points at the bucket's time with different values"));
      REQUIRE(oa.first_rejections.size() == 2);
      CHECK(oa.first_rejections[0].record == 1);  // the first point, rejected once the second differs
      CHECK(oa.first_rejections[1].record == 2);
    }
  }
}
