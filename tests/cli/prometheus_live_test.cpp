// `slaudit audit --prometheus` against a real Prometheus 2.42 (Debian's
// package): a month of probe samples loaded as blocks (promtool tsdb
// create-blocks-from openmetrics), the generated rules evaluated over that
// month (create-blocks-from rules, against the running server), then the
// audit from the recorded series must equal, figure for figure and cent for
// cent, the audit of the same samples as CSV. Skipped, with the reason
// printed, only where the package is missing (scripts/setup-debian.sh
// installs it). A few seconds: three targets, one month.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <vector>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/prometheus_server.h"

namespace {

namespace fs = std::filesystem;
using slaudit::testing::PrometheusServer;

// Asia/Kolkata (UTC+05:30): June 2025 runs from 2025-05-31T18:30Z, so hour
// buckets are half an hour off the UTC hours (the rules' shift handles it).
const char* const kContract = R"(contract "Live" {
  effective 2025-01-01 to 2025-12-31; timezone "Asia/Kolkata"; currency USD;
  service api { fee 1000.00 per month; }
  service web { fee 500.00 per month; }
  availability api {
    target 99.9%; period calendar month;
    unavailable from probes {
      bucket 5 min; bad when success ratio < 90%; at least 2 consecutive bad buckets;
      targets at least 50%; target "a"; target "b"; target "c";
    }
    missing data counts as down;
    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }
  }
  availability web {
    target 99.9%; period calendar month;
    unavailable from probes {
      bucket 1 h; bad when error rate > 5%; targets averaged; measure average error rate;
      target "a"; target "c";
    }
    missing data counts as excluded;
    credit of monthly fee { below 99.9%: 10%; }
  }
}
)";

// One sample a minute per target: a on the minute (so on every bucket's edge),
// b 17 s and c 59 s after it; a 50-minute outage of all three, 30 minutes of b
// alone, c silent for about 2.8 hours, and 1 failure in 40 at random.
void write_samples(const slaudit::testing::ScratchDir& dir) {
  const int64_t from = 1748716200 - 3600, to = 1751308200 + 3600;
  std::string om = "# TYPE probe_success gauge\n";
  std::vector<std::pair<int64_t, std::string>> rows;  // the CSV in time order, as a probe log is written
  uint64_t state = 12345;
  const struct { const char* name; int64_t offset; } targets[] = {{"a", 0}, {"b", 17}, {"c", 59}};
  for (const auto& t : targets)
    for (int64_t ts = from + t.offset; ts < to; ts += 60) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      if (t.name[0] == 'c' && ts >= 1750500000 && ts < 1750510000) continue;
      const bool down = (ts >= 1749000000 && ts < 1749003000) || (t.name[0] == 'b' && ts >= 1750000000 && ts < 1750001800) ||
                        (state >> 33) % 40 == 0;
      const std::string v = down ? "0" : "1";
      om += std::string("probe_success{instance=\"") + t.name + "\"} " + v + " " + std::to_string(ts) + "\n";
      rows.emplace_back(ts, std::to_string(ts) + "," + t.name + "," + v + "\n");
    }
  om += "# EOF\n";
  std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::string csv = "timestamp,target,success\n";
  for (const auto& [_, line] : rows) csv += line;
  dir.write("probes.csv", csv);
  dir.write("probes.om", om);
}

nlohmann::json figures(const std::string& report) {
  const nlohmann::json j = nlohmann::json::parse(report);
  return {{"periods", j.at("periods")}, {"totals", j.at("totals")}};
}

}  // namespace

TEST_CASE("live prometheus: the audit from recorded buckets equals the audit of the raw samples", "[prometheus][live]") {
  if (!PrometheusServer::available()) {
    WARN("skipped: the Debian package `prometheus` (prometheus, promtool) is not installed; scripts/setup-debian.sh installs it");
    return;
  }
  const slaudit::testing::ScratchDir dir("prometheus-live");
  dir.write("contract.sla", kContract);
  write_samples(dir);
  auto run = dir.run(SLAUDIT_CLI, "prometheus-rules contract.sla --period 2025-06 -o rules.yml");
  INFO(run.err);
  REQUIRE(run.exit == 0);
  PrometheusServer server(dir.path() / "data");
  slaudit::testing::serve_recorded(dir, server, "probes.om", "rules.yml", "2025-05-31T00:00:00Z", "2025-07-02T00:00:00Z");

  const auto raw = dir.run(SLAUDIT_CLI, "audit contract.sla --probes probes.csv --period 2025-06 --format json");
  const auto recorded = dir.run(SLAUDIT_CLI, "audit contract.sla --prometheus " + server.url() +
                                                 " --period 2025-06 --format json --save-fetched fetched");
  INFO(recorded.err);
  REQUIRE(!raw.out.empty());
  REQUIRE(!recorded.out.empty());
  CHECK(recorded.exit == raw.exit);
  CHECK(figures(recorded.out) == figures(raw.out));
  // Not a vacuous equality: the outages are there (api breached, web averaged).
  const auto periods = nlohmann::json::parse(raw.out).at("periods");
  REQUIRE(periods.size() == 2);
  CHECK(periods[0].at("probe").at("bad_buckets").get<int>() > 10);
  CHECK(periods[0].at("probe").at("target_buckets_missing").get<int>() > 0);
  CHECK(raw.exit == 3);

  server.stop();
  const auto replay = dir.run(SLAUDIT_CLI, "audit contract.sla --prometheus-replay fetched --period 2025-06 --format json");
  CHECK(replay.exit == recorded.exit);
  CHECK(replay.out == recorded.out);
}
