// Latency objectives end to end (contracts/examples/latency_api.sla and its
// histogram, docs/audit.md section 32): the figures worked by hand, the same
// figures whatever the order of the rows, and the refusals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

const std::string kExamples = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-latency") {
    copy_in(kExamples + "latency_api.sla", "c.sla");
    copy_in(kExamples + "latency_api.histogram.csv.gz", "h.csv.gz");
  }
  CliRun audit(const std::string& probes, const std::string& format) const {
    return run(SLAUDIT_CLI, "audit c.sla --probes " + probes + " --period 2026-11 --format " + format);
  }
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

TEST_CASE("cli latency: the two objectives of the example, worked by hand", "[cli][latency]") {
  const Scratch s;
  const CliRun text = s.audit("h.csv.gz", "text");
  INFO(text.out << text.err);
  CHECK(text.exit == 3);
  // p99 under 300 ms: 1000 requests every 5 min, 995 within 300 ms; on the 2nd
  // 10:00 990 (exactly 99%: the p99 is at most 300 ms, not bad) and 10:05 989
  // (bad); on the 10th 00:00-08:20, 100 buckets of 980 (bad). 101 bad buckets =
  // 505 min; (43,200 - 505) / 43,200 = 42,695 / 43,200 = 98.8310...% < 99%: 10%
  // of 1,000.00 = 100.00.
  CHECK(has(text.out, "  api/p99 under 300 ms     2026-11     99%         43200       505             0     98.8310%~  "
                      "<99%: 10%  100.00  no cap  100.00  2026-12-30  missed\n"));
  // median under 100 ms: 900 of 1000 within 100 ms, but 499 on the 20th
  // 00:00-01:00 (12 buckets, bad) and 500 at 01:00 (exactly 50%, not bad):
  // 60 min; 43,140 / 43,200 = 99.8611...% >= 99.5%: met.
  CHECK(has(text.out, "  api/median under 100 ms  2026-11   99.5%         43200        60             0     99.8611%~  "
                      "-            0.00  no cap    0.00  -           met\n"));
  // One row per 5 minutes: 30 x 288 = 8,640 rows, each a sample of both clauses.
  CHECK(has(text.out, "h.csv.gz: read 8640, used 8640, rejected 0\n"));
  CHECK(has(text.out, "buckets 8640, bad 101, down (in runs of at least the minimum) 101"));
  CHECK(has(text.out, "buckets 8640, bad 12, down (in runs of at least the minimum) 12"));
}

TEST_CASE("cli latency: the same report for any order of the rows and columns", "[cli][latency][order]") {
  const Scratch s;
  const CliRun plain = s.run("gunzip", "-c h.csv.gz");
  REQUIRE(plain.exit == 0);
  s.write("h.csv", plain.out);
  std::vector<std::string> lines = lines_of(plain.out);
  REQUIRE(lines.size() == 8641);
  // Rows backwards (every sample 3 h and more behind the first one read: the
  // batch audit reads them again in time order), and the columns reversed.
  std::vector<std::string> rows(lines.begin() + 1, lines.end());
  std::reverse(rows.begin(), rows.end());
  auto reverse_columns = [](const std::string& line) {
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string c; std::getline(in, c, ',');) cells.push_back(c);
    std::reverse(cells.begin(), cells.end());
    std::string out;
    for (const auto& c : cells) out += (out.empty() ? "" : ",") + c;
    return out;
  };
  std::vector<std::string> shuffled{reverse_columns(lines[0])};
  for (const auto& r : rows) shuffled.push_back(reverse_columns(r));
  s.write("reordered.csv", joined(shuffled));

  const CliRun in_order = s.audit("h.csv", "json");
  const CliRun reordered = s.audit("reordered.csv", "json");
  INFO(reordered.err);
  CHECK(in_order.exit == 3);
  CHECK(reordered.exit == 3);
  // The inputs' names and digests differ (inputs, records); every figure is the same.
  auto figures = [](const std::string& text) {
    nlohmann::json j = nlohmann::json::parse(text);
    j.erase("inputs");
    j.erase("records");
    return j;
  };
  const nlohmann::json a = figures(in_order.out), b = figures(reordered.out);
  CHECK(a.size() > 5);
  CHECK(a == b);
  CHECK(has(in_order.out, "\"down_raw_seconds\": 30300,"));  // 505 min
}

TEST_CASE("cli latency: refusals, each with its reason", "[cli][latency]") {
  const Scratch s;
  // A histogram without the clause's bound: the count within 300 ms is not known.
  s.write("coarse.csv", "timestamp,target,le=0.1,le=0.5,le=+Inf\n2026-11-01T00:00:00Z,api,5,9,10\n");
  const CliRun coarse = s.audit("coarse.csv", "text");
  CHECK(coarse.exit == 2);
  CHECK(has(coarse.err, "coarse.csv:1: no column le=0.3: the contract's latency bound of 0.3 s must be a bucket bound "
                        "of the histogram"));
  // Recording rules for Prometheus: refused, with the clause's place.
  const CliRun rules = s.run(SLAUDIT_CLI, "prometheus-rules c.sla --period 2026-11");
  CHECK(rules.exit != 0);
  CHECK(has(rules.err, "c.sla:14: error: availability api: a latency objective is audited from a latency histogram"));
}
