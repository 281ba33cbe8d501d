// A batch probe audit gives the same figures for any order of its rows and
// series (jobs/probe_inputs.h): rows shuffled, reversed, sorted by target,
// Prometheus series one after another, standard input, and an external sort
// that spills to disk. Only a --live audit keeps the lateness window as a rule,
// and then says its evidence is incomplete.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

const char* const kContract =
    "contract \"Probes\" {\n"
    "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
    "  service api { fee 1000.00 per month; }\n"
    "  availability api {\n"
    "    target 99.99%;\n"
    "    period calendar month;\n"
    "    unavailable from probes {\n"
    "      bucket 1 min;\n"
    "      bad when success ratio < 95%;\n"
    "      at least 2 consecutive bad buckets;\n"
    "      targets averaged;\n"
    "    }\n"
    "    missing data counts as down;\n"
    "    credit of monthly fee { below 99.99%: 10%; }\n"
    "  }\n"
    "}\n";

// Four targets, one sample a minute for a day (2026-11-03). t2 fails from
// 10:00 to 10:49 (50 bad minutes), t3 from 20:00 to 20:00 (1 bad minute: a short
// run), t4 has no sample from 12:00 to 12:29 (30 missing minutes, counted down),
// and t1's 06:00 row is written twice with other values (a conflict: neither
// used, so that minute is missing for t1, one minute down too, but a run of 1).
std::vector<std::string> day_rows() {
  std::vector<std::string> rows;
  for (int target = 1; target <= 4; ++target)
    for (int m = 0; m < 24 * 60; ++m) {
      const int h = m / 60, mi = m % 60;
      if (target == 4 && h == 12 && mi < 30) continue;
      const bool bad = (target == 2 && h == 10 && mi < 50) || (target == 3 && h == 20 && mi == 0);
      char line[80];
      std::snprintf(line, sizeof line, "2026-11-03T%02d:%02d:00Z,t%d,%d", h, mi, target, bad ? 0 : 1);
      rows.push_back(line);
      if (target == 1 && h == 6 && mi == 0) {
        std::snprintf(line, sizeof line, "2026-11-03T%02d:%02d:00Z,t%d,%d", h, mi, target, 0);
        rows.push_back(line);
      }
    }
  return rows;
}

std::string csv(const std::vector<std::string>& rows) {
  std::string out = "timestamp,target,success\n";
  for (const std::string& r : rows) out += r + "\n";
  return out;
}

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("probe-order") { write("contract.sla", kContract); }
  Run audit(const std::string& args) const { return run(SLAUDIT_CLI, "audit contract.sla " + args); }
};

// The figures of a JSON report: every period's numbers and verdict, and what
// the engine counted (not the example lines, which name rows where they are).
nlohmann::json figures(const Run& run) {
  INFO(run.err);
  const auto report = nlohmann::json::parse(run.out);
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : report["periods"]) {
    nlohmann::json f = {{"period", p["period"]}, {"down", p["down_seconds"]}, {"eligible", p["eligible_seconds"]},
                        {"availability", p["availability"]}, {"owed", p["owed"]}, {"verdict", p["verdict"]},
                        {"probe", p["probe"]}};
    out.push_back(f);
  }
  for (auto a : report["probe_accounting"]) {
    a.erase("examples");
    out.push_back(a);
  }
  out.push_back(report["verdict"]);
  return out;
}

}  // namespace

TEST_CASE("probe order: shuffled, reversed and target-major rows give the same figures", "[probe][order]") {
  const Scratch scratch;
  std::vector<std::string> rows = day_rows();  // target after target: t2's rows come 1,441 minutes after t1's
  scratch.write("by_target.csv", csv(rows));
  std::vector<std::string> by_time = rows;
  std::stable_sort(by_time.begin(), by_time.end(), [](const std::string& a, const std::string& b) {
    return a.substr(0, 20) < b.substr(0, 20);
  });
  scratch.write("by_time.csv", csv(by_time));
  std::vector<std::string> reversed(by_time.rbegin(), by_time.rend());
  scratch.write("reversed.csv", csv(reversed));
  std::vector<std::string> shuffled = rows;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(2026));
  scratch.write("shuffled.csv", csv(shuffled));

  const Run in_order = scratch.audit("--probes by_time.csv --period 2026-11 --format json");
  const nlohmann::json expected = figures(in_order);
  // Worked: t2 50 bad minutes, a run: 50 min down at 1/4 weight; t4 30 missing
  // minutes counted down, a run: 30 min at 1/4; t3's 1 bad minute and t1's
  // conflicted minute are runs shorter than 2. Down = (50 + 30) / 4 min = 20 min
  // = 1,200 s of November's 2,592,000: availability 1 - 1/2160 = 99.9537...% < 99.99%:
  // the 10% tier, 100.00 USD. The 1,439 minutes of Nov 3 around them and the rest of
  // November have no sample at all: missing, counted down for every target, so the
  // rest of the month is down too.
  const auto report = nlohmann::json::parse(in_order.out);
  const auto& acc = report["probe_accounting"][0];
  CHECK(acc["late"] == 0);
  CHECK(acc["duplicate_conflicting"] == 2);
  CHECK(acc["used"] == 4 * 1440 - 30 - 1);  // every row but the 30 missing and t1's 06:00 pair
  CHECK(in_order.exit == 3);

  for (const char* file : {"by_target.csv", "reversed.csv", "shuffled.csv"}) {
    INFO(file);
    const Run other = scratch.audit(std::string("--probes ") + file + " --period 2026-11 --format json");
    CHECK(figures(other) == expected);
    CHECK(other.exit == in_order.exit);
  }
  // Standard input is read again from a copy: the same figures.
  const Run piped = scratch.run(SLAUDIT_CLI, "audit contract.sla --probes - --period 2026-11 --format json < shuffled.csv");
  CHECK(figures(piped) == expected);
  // Two files, the second earlier than the first: the same again.
  std::vector<std::string> morning(by_time.begin(), by_time.begin() + by_time.size() / 2);
  std::vector<std::string> evening(by_time.begin() + by_time.size() / 2, by_time.end());
  scratch.write("morning.csv", csv(morning));
  scratch.write("evening.csv", csv(evening));
  CHECK(figures(scratch.audit("--probes evening.csv morning.csv --period 2026-11 --format json")) == expected);
}

TEST_CASE("probe order: with --live, a row behind the lateness is lost and the period is incomplete", "[probe][order]") {
  const Scratch scratch;
  std::vector<std::string> rows = day_rows();
  scratch.write("by_target.csv", csv(rows));
  const Run live = scratch.audit("--probes by_target.csv --period 2026-11 --live --format json");
  INFO(live.err);
  const auto report = nlohmann::json::parse(live.out);
  CHECK(report["probe_accounting"][0]["late"] > 0);  // t2..t4 arrive a day behind t1
  CHECK(report["evidence_complete"] == false);
  CHECK(report["periods"][0]["evidence_gaps"].size() == 1);
  CHECK(live.exit == 3);  // the month is breached all the same (most of it has no data)
  const Run text = scratch.audit("--probes by_target.csv --period 2026-11 --live");
  CHECK(has(text.out, "missed (incomplete)"));
  CHECK(has(text.out, "evidence incomplete: "));
}

TEST_CASE("probe order: a Prometheus response lists series one after another", "[probe][order]") {
  const Scratch scratch;
  // probe_success of two instances over an hour at a 60 s step, as Prometheus
  // writes it; the second instance fails from 00:05 to 00:54 (50 minutes).
  std::ostringstream json;
  json << R"({"status":"success","data":{"resultType":"matrix","result":[)";
  for (int instance = 1; instance <= 2; ++instance) {
    json << (instance > 1 ? "," : "") << R"({"metric":{"__name__":"probe_success","instance":"i)" << instance
         << R"(","job":"blackbox"},"values":[)";
    for (int m = 0; m < 60; ++m) {
      const bool down = instance == 2 && m >= 5 && m < 55;
      json << (m ? "," : "") << "[" << 1793664000 + m * 60 << ",\"" << (down ? 0 : 1) << "\"]";
    }
    json << "]}";
  }
  json << "]}}";
  scratch.write("range.json", json.str());
  scratch.write("any.sla",
                "contract \"Blackbox\" {\n"
                "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
                "  service web { fee 1000.00 per month; }\n"
                "  availability web {\n"
                "    target 99.9%; period calendar month;\n"
                "    unavailable from probes { bucket 1 min; bad when success ratio < 100%; targets any; }\n"
                "    missing data counts as up;\n"
                "    credit of monthly fee { below 99.9%: 10%; }\n"
                "  }\n"
                "}\n");
  // 1793664000 is 2026-11-02T00:00:00Z. 50 bad minutes of November's 43,200:
  // 1 - 50/43200 = 99.8842...% < 99.9%: 10% of 1,000.00 = 100.00 USD owed.
  const Run run = scratch.run(SLAUDIT_CLI, "audit any.sla --probes range.json --period 2026-11");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(has(run.out, "99.8842%~"));
  CHECK(has(run.out, "Total owed: 100.00 USD"));
}

TEST_CASE("probe order: a Prometheus step coarser than the clause's bucket is refused", "[probe][order]") {
  const Scratch scratch;
  std::ostringstream json;
  json << R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"instance":"i1"},"values":[)";
  for (int k = 0; k < 12; ++k) json << (k ? "," : "") << "[" << 1793664000 + k * 300 << ",\"1\"]";
  json << "]}]}}";
  scratch.write("coarse.json", json.str());
  const Run run = scratch.audit("--probes coarse.json --period 2026-11");
  CHECK(run.exit == 2);
  CHECK(has(run.err, "coarse.json: series {instance=\"i1\"} was queried at a step of 300 s, coarser than the 60 s "
                     "buckets of availability api (contract.sla:4)"));
}

TEST_CASE("probe order: the S3 golden's probes shuffled give the golden's figures", "[probe][order]") {
  // tests/golden/library/amazon_s3_standard: the same contract and probe file, rows in five orders.
  const std::string root = SLAUDIT_SOURCE_DIR;
  const std::string contract = root + "/contracts/library/amazon_s3_standard.sla";
  std::ifstream file(root + "/contracts/library/amazon_s3_standard.probes.csv");
  std::string header, line;
  std::getline(file, header);
  std::vector<std::string> rows;
  while (std::getline(file, line)) rows.push_back(line);
  REQUIRE(rows.size() >= 20);
  const Scratch scratch;
  const auto audit = [&](const std::string& probes) {
    return scratch.run(SLAUDIT_CLI, "audit '" + contract + "' --probes " + probes + " --period 2026-11 --format json");
  };
  const Run golden_order = audit("'" + root + "/contracts/library/amazon_s3_standard.probes.csv'");
  const nlohmann::json expected = figures(golden_order);
  for (unsigned seed : {1u, 2u, 3u, 4u}) {
    std::vector<std::string> order = rows;
    if (seed == 4) std::reverse(order.begin(), order.end());
    else std::shuffle(order.begin(), order.end(), std::mt19937(seed));
    std::string text = header + "\n";
    for (const std::string& r : order) text += r + "\n";
    scratch.write("s3.csv", text);
    INFO("seed " << seed);
    const Run shuffled = audit("s3.csv");
    CHECK(figures(shuffled) == expected);
    CHECK(shuffled.exit == golden_order.exit);
  }
}
