// `slaudit claims` end to end: the built binary (SLAUDIT_CLI) on the bundled
// example and on small files, for exit codes, digests and input errors.
#include <catch2/catch.hpp>


#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "base/text/display_width.h"
#include "base/util/sha256.h"
#include "tests/support/cli_run.h"


namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

const std::string kExamples = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/";

// A scratch folder holding copies of the bundled example; the command runs inside it.
class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-claims") {
    for (const char* name : {"article_claims.sla", "article_claims.inventory.json", "article_claims.measurements.jsonl",
                             "article_claims.incidents.jsonl"})
      copy_in(kExamples + name, name);
  }
  Run run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, "claims " + args); }
};

const std::string kExample =
    "article_claims.sla --inventory article_claims.inventory.json --measurements article_claims.measurements.jsonl "
    "--incidents article_claims.incidents.jsonl";

// A contract whose every claim holds on the small evidence below.
const std::string kGood =
    "contract \"ok\" { timezone \"UTC\"; currency CNY;\n"
    "  service training { fee 1.00 per month; }\n"
    "  claim \"万卡\": gpus >= 10000 aggregate;\n"
    "  claim \"存储\": storage_throughput >= 1 TB/s under load;\n"
    "}\n";
const std::string kInventory = R"({"clusters": [{"id": "a", "gpus": 6000}, {"id": "b", "gpus": 6000}]})";
const std::string kMeasurements =
    "{\"metric\":\"storage_throughput\",\"value\":1.5,\"unit\":\"TB/s\",\"condition\":\"under_load\","
    "\"time\":\"2026-11-01T00:00:00Z\",\"source\":\"test\"}\n";

}  // namespace

TEST_CASE("cli claims: the bundled example shows every verdict and exits 3", "[claims][cli]") {
  const Scratch scratch;
  const Run run = scratch.run(kExample + " --format json");
  CHECK(run.exit == 3);
  INFO(run.err);
  const nlohmann::json report = nlohmann::json::parse(run.out);
  CHECK(report["schema"] == "slaudit-claims-report/1");
  CHECK(report["range"] == "2026-09-01..2026-11-30");
  std::map<std::string, std::string> verdicts;
  for (const auto& item : report["items"]) verdicts[item["text"]] = item["verdict"];
  // Worked by hand in contracts/examples/README.md.
  const std::map<std::string, std::string> expected = {
      {"具备万卡集群交付能力", "AMBIGUOUS"},
      {"自研GPU故障自愈技术,训练任务中断约20分钟自动恢复", "AMBIGUOUS"},
      {"集群实际运行SLA达99.9%以上", "AMBIGUOUS"},
      {"高性能存储,峰值吞吐2 TB/s", "AMBIGUOUS"},
      {"支持秒级扩缩容", "REFUTED"},
      {"70+主流模型一键调用", "VERIFIED"},
      {"热门模型发布当天即可上线", "UNVERIFIABLE"},
      {"通过公安部网络安全等级保护四级评测", "UNVERIFIABLE"},
      {"单集群4096卡", "VERIFIED"},
      {"万卡单集群", "REFUTED"},
      {"节点宕机20分钟内自愈", "VERIFIED"},
      {"光模块故障20分钟内自愈", "REFUTED"},
      {"按自然月统计SLA 99.9%", "REFUTED"},
      {"commit checkpoint_write >= 400 GB/s under load", "REFUTED"},
      {"commit checkpoint_interval <= 30 min", "VERIFIED"},
      {"commit storage_throughput >= 1 TB/s under load", "VERIFIED"},
      {"commit preemption_notice >= 30 min", "UNVERIFIABLE"},
  };
  CHECK(verdicts == expected);
  CHECK(report["summary"] == nlohmann::json{{"total", 17}, {"VERIFIED", 5}, {"REFUTED", 5}, {"AMBIGUOUS", 4},
                                            {"UNVERIFIABLE", 3}});
  // Every input by digest; every record used.
  CHECK(report["inputs"][0] == nlohmann::json{{"role", "contract"},
                                              {"path", "article_claims.sla"},
                                              {"sha256", slaudit::sha256_hex(scratch.read("article_claims.sla"))}});
  CHECK(report["inputs"].size() == 4);
  CHECK(report["inputs"][3]["sha256"] == slaudit::sha256_hex(scratch.read("article_claims.incidents.jsonl")));
  CHECK(report["records"] == nlohmann::json::parse(R"([
    {"path": "article_claims.inventory.json", "read": 3, "used": 3, "rejected": 0},
    {"path": "article_claims.measurements.jsonl", "read": 9, "used": 9, "rejected": 0},
    {"path": "article_claims.incidents.jsonl", "read": 11, "used": 11, "rejected": 0}])"));
  // Deterministic bytes.
  CHECK(scratch.run(kExample + " --format json").out == run.out);
}

TEST_CASE("cli claims: the text report aligns Chinese claims and lists the readings", "[claims][cli]") {
  const Scratch scratch;
  const Run run = scratch.run(kExample);
  CHECK(run.exit == 3);
  CHECK(has(run.out, "5 VERIFIED, 5 REFUTED, 4 AMBIGUOUS, 3 UNVERIFIABLE\n"));
  CHECK(has(run.out, "[AMBIGUOUS] 具备万卡集群交付能力\n"));
  CHECK(has(run.out, "largest cluster bj-gpu-01 has 4,096 gpus, not >= 10000"));
  CHECK(has(run.out, "12,288 gpus over 3 clusters (bj-gpu-01 4,096, sh-gpu-01 4,096, gz-gpu-02 4,096)"));
  // The summary table: the last column ("as read") starts at the same display column on every
  // row, though the claims before it mix Chinese (two columns a character) and ASCII.
  std::istringstream lines(run.out);
  std::string line;
  int rows = 0;
  std::set<size_t> starts;
  while (std::getline(lines, line)) {
    if (line.size() < 20) continue;
    if (line.compare(8, 7, "claim  ") != 0 && line.compare(8, 12, "commitment  ") != 0) continue;
    ++rows;
    starts.insert(slaudit::display_width(line.substr(0, line.rfind("  ") + 2)));
  }
  CHECK(starts.size() == 1);
  CHECK(rows == 17);
  const Run md = scratch.run(kExample + " --format markdown");
  CHECK(md.exit == 3);
  CHECK(md.out.rfind("# Claims verified: GPU cluster: the article's vendor claims\n", 0) == 0);
  CHECK(has(md.out, "| single cluster | REFUTED | largest cluster bj-gpu-01 has 4,096 gpus, not \\>= 10000 |"));
}

TEST_CASE("cli claims: exit 0 when every claim is verified, UNVERIFIABLE fails unless allowed", "[claims][cli]") {
  const Scratch scratch;
  scratch.write("good.sla", kGood);
  scratch.write("inv.json", kInventory);
  scratch.write("m.jsonl", kMeasurements);
  const Run good = scratch.run("good.sla --inventory inv.json --measurements m.jsonl");
  CHECK(good.exit == 0);
  CHECK(has(good.out, "2 VERIFIED, 0 REFUTED, 0 AMBIGUOUS, 0 UNVERIFIABLE\n"));
  // Without the measurements the storage claim is unverifiable: exit 3, or 0 with --allow-unverifiable.
  const Run missing = scratch.run("good.sla --inventory inv.json");
  CHECK(missing.exit == 3);
  CHECK(has(missing.out, "would settle it: measurements of storage_throughput under_load"));
  const Run allowed = scratch.run("good.sla --inventory inv.json --allow-unverifiable");
  CHECK(allowed.exit == 0);
  CHECK(has(allowed.err, "1 claim(s) UNVERIFIABLE, allowed by --allow-unverifiable"));
  // A refuted claim fails even with --allow-unverifiable.
  CHECK(scratch.run(kExample + " --allow-unverifiable").exit == 3);
}

TEST_CASE("cli claims: rejected measurements are listed, --strict exits 1", "[claims][cli]") {
  const Scratch scratch;
  scratch.write("good.sla", kGood);
  scratch.write("inv.json", kInventory);
  scratch.write("m.jsonl", kMeasurements + "{\"metric\":\"storage_throughput\",\"value\":1,\"unit\":\"TB\"}\n");
  const Run run = scratch.run("good.sla --inventory inv.json --measurements m.jsonl");
  CHECK(run.exit == 0);  // the good record still verifies the claim
  CHECK(has(run.out, "  m.jsonl: read 2, used 1, rejected 1\n"));
  CHECK(has(run.out, "  m.jsonl:2: unit 'TB' is a data size, but storage_throughput is a data rate\n"));
  CHECK(has(run.err, "warning: 1 evidence record(s) rejected"));
  const Run strict = scratch.run("good.sla --inventory inv.json --measurements m.jsonl --strict");
  CHECK(strict.exit == 1);
  CHECK(has(strict.out, "m.jsonl:2:"));
}

TEST_CASE("cli claims: usage, I/O, inventory and contract errors", "[claims][cli]") {
  const Scratch scratch;
  CHECK(scratch.run("article_claims.sla --inventory missing.json").exit == 2);
  CHECK(scratch.run("missing.sla").exit == 2);
  CHECK(scratch.run(kExample + " --period 2026-13").exit == 2);
  CHECK(scratch.run(kExample + " --format sarif").exit == 2);  // not a claims report format
  CHECK(scratch.run(kExample + " --from 2026-11-30 --to 2026-11-01").exit == 2);
  scratch.write("bad.json", R"({"clusters": [{"id": "a", "gpus": 4096}, {"id": "b", "gpus": "many"}]})");
  const Run bad = scratch.run("article_claims.sla --inventory bad.json");
  CHECK(bad.exit == 2);
  CHECK(bad.out.empty());
  CHECK(has(bad.err, "bad.json: $.clusters[1].gpus: must be a whole number, found a string\n"));
  scratch.write("broken.sla", "contract \"x\" { claim \"c\": gpus >= 10 nodes; }\n");
  const Run broken = scratch.run("broken.sla");
  CHECK(broken.exit == 1);
  CHECK(has(broken.err, "broken.sla:1:"));
  // November alone: the monthly and whole-range readings agree (both below 99.9%).
  const Run november = scratch.run(kExample + " --period 2026-11 --format json");
  const nlohmann::json report = nlohmann::json::parse(november.out);
  CHECK(report["range"] == "2026-11");
  for (const auto& item : report["items"])
    if (item["text"] == "集群实际运行SLA达99.9%以上") CHECK(item["verdict"] == "REFUTED");
}
