// Request counts in a query_range response (telemetry/probe/prometheus_counts.h):
// ok and total series told apart by the label slaudit_count, summed per target
// and timestamp, every value used, rejected with its series and index, or
// missing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "telemetry/probe/probe_prometheus.h"
#include "telemetry/probe/prometheus_counts.h"

using namespace slaudit;
using namespace slaudit::probe;

namespace {

struct Collect : ProbeSink {
  std::vector<ProbeSample> samples;
  void add(const ProbeSample& s) override { samples.push_back(s); }
};

struct Result {
  std::string error;
  std::vector<ProbeSample> samples;
  ProbeAccounting accounting;
  ProbeTargets targets;
};

Result read(const std::string& result) {
  Result r;
  Collect sink;
  const std::string json = R"({"status":"success","data":{"resultType":"matrix","result":[)" + result + "]}}";
  r.error = read_prometheus_text(json, "q.json", {0, &r.targets, &sink, &r.accounting});
  r.samples = std::move(sink.samples);
  return r;
}

std::string series(const std::string& labels, const std::string& values) {
  return R"({"metric":{)" + labels + R"(},"values":[)" + values + "]}";
}

bool invariant(const Result& r) {
  return r.accounting.read == r.accounting.used + r.accounting.rejected + r.accounting.missing;
}

}  // namespace

TEST_CASE("prometheus counts: ok and total series pair into count samples, a split series summed", "[probe-io]") {
  // Target a: ok from two pods (the pod restarted at 120: its series splits in
  // two where the label pod changes), total from one series. Target b: one each.
  const Result r = read(
      series(R"("instance":"a","pod":"p1","slaudit_count":"ok")", R"([60,"50"],[120,"20"])") + "," +
      series(R"("instance":"a","pod":"p2","slaudit_count":"ok")", R"([120,"29"],[180,"40"])") + "," +
      series(R"("instance":"a","slaudit_count":"total")", R"([60,"50"],[120,"50"],[180,"40"])") + "," +
      series(R"("__name__":"x","instance":"b","slaudit_count":"total")", R"([60,"10"])") + "," +
      series(R"("instance":"b","slaudit_count":"ok")", R"([60,"7"])"));
  REQUIRE(r.error.empty());
  REQUIRE(r.samples.size() == 4);
  // In (time, target) order: a@60 50/50, b@60 7/10, a@120 (20 + 29)/50 = 49/50, a@180 40/40.
  struct Expected { int64_t at; const char* target; uint64_t ok, total, record; };
  const std::vector<Expected> expected = {
      {60, "a", 50, 50, 1}, {60, "b", 7, 10, 8}, {120, "a", 49, 50, 2}, {180, "a", 40, 40, 4}};
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO(i);
    CHECK(r.samples[i].at.time_since_epoch().count() == expected[i].at);
    CHECK(r.targets.name(r.samples[i].target) == expected[i].target);
    CHECK(r.samples[i].kind == SampleKind::Counts);
    CHECK(r.samples[i].ok == expected[i].ok);
    CHECK(r.samples[i].total == expected[i].total);
    CHECK(r.samples[i].record == expected[i].record);
  }
  // 9 values, all used (4 samples from 2 + 2 + 3 + 2 values).
  CHECK(r.accounting.read == 9);
  CHECK(r.accounting.used == 9);
  CHECK(r.accounting.step_seconds == 60);
}

TEST_CASE("prometheus counts: the order of the series changes nothing", "[probe-io]") {
  const std::string ok = series(R"("instance":"a","slaudit_count":"ok")", R"([60,"9"],[120,"8"])");
  const std::string total = series(R"("instance":"a","slaudit_count":"total")", R"([60,"10"],[120,"10"])");
  const Result one = read(ok + "," + total), two = read(total + "," + ok);
  REQUIRE(one.samples.size() == 2);
  REQUIRE(two.samples.size() == 2);
  for (size_t i = 0; i < 2; ++i) {
    CHECK(one.samples[i].at == two.samples[i].at);
    CHECK(one.samples[i].ok == two.samples[i].ok);
    CHECK(one.samples[i].total == two.samples[i].total);
  }
}

TEST_CASE("prometheus counts: without the target label the label set less slaudit_count and __name__ names it",
          "[probe-io]") {
  const Result r = read(series(R"("__name__":"a","job":"web","slaudit_count":"ok")", R"([60,"1"])") + "," +
                        series(R"("__name__":"b","job":"web","slaudit_count":"total")", R"([60,"2"])"));
  REQUIRE(r.samples.size() == 1);
  CHECK(r.targets.name(r.samples[0].target) == "{job=\"web\"}");
  CHECK((r.samples[0].ok == 1 && r.samples[0].total == 2));
}

TEST_CASE("prometheus counts: every rejection reason, with the series and the value's index", "[probe-io]") {
  struct Case {
    const char* name;
    std::string ok_value;     // the ok series' value at 60 (its JSON text)
    std::string total_value;  // the total series' value at 60
    uint64_t used, rejected, missing;
    const char* first_reason;  // the first rejection (series 1 is ok, series 2 total)
  };
  const std::string ok = "series 1 {instance=\"a\",slaudit_count=\"ok\"} value 1: ";
  const std::string total = "series 2 {instance=\"a\",slaudit_count=\"total\"} value 1: ";
  const std::vector<Case> cases = {
      {"whole counts", R"("9")", R"("10")", 2, 0, 0, ""},
      {"a JSON number, an exponent", "9", R"("1e1")", 2, 0, 0, ""},
      {"not whole", R"("12.5")", R"("13")", 0, 2, 0,
       "value 12.5 is not a whole count of requests (increase() extrapolates: query round(increase(...)) to read "
       "whole counts)"},
      {"negative", R"("-1")", R"("13")", 0, 2, 0, "value -1 is negative: a count of requests is at least 0"},
      {"infinite", R"("+Inf")", R"("13")", 0, 2, 0, "value +Inf is not a count"},
      {"not a number", R"("many")", R"("13")", 0, 2, 0, "value 'many' is not a number"},
      {"past 10^18", R"("1")", R"("2e18")", 0, 2, 0, ""},
      {"ok > total", R"("11")", R"("10")", 0, 2, 0, "ok 11 > total 10 at 1970-01-01T00:01:00Z for target a"},
      {"NaN beside a count", R"("NaN")", R"("10")", 0, 1, 1, ""},
      {"no request: 0 of 0", R"("0")", R"("0")", 0, 0, 2, ""},
      {"a bad pair beside: rejected alone", R"("1"],[70)", R"("10")", 2, 1, 0, ""},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      const Result r = read(series(R"("instance":"a","slaudit_count":"ok")", "[60," + c.ok_value + "]") + "," +
                            series(R"("instance":"a","slaudit_count":"total")", "[60," + c.total_value + "]"));
      REQUIRE(r.error.empty());
      CHECK(invariant(r));
      CHECK(r.accounting.used == c.used);
      CHECK(r.accounting.rejected == c.rejected);
      CHECK(r.accounting.missing == c.missing);
      CHECK(r.samples.size() == (c.used > 0 ? 1u : 0u));
      if (std::string(c.first_reason).size() > 0) {
        REQUIRE(!r.accounting.first_rejections.empty());
        CHECK(r.accounting.first_rejections[0].reason == ok + c.first_reason);
        CHECK(r.accounting.first_rejections[0].record == 1);
      }
    }
  }
  SECTION("the total past 10^18, and the ok beside it incomplete") {
    const Result r = read(series(R"("instance":"a","slaudit_count":"ok")", R"([60,"1"])") + "," +
                          series(R"("instance":"a","slaudit_count":"total")", R"([60,"2e18"])"));
    REQUIRE(r.accounting.first_rejections.size() == 2);
    CHECK(r.accounting.first_rejections[0].reason ==
          ok + "the counts of a at 1970-01-01T00:01:00Z are incomplete: " +
              "series 2 {instance=\"a\",slaudit_count=\"total\"} value 1 was rejected");
    CHECK(r.accounting.first_rejections[1].reason == total + "value 2e18 is past 10^18");
  }
  SECTION("a NaN: missing, and the sound count beside it rejected") {
    const Result r = read(series(R"("instance":"a","slaudit_count":"ok")", R"([60,"NaN"])") + "," +
                          series(R"("instance":"a","slaudit_count":"total")", R"([60,"10"])"));
    REQUIRE(r.accounting.first_rejections.size() == 1);
    CHECK(r.accounting.first_rejections[0].reason ==
          total + "the counts of a at 1970-01-01T00:01:00Z are incomplete: " +
              "series 1 {instance=\"a\",slaudit_count=\"ok\"} value 1 is NaN");
  }
  SECTION("0 of 0 is noted") {
    const Result r = read(series(R"("instance":"a","slaudit_count":"ok")", R"([60,"0"])") + "," +
                          series(R"("instance":"a","slaudit_count":"total")", R"([60,"0"])"));
    CHECK(r.accounting.missing_noted == 2);
    REQUIRE(r.accounting.notes.size() == 1);
    CHECK(r.accounting.notes[0].find("ok 0 of total 0: no request in the step") != std::string::npos);
  }
}

TEST_CASE("prometheus counts: an ok without its total, a total without its ok, a bad role", "[probe-io]") {
  const Result r = read(series(R"("instance":"a","slaudit_count":"ok")", R"([60,"1"],[120,"1"])") + "," +
                        series(R"("instance":"a","slaudit_count":"total")", R"([60,"1"],[180,"1"])") + "," +
                        series(R"("instance":"a","slaudit_count":"good")", R"([60,"1"],[240,"NaN"])"));
  REQUIRE(r.error.empty());
  CHECK(invariant(r));
  CHECK(r.accounting.read == 6);
  CHECK(r.accounting.used == 2);      // a@60: 1/1
  CHECK(r.accounting.missing == 1);   // the bad role's NaN
  CHECK(r.accounting.rejected == 3);
  std::vector<std::string> reasons;
  for (const auto& rej : r.accounting.first_rejections) reasons.push_back(rej.reason);
  CHECK(reasons == std::vector<std::string>{
                       "series 3 {instance=\"a\",slaudit_count=\"good\"} value 1: label slaudit_count is \"good\", "
                       "expected \"ok\" or \"total\"",
                       "series 1 {instance=\"a\",slaudit_count=\"ok\"} value 2: ok without a total at "
                       "1970-01-01T00:02:00Z for target a (no slaudit_count=\"total\" value)",
                       "series 2 {instance=\"a\",slaudit_count=\"total\"} value 2: total without an ok at "
                       "1970-01-01T00:03:00Z for target a (no slaudit_count=\"ok\" value)"});
}

TEST_CASE("prometheus counts: a series without slaudit_count is read as before, beside count series", "[probe-io]") {
  const Result r = read(series(R"("instance":"p")", R"([60,"0.5"])") + "," +
                        series(R"("instance":"a","slaudit_count":"ok")", R"([60,"3"])") + "," +
                        series(R"("instance":"a","slaudit_count":"total")", R"([60,"4"])") + "," +
                        series(R"("instance":"q")", R"([60,"200"])"));
  REQUIRE(r.error.empty());
  CHECK(invariant(r));
  REQUIRE(r.samples.size() == 2);
  CHECK(r.samples[0].kind == SampleKind::Ratio);
  CHECK(r.samples[1].kind == SampleKind::Counts);
  REQUIRE(r.accounting.first_rejections.size() == 1);
  CHECK(r.accounting.first_rejections[0].reason == "series 4 {instance=\"q\"} value 1: value 200 is outside [0, 1]");
}
