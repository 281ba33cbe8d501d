// Measurements JSON Lines: exact unit conversion, and every rejection reason
// with its line. Every record is used or rejected: read == used + rejected.
#include <catch2/catch.hpp>

#include "telemetry/evidence/measurements.h"

using namespace slaudit;
using evidence::read_measurements;

namespace {
const std::string kTime = "\"time\":\"2026-11-10T02:00:00Z\",\"source\":\"bench\"";

std::string record(const std::string& fields) { return "{" + fields + "," + kTime + "}"; }
}  // namespace

TEST_CASE("measurements: units convert exactly to bytes per second, seconds and items", "[claims][evidence]") {
  struct Case {
    std::string metric, value, unit;
    std::string base;  // exact base-unit value
  };
  // GB = 10^9 B; TB = 10^12 B; Gbit = 1/8 GB = 1.25 * 10^8 B; Gbps the same; GiB = 2^30 B.
  const Case cases[] = {
      {"storage_throughput", "2.1", "TB/s", "2100000000000"},      // 2.1 * 10^12
      {"checkpoint_write", "400", "GB/s", "400000000000"},         // 400 * 10^9
      {"checkpoint_write", "3.2", "Tbit/s", "400000000000.0"},     // 3.2 * 1.25 * 10^11 = 4 * 10^11
      {"rdma_bandwidth", "400", "Gbps", "50000000000"},            // 400 * 1.25 * 10^8 = 5 * 10^10
      {"network_bandwidth", "200", "Gbit/s", "25000000000"},       // 200 * 1.25 * 10^8
      {"storage_throughput", "1", "GiB/s", "1073741824"},          // 2^30
      {"scale_out_time", "1.5", "min", "90.0"},                    // 1.5 * 60
      {"recovery_time", "20", "min", "1200"},
      {"models", "72", "", "72"},                                  // a count names its own unit
      {"models", "72", "models", "72"},
      {"availability", "99.95", "%", "99.95"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.metric, c.value, c.unit);
    const std::string unit = c.unit.empty() ? "" : ",\"unit\":\"" + c.unit + "\"";
    const auto log = read_measurements(record("\"metric\":\"" + c.metric + "\",\"value\":" + c.value + unit), "m.jsonl");
    REQUIRE(log.rejected.empty());
    REQUIRE(log.measurements.size() == 1);
    CHECK(log.measurements[0].value.value == *Decimal::parse(c.base));
  }
}

TEST_CASE("measurements: a value may be a JSON string, conditions are read", "[claims][evidence]") {
  const auto log = read_measurements(
      record("\"metric\":\"storage_throughput\",\"value\":\"1.2\",\"unit\":\"TB/s\",\"condition\":\"under_load\"") + "\n" +
          record("\"metric\":\"storage_throughput\",\"value\":2,\"unit\":\"TB/s\",\"condition\":\"empty\","
                 "\"service\":\"training\",\"cluster\":\"bj-gpu-01\"") + "\n" +
          record("\"metric\":\"storage_throughput\",\"value\":2,\"unit\":\"TB/s\",\"condition\":\"\""),
      "m.jsonl");
  REQUIRE(log.measurements.size() == 3);
  CHECK(log.measurements[0].condition == model::Condition::UnderLoad);
  CHECK(log.measurements[0].value.written == "1.2 TB/s");
  CHECK(log.measurements[1].condition == model::Condition::Empty);
  CHECK(log.measurements[1].service == std::optional<std::string>("training"));
  CHECK(log.measurements[1].cluster == std::optional<std::string>("bj-gpu-01"));
  CHECK(log.measurements[2].condition == model::Condition::Unspecified);
  CHECK(log.measurements[2].line == 3);
}

TEST_CASE("measurements: every rejection reason, with its line", "[claims][evidence]") {
  struct Case {
    std::string line;
    std::string reason;  // a part of the reason
  };
  const std::string ok_rate = "\"metric\":\"storage_throughput\",\"value\":2,\"unit\":\"TB/s\"";
  const Case cases[] = {
      {"not json", "not valid JSON"},
      {"[1,2]", "must be a JSON object, found an array"},
      {record(ok_rate + ",\"metric\":\"x\""), "field 'metric' is repeated"},
      {record(ok_rate + ",\"unt\":\"x\""), "unknown field 'unt' (did you mean 'unit'?)"},
      {record("\"value\":2,\"unit\":\"TB/s\""), "missing required field 'metric'"},
      {record("\"metric\":7,\"value\":2,\"unit\":\"TB/s\""), "field 'metric' must be a string, found a number"},
      {record("\"metric\":\"storage_speed\",\"value\":2,\"unit\":\"TB/s\""), "unknown metric 'storage_speed'"},
      {record("\"metric\":\"storage_throughput\",\"unit\":\"TB/s\""), "missing required field 'value'"},
      {record("\"metric\":\"storage_throughput\",\"value\":true,\"unit\":\"TB/s\""), "must be a number, found a boolean"},
      {record("\"metric\":\"storage_throughput\",\"value\":2e3,\"unit\":\"TB/s\""), "bad value '2e3'"},
      {record("\"metric\":\"storage_throughput\",\"value\":\"fast\",\"unit\":\"TB/s\""), "bad value 'fast'"},
      {record("\"metric\":\"storage_throughput\",\"value\":-1,\"unit\":\"TB/s\""), "not negative"},
      {record("\"metric\":\"storage_throughput\",\"value\":2"), "missing required field 'unit'"},
      {record("\"metric\":\"storage_throughput\",\"value\":2,\"unit\":\"TB\""), "unit 'TB' is a data size, but storage_throughput is a data rate"},
      {record("\"metric\":\"storage_throughput\",\"value\":2,\"unit\":\"furlongs/s\""), "unknown unit 'furlongs/s'"},
      {record("\"metric\":\"models\",\"value\":2,\"unit\":\"gpus\""), "counts gpus, but the metric counts models"},
      {record("\"metric\":\"availability\",\"value\":99.9,\"unit\":\"percent\""), "write \"%\""},
      {record("\"metric\":\"storage_throughput\",\"value\":999999999999999999,\"unit\":\"PB/s\""), "too large to convert exactly"},
      {record(ok_rate + ",\"condition\":\"under load\""), "unknown condition 'under load'"},
      {record("\"metric\":\"scale_out_time\",\"value\":2,\"unit\":\"s\",\"condition\":\"empty\""), "a load condition applies to data rates"},
      {"{" + ok_rate + ",\"source\":\"b\"}", "missing required field 'time'"},
      {"{" + ok_rate + ",\"source\":\"b\",\"time\":\"2026-11-10 02:00\"}", "bad time '2026-11-10 02:00'"},
      {"{" + ok_rate + ",\"time\":\"2026-11-10T02:00:00Z\"}", "missing required field 'source'"},
      {"{" + ok_rate + ",\"time\":\"2026-11-10T02:00:00Z\",\"source\":\"\"}", "missing required field 'source'"},
      {record(ok_rate + ",\"service\":\"storage\""), "unknown service 'storage'"},
      {record(ok_rate + ",\"cluster\":4"), "field 'cluster' must be a string"},
      // Issue 14: no percentage is over 100%, no count is a fraction.
      {record("\"metric\":\"availability\",\"value\":100.0001,\"unit\":\"%\""),
       "value '100.0001%' is over 100%: availability is a percentage"},
      {record("\"metric\":\"gpus\",\"value\":10000.5"), "value '10000.5' is not a whole number of gpus"},
  };
  // Each bad record on line 2, between two good ones, so the line numbers are tested too.
  const std::string good = record(ok_rate);
  for (const Case& c : cases) {
    CAPTURE(c.line);
    const auto log = read_measurements(good + "\n" + c.line + "\n\n" + good + "\n", "m.jsonl",
                                       ServiceNames{"training"});
    CHECK(log.records_read == 3);  // the blank line is nothing
    CHECK(log.measurements.size() == 2);
    REQUIRE(log.rejected.size() == 1);
    CHECK(log.rejected[0].line == 2);
    CHECK_THAT(log.rejected[0].reason, Catch::Contains(c.reason));
    CHECK(log.measurements[1].line == 4);
  }
}

TEST_CASE("measurements: BOM, CRLF and the digest of the bytes as read", "[claims][evidence]") {
  const std::string text = "\xEF\xBB\xBF" + record("\"metric\":\"models\",\"value\":70") + "\r\n";
  const auto log = read_measurements(text, "m.jsonl");
  CHECK(log.measurements.size() == 1);
  CHECK(log.rejected.empty());
  CHECK(log.sha256.size() == 64);
}

TEST_CASE("measurements: a record over 1 MiB is rejected unread", "[claims][evidence]") {
  const std::string huge = "{\"metric\":\"models\",\"value\":70,\"source\":\"" + std::string(kMaxRecordBytes, 'x') + "\"}";
  const auto log = read_measurements(record("\"metric\":\"models\",\"value\":70") + "\n" + huge + "\n", "m.jsonl");
  CHECK(log.records_read == 2);
  CHECK(log.measurements.size() == 1);
  REQUIRE(log.rejected.size() == 1);
  CHECK(log.rejected[0].line == 2);
  CHECK_THAT(log.rejected[0].reason, Catch::Contains("over the 1 MiB limit"));
}
