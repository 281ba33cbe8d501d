// Prometheus range-query output: exact values, NaN and stale markers as
// missing data, Inf and out-of-range values rejected with series and value
// index, whole-input errors for anything but a successful matrix.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "telemetry/probe/probe_input.h"
#include "telemetry/probe/probe_prometheus.h"

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

Result read(const std::string& json, PrometheusOptions options = {}) {
  Result r;
  Collect sink;
  r.error = read_prometheus_text(json, "q.json", {2, &r.targets, &sink, &r.accounting}, options);
  r.samples = std::move(sink.samples);
  return r;
}

std::string matrix(const std::string& result) {
  return R"({"status":"success","data":{"resultType":"matrix","result":[)" + result + "]}}";
}

int64_t secs(const ProbeSample& s) { return s.at.time_since_epoch().count(); }

}  // namespace

TEST_CASE("prometheus: several series, one target each, values read exactly", "[probe-io]") {
  const Result r = read(matrix(
      R"({"metric":{"__name__":"probe_success","instance":"api-1:443","job":"blackbox"},
          "values":[[1700000000,"1"],[1700000060,"0"],[1700000120,"1"]]},
         {"metric":{"instance":"api-2:443"},
          "values":[[1700000000,"0.97"],[1700000060,"1"],[1700000120,"0.5"],[1700000180,"0.30000000000000004"]]})"));
  REQUIRE(r.error.empty());
  REQUIRE(r.samples.size() == 7);
  CHECK(r.targets.size() == 2);
  CHECK(r.targets.name(r.samples[0].target) == "api-1:443");
  CHECK(r.targets.name(r.samples[3].target) == "api-2:443");
  // probe_success series (all 0 or 1): counts 1/1, 0/1.
  CHECK(r.samples[0].kind == SampleKind::Counts);
  CHECK((r.samples[0].ok == 1 && r.samples[0].total == 1));
  CHECK((r.samples[1].ok == 0 && r.samples[1].total == 1));
  CHECK(secs(r.samples[1]) == 1700000060);
  // A ratio series: "0.97" is exactly 97/100, "1" is 1/1, "0.5" is 5/10.
  CHECK(r.samples[3].kind == SampleKind::Ratio);
  CHECK((r.samples[3].ok == 97 && r.samples[3].total == 100));
  CHECK(r.samples[4].kind == SampleKind::Ratio);
  CHECK((r.samples[4].ok == 1 && r.samples[4].total == 1));
  CHECK((r.samples[5].ok == 5 && r.samples[5].total == 10));
  // 17 decimal places, kept exactly (as a double it would not be 0.3 + 0.1 * 2^-52...).
  CHECK((r.samples[6].ok == 30000000000000004ULL && r.samples[6].total == 100000000000000000ULL));
  // record: the value's index in the whole input; source: the caller's index.
  CHECK(r.samples[3].record == 4);
  CHECK(r.samples[6].source == 2);
  CHECK(r.accounting.read == 7);
  CHECK(r.accounting.used == 7);
}

TEST_CASE("prometheus: NaN and stale markers are missing data, Inf and out-of-range values are rejected", "[probe-io]") {
  struct Case {
    std::string value;  // the JSON text of the value element
    const char* outcome;  // "used", "missing" or the rejection reason's tail
  };
  const std::vector<Case> cases = {
      {R"("0")", "used"},
      {R"("1")", "used"},
      {R"("1.000")", "used"},
      {R"("0.999999")", "used"},
      {R"("9.7e-1")", "used"},
      {R"("-0")", "used"},
      {"0.25", "used"},  // a JSON number instead of a string: read from its text, exactly
      {R"("NaN")", "missing"},  // also how a stale marker is written
      {R"("+Inf")", "value +Inf is outside [0, 1]"},
      {R"("-Inf")", "value -Inf is outside [0, 1]"},
      {R"("1.0000001")", "value 1.0000001 is outside [0, 1]"},
      {R"("2")", "value 2 is outside [0, 1]"},
      {R"("-0.1")", "value -0.1 is outside [0, 1]"},
      {R"("0.5e1")", "value 0.5e1 is outside [0, 1]"},
      {R"("1e-20")", "value 1e-20 has more than 19 decimal places"},
      {R"("abc")", "value 'abc' is not a number"},
      {R"("")", "value '' is not a number"},
      {"null", "not a [<unix time>, \"<value>\"] pair"},
      {"true", "not a [<unix time>, \"<value>\"] pair"},
  };
  for (const Case& c : cases) {
    SECTION(c.value) {
      // Value 1 of the series is good; value 2 is the case: record 2.
      const Result r = read(matrix(R"({"metric":{"instance":"a"},"values":[[60,"1"],[120,)" + c.value + "]]}"));
      REQUIRE(r.error.empty());
      CHECK(r.accounting.read == 2);
      const std::string outcome = c.outcome;
      if (outcome == "used") {
        CHECK(r.accounting.used == 2);
        CHECK(r.samples.size() == 2);
      } else if (outcome == "missing") {
        CHECK(r.accounting.used == 1);
        CHECK(r.accounting.missing == 1);
        CHECK(r.accounting.rejected == 0);
      } else {
        CHECK(r.accounting.used == 1);
        CHECK(r.accounting.rejected == 1);
        REQUIRE(r.accounting.first_rejections.size() == 1);
        CHECK(r.accounting.first_rejections[0].record == 2);
        CHECK(r.accounting.first_rejections[0].source == 2);
        CHECK(r.accounting.first_rejections[0].reason == "series 1 {instance=\"a\"} value 2: " + outcome);
      }
    }
  }
}

TEST_CASE("prometheus: a rejection names its series and its index in the series", "[probe-io]") {
  const Result r = read(matrix(R"({"metric":{"instance":"a"},"values":[[60,"1"]]},
                                  {"metric":{"__name__":"up","instance":"b"},"values":[[60,"1"],[120,"NaN"],[180,"+Inf"]]})"));
  REQUIRE(r.error.empty());
  CHECK(r.accounting.read == 4);
  CHECK(r.accounting.used == 2);
  CHECK(r.accounting.missing == 1);
  REQUIRE(r.accounting.first_rejections.size() == 1);
  CHECK(r.accounting.first_rejections[0].record == 4);
  CHECK(r.accounting.first_rejections[0].reason == "series 2 up{instance=\"b\"} value 3: value +Inf is outside [0, 1]");
}

TEST_CASE("prometheus: the target label is configurable, without it the label set names the target", "[probe-io]") {
  const std::string json = matrix(
      R"({"metric":{"__name__":"probe_success","instance":"h1","job":"bb","zone":"eu \"west\""},"values":[[60,"1"]]},
         {"metric":{"job":"bb","instance":"h2"},"values":[[60,"1"]]},
         {"metric":{},"values":[[60,"1"]]})");
  SECTION("default: instance") {
    const Result r = read(json);
    REQUIRE(r.error.empty());
    CHECK(r.targets.name(r.samples[0].target) == "h1");
    CHECK(r.targets.name(r.samples[1].target) == "h2");
    CHECK(r.targets.name(r.samples[2].target) == "{}");
  }
  SECTION("zone: present on one series only") {
    PrometheusOptions o;
    o.target_label = "zone";
    const Result r = read(json, o);
    REQUIRE(r.error.empty());
    CHECK(r.targets.name(r.samples[0].target) == "eu \"west\"");
    // Sorted labels, quotes escaped, the metric name in front when there is one.
    CHECK(r.targets.name(r.samples[1].target) == "{instance=\"h2\",job=\"bb\"}");
  }
  SECTION("job: two series with the same value are one target") {
    PrometheusOptions o;
    o.target_label = "job";
    const Result r = read(json, o);
    REQUIRE(r.error.empty());
    CHECK(r.samples[0].target == r.samples[1].target);
    CHECK(r.targets.size() == 2);
  }
}

TEST_CASE("prometheus: fractional timestamps are floored to the second", "[probe-io]") {
  const Result r = read(matrix(
      R"({"metric":{"instance":"a"},"values":[[1700000000.123,"1"],[1700000059.999,"1"],[1700000060,"1"],[1.70000012e9,"1"],[-1,"1"],[1e13,"1"]]})"));
  REQUIRE(r.error.empty());
  REQUIRE(r.samples.size() == 4);
  CHECK(secs(r.samples[0]) == 1700000000);
  CHECK(secs(r.samples[1]) == 1700000059);  // floored, not rounded to ...060
  CHECK(secs(r.samples[2]) == 1700000060);
  CHECK(secs(r.samples[3]) == 1700000120);
  CHECK(r.accounting.rejected == 2);
  CHECK(r.accounting.first_rejections[0].reason == "series 1 {instance=\"a\"} value 5: bad timestamp -1");
  CHECK(r.accounting.first_rejections[1].reason == "series 1 {instance=\"a\"} value 6: bad timestamp 1e13");
}

TEST_CASE("prometheus: anything but a successful matrix is an error for the whole input", "[probe-io]") {
  struct Case {
    const char* name;
    std::string json;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"error status", R"({"status":"error","errorType":"bad_data","error":"invalid parameter \"query\""})",
       "q.json: the Prometheus query failed (status \"error\"): bad_data: invalid parameter \"query\""},
      {"vector", R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[60,"1"]}]}})",
       "q.json: data.resultType is \"vector\", expected \"matrix\" (the output of a range query, /api/v1/query_range)"},
      {"vector, resultType last", R"({"status":"success","data":{"result":[{"metric":{},"value":[60,"1"]}],"resultType":"vector"}})",
       "q.json: data.result[0] has no \"values\""},
      {"no status", R"({"data":{"resultType":"matrix","result":[]}})", "q.json: no \"status\": not a Prometheus API response"},
      {"no data", R"({"status":"success"})", "q.json: no \"data\" in the response"},
      {"array at the top", R"([1,2])", "q.json: the response must be a JSON object, found an array"},
      {"series not an object", matrix(R"([60,"1"])"), "q.json: data.result[0] is not a matrix series (an object with metric and values)"},
      {"label not a string", matrix(R"({"metric":{"instance":1},"values":[]})"), "q.json: data.result[0].metric.instance must be a string"},
      // Line 1 is 20 bytes and its newline; the `}` is column 41 of line 2: byte 21 + 40 = 61 (0-based).
      {"malformed: missing brace", "{\"status\":\"success\",\n\"data\":{\"resultType\":\"matrix\",\"result\":[}\n",
       "q.json:2:41: malformed JSON at byte 61: syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal"},
      // 46 bytes: the text ends at byte 46, column 47.
      {"malformed: truncated", "{\"status\":\"success\",\"data\":{\"resultType\":\"matr",
       "q.json:1:47: malformed JSON at byte 46: syntax error while parsing value - invalid string: missing closing quote; last read: '\"matr'"},
      // The matrix is 63 bytes, then a space (byte 63) and `x` (byte 64, column 65).
      {"malformed: trailing text", matrix("") + " x",
       "q.json:1:65: malformed JSON at byte 64: syntax error while parsing value - invalid literal; last read: '\"result\":[]}} x'; expected end of input"},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      const Result r = read(c.json);
      CHECK(r.error == c.error);
      CHECK(r.samples.empty());
    }
  }
}

TEST_CASE("prometheus: status after data still decides, the series wait for it", "[probe-io]") {
  const std::string data = R"("data":{"result":[{"values":[[60,"1"]],"metric":{"instance":"a"}}],"resultType":"matrix"})";
  SECTION("success last") {
    const Result r = read("{" + data + R"(,"status":"success"})");
    REQUIRE(r.error.empty());
    CHECK(r.samples.size() == 1);
    CHECK(r.accounting.used == 1);
  }
  SECTION("error last: nothing is pushed") {
    const Result r = read("{" + data + R"(,"status":"error","error":"timeout"})");
    CHECK(r.error == "q.json: the Prometheus query failed (status \"error\"): timeout");
    CHECK(r.samples.empty());
    CHECK(r.accounting.read == 0);
  }
}

TEST_CASE("probe inputs: the content decides between CSV and Prometheus JSON", "[probe-io]") {
  const std::string dir = std::string(P_tmpdir) + "/slaudit_probe_input_" + std::to_string(::getpid());
  const std::string json_path = dir + "_a.txt", csv_path = dir + "_b.txt";
  FILE* f = std::fopen(json_path.c_str(), "wb");
  REQUIRE(f != nullptr);
  std::fputs(("\n  " + matrix(R"({"metric":{"instance":"a"},"values":[[60,"0.5"]]})")).c_str(), f);
  std::fclose(f);
  f = std::fopen(csv_path.c_str(), "wb");
  REQUIRE(f != nullptr);
  std::fputs("timestamp,target,success\n60,b,1\n", f);
  std::fclose(f);
  ProbeTargets targets;
  ProbeAccounting accounting;
  Collect sink;
  const std::string error = read_probe_inputs({json_path, csv_path}, targets, sink, accounting);
  std::remove(json_path.c_str());
  std::remove(csv_path.c_str());
  REQUIRE(error.empty());
  REQUIRE(sink.samples.size() == 2);
  CHECK(sink.samples[0].kind == SampleKind::Ratio);
  CHECK(sink.samples[0].source == 0);
  CHECK(sink.samples[1].source == 1);
  CHECK(targets.name(sink.samples[1].target) == "b");
  CHECK(read_probe_inputs({"-", "-"}, targets, sink, accounting) ==
        "`-` (standard input) is given 2 times; it can be read once");
}
