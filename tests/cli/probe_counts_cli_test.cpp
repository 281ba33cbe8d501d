// Request counts from Prometheus end to end (tests/data/sources/prometheus_counts/):
// a query_range response of ok and total series, split in two where the pod
// label changes, audits to the same figures as the same samples written as
// CSV (timestamp,target,ok,total).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

const std::string kData = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/prometheus_counts/";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-probe-counts") {
    copy_in(kData + "contract.sla", "c.sla");
    copy_in(kData + "range.json", "range.json");
    copy_in(kData + "samples.csv", "samples.csv");
  }
  CliRun audit(const std::string& probes) const {
    return run(SLAUDIT_CLI, "audit c.sla --probes " + probes + " --period 2026-11 --format text");
  }
};

// The lines that carry figures: the period's row and the probe measurement's,
// not the lines naming the input (its name, digest and record counts differ).
std::string figures(const std::string& report) {
  std::istringstream in(report);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (has(line, "2026-11") || has(line, "buckets ") || has(line, "samples ") || has(line, "Total") ||
        has(line, "Result"))
      if (!has(line, "range.json") && !has(line, "samples.csv")) out += line + "\n";
  return out;
}

}  // namespace

TEST_CASE("cli probe counts: ok and total series audit as the same samples in CSV", "[cli][probe-counts]") {
  const Scratch s;
  const CliRun json = s.audit("range.json");
  const CliRun csv = s.audit("samples.csv");
  INFO(json.out << json.err << "\n----\n" << csv.out << csv.err);
  // Bad minutes (ok / total < 99%): 02:01, (20 + 29) / (20 + 30) = 49/50 = 98%,
  // summed over the two pods; 02:03, 90/100. 2 minutes of downtime in November's
  // 43,200: 43,198 / 43,200 = 99.99537...% < 99.999%: 10% of 100.00 = 10.00.
  CHECK(json.exit == 3);
  CHECK(csv.exit == 3);
  CHECK(has(csv.out, "43200         2"));
  CHECK(has(csv.out, "10.00"));
  CHECK(!figures(csv.out).empty());
  CHECK(figures(json.out) == figures(csv.out));
  // 12 values read (2 + 4 + 2 + 4), all used; 5 rows.
  CHECK(has(json.out, "range.json: read 12, used 12, rejected 0\n"));
  CHECK(has(csv.out, "samples.csv: read 5, used 5, rejected 0\n"));
}
