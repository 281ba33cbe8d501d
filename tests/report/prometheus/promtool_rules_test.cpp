// The generated recording rules run by Prometheus' own rule engine
// (`promtool test rules`): input series -> the recorded per-target, per-bucket
// figures, for 1-minute, 5-minute and 1-hour buckets (the hour half an hour
// off UTC, Asia/Kolkata), a 0/1 gauge and count gauges, a stale marker and a
// gap (a target without samples has no figure: missing data), under clauses
// of every combination and measure. The rules record the same figures whatever
// the clause's threshold or combination: slaudit applies those (the audit
// tests check that), the rules only sum. Skipped with the reason where
// promtool is not installed.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/prometheus_server.h"

namespace {

const char* const kContract = R"(contract "Rules" {
  effective 2026-01-01 to 2026-12-31; timezone "Asia/Kolkata"; currency USD;
  service api { fee 100.00 per month; }
  service web { fee 100.00 per month; }
  service req { fee 100.00 per month; }
  availability api {
    target 99%; period calendar month;
    unavailable from probes { bucket 1 min; bad when success ratio < 90%; targets any; }
    missing data counts as up;
    credit of monthly fee { below 99%: 10%; }
  }
  availability api "five" {
    target 99%; period calendar month;
    unavailable from probes { bucket 5 min; bad when error rate > 10%; at least 2 consecutive bad buckets; targets all; }
    missing data counts as down;
    credit of monthly fee { below 99%: 10%; }
  }
  availability web {
    target 99%; period calendar month;
    unavailable from probes { bucket 1 h; bad when error rate > 5%; targets averaged; measure average error rate; }
    missing data counts as excluded;
    credit of monthly fee { below 99%: 10%; }
  }
  availability req {
    target 99%; period calendar month;
    unavailable from probes { bucket 5 min; bad when success ratio < 95%; targets at least 50%; measure requests; }
    credit of monthly fee { below 99%: 10%; }
  }
}
)";

std::string series(const std::string& name, const std::string& service, int bucket, int shift,
                   const std::string& instance = "") {
  return name + "{" + (instance.empty() ? "" : "instance=\"" + instance + "\",") + "slaudit_bucket=\"" +
         std::to_string(bucket) + "\",slaudit_contract=\"Rules\",slaudit_service=\"" + service + "\",slaudit_shift=\"" +
         std::to_string(shift) + "\"}";
}

std::string expect(const std::string& expr, const std::string& at, const std::string& samples) {
  return "  - expr: '" + expr + "'\n    eval_time: " + at + "\n    exp_samples:\n" + samples;
}
std::string sample(const std::string& labels, int value) {
  return "    - labels: '" + labels + "'\n      value: " + std::to_string(value) + "\n";
}

}  // namespace

TEST_CASE("promtool test rules: the recorded figures of every bucket size and source", "[prometheus][promtool]") {
  if (!slaudit::testing::PrometheusServer::available()) {
    WARN("skipped: promtool (Debian package `prometheus`) is not installed; scripts/setup-debian.sh installs it");
    return;
  }
  const slaudit::testing::ScratchDir dir("promtool-rules");
  dir.write("contract.sla", kContract);
  // --lag 0: each bucket is recorded as soon as it ends; in Kolkata (UTC+05:30)
  // minute and 5-minute buckets fall on UTC's (shift 0), hours half an hour off (shift 1800).
  auto run = dir.run(SLAUDIT_CLI,
                     "prometheus-rules contract.sla --period 2026-11 --lag 0 --ok req=req_ok --total req=req_requests -o rules.yml");
  INFO(run.err);
  REQUIRE(run.exit == 0);
  const std::string rules = dir.read("rules.yml");
  CHECK(slaudit::testing::has(rules, "slaudit_shift: '1800'"));
  // Minutes 0..179 (from the epoch, promtool's clock): a fails in minutes 60..64;
  // b reports 0..29, a stale marker at 30, nothing in 31..59, then 60..179; x has 9 of 10 requests.
  std::string test = "rule_files: [rules.yml]\nevaluation_interval: 1m\ntests:\n- interval: 1m\n  input_series:\n"
                     "  - series: 'probe_success{instance=\"a\"}'\n    values: '1+0x59 0+0x4 1+0x114'\n"
                     "  - series: 'probe_success{instance=\"b\"}'\n    values: '1+0x29 stale _x29 1+0x119'\n"
                     "  - series: 'req_ok{instance=\"x\"}'\n    values: '9+0x179'\n"
                     "  - series: 'req_requests{instance=\"x\"}'\n    values: '10+0x179'\n"
                     "  promql_expr_test:\n";
  const std::string ok = "slaudit:probe_ok:bucket", total = "slaudit:probe_total:bucket";
  // 1 min, evaluated at 61m: the bucket [60m, 61m): a failed (0 of 1), b good (1 of 1).
  test += expect(ok + "{slaudit_bucket=\"60\"}", "61m",
                 sample(series(ok, "api", 60, 0, "a"), 0) + sample(series(ok, "api", 60, 0, "b"), 1));
  test += expect(total + "{slaudit_bucket=\"60\"}", "61m",
                 sample(series(total, "api", 60, 0, "a"), 1) + sample(series(total, "api", 60, 0, "b"), 1));
  // 1 min at 31m: [30m, 31m) holds only b's stale marker: no figure for b (missing), a 1 of 1.
  test += expect(total + "{slaudit_bucket=\"60\"}", "31m", sample(series(total, "api", 60, 0, "a"), 1));
  // 5 min at 65m: [60m, 65m): a 0 of 5, b 5 of 5; at 64m: [55m, 60m): a 5 of 5, b none.
  test += expect(ok + "{slaudit_bucket=\"300\",slaudit_service=\"api\"}", "65m",
                 sample(series(ok, "api", 300, 0, "a"), 0) + sample(series(ok, "api", 300, 0, "b"), 5));
  test += expect(total + "{slaudit_bucket=\"300\",slaudit_service=\"api\"}", "64m",
                 sample(series(total, "api", 300, 0, "a"), 5));
  // 1 h shifted 30 min, at 120m: [30m, 90m): a 55 of 60, b 30 of 30 (60..89; the stale marker is not a sample).
  test += expect(ok + "{slaudit_bucket=\"3600\"}", "120m",
                 sample(series(ok, "web", 3600, 1800, "a"), 55) + sample(series(ok, "web", 3600, 1800, "b"), 30));
  test += expect(total + "{slaudit_bucket=\"3600\"}", "120m",
                 sample(series(total, "web", 3600, 1800, "a"), 60) + sample(series(total, "web", 3600, 1800, "b"), 30));
  // Count gauges, 5 min at 65m: 5 samples of 9 ok and 10 requests: 45 of 50.
  test += expect(ok + "{slaudit_service=\"req\"}", "65m", sample(series(ok, "req", 300, 0, "x"), 45));
  test += expect(total + "{slaudit_service=\"req\"}", "65m", sample(series(total, "req", 300, 0, "x"), 50));
  // Every evaluation is recorded, data or not.
  test += expect("slaudit:probe_evaluated:bucket{slaudit_service=\"web\"}", "120m",
                 sample(series("slaudit:probe_evaluated:bucket", "web", 3600, 1800), 1));
  dir.write("test.yml", test);
  run = dir.run(slaudit::testing::PrometheusServer::promtool(), "test rules test.yml");
  INFO(run.out + run.err);
  CHECK(run.exit == 0);
  CHECK(slaudit::testing::has(run.out, "SUCCESS"));
}

TEST_CASE("prometheus-rules refuses what cannot be recorded exactly", "[prometheus]") {
  const slaudit::testing::ScratchDir dir("prometheus-rules-refuse");
  dir.write("clipped.sla", R"(contract "Clipped" {
  effective 2026-01-01 to 2026-12-31; timezone "UTC"; currency USD;
  service api { fee 100.00 per month; }
  availability api {
    target 99%; period calendar month;
    unavailable from probes { bucket 7 min; bad when success ratio < 90%; }
    credit of monthly fee { below 99%: 10%; }
  }
}
)");
  auto run = dir.run(SLAUDIT_CLI, "prometheus-rules clipped.sla --period 2026-11");
  CHECK(run.exit == 1);
  CHECK(slaudit::testing::has(run.err, "clipped.sla:4: error: availability api: a bucket of 420 s is clipped"));
  run = dir.run(SLAUDIT_CLI, "prometheus-rules clipped.sla --period 2026-11 --success http_requests_total");
  CHECK(run.exit == 2);
  CHECK(slaudit::testing::has(run.err, "named like a counter"));
  run = dir.run(SLAUDIT_CLI, "prometheus-rules clipped.sla --ok good");
  CHECK(run.exit == 2);
  CHECK(slaudit::testing::has(run.err, "--ok and --total go together"));
  run = dir.run(SLAUDIT_CLI, "prometheus-rules clipped.sla --success 'rate(x[5m])'");
  CHECK(run.exit == 2);
  CHECK(slaudit::testing::has(run.err, "not a vector selector"));
}
