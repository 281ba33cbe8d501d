// `slaudit audit --probes` end to end: the built binary (SLAUDIT_CLI) on a
// small probe file, read from a file and from standard input.
#include <catch2/catch.hpp>


#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "base/util/sha256.h"
#include "tests/support/cli_run.h"


namespace {

const char* const kContract =
    "contract \"Probes\" {\n"
    "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
    "  service api { fee 1000.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    unavailable from probes {\n"
    "      bucket 1 min;\n"
    "      bad when success ratio < 95%;\n"
    "      at least 2 consecutive bad buckets;\n"
    "      target \"p1\";\n"
    "    }\n"
    "    missing data counts as up;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "  }\n"
    "}\n";

// Minutes 10 and 11 bad (a run of 2: 120 s down), line 4 an identical repeat,
// line 6 malformed, minute 30 bad alone (short), line 8 in Unix seconds, line 9 after the period.
const char* const kProbes =
    "timestamp,target,ok,total\n"
    "2026-11-01T00:10:00Z,p1,0,10\n"
    "2026-11-01T00:11:00Z,p1,0,10\n"
    "2026-11-01T00:11:00Z,p1,0,10\n"
    "2026-11-01T00:20:00Z,p1,10,10\n"
    "yesterday,p1,1,1\n"
    "2026-11-01T00:30:00Z,p1,0,10\n"
    "1793493600,p1,10,10\n"
    "2026-12-05T00:00:00Z,p1,1,1\n";

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

// A scratch folder with the test's files; `slaudit audit` runs inside it.
class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-probe") {
    write("contract.sla", kContract);
    write("probes.csv", kProbes);
  }
  // `stdin_file`: a file of the folder to give the command as standard input.
  Run run(const std::string& args, const std::string& stdin_file = "") const {
    return ScratchDir::run(SLAUDIT_CLI, "audit " + args + (stdin_file.empty() ? "" : " < " + stdin_file));
  }
};

// The keys of `value` are exactly those docs/audit-report.schema.json allows for
// $defs/`def`, and every required one is there (one level: enough for the probe objects).
void check_against_schema(const nlohmann::json& value, const std::string& def) {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/audit-report.schema.json");
  const auto schema = nlohmann::json::parse(in)["$defs"][def];
  for (const auto& name : schema["required"]) {
    INFO(def << " requires " << name);
    CHECK(value.contains(name.get<std::string>()));
  }
  for (const auto& [key, child] : value.items()) {
    INFO(def << " has " << key);
    CHECK(schema["properties"].contains(key));
  }
}

}  // namespace

TEST_CASE("probe cli: a small probe file audited end to end", "[probe]") {
  const Scratch scratch;
  const Run text = scratch.run("contract.sla --probes probes.csv --period 2026-11");
  INFO(text.err);
  // 120 s down of 2,592,000: availability 1 - 1/21600 = 99.99537...% (shown truncated), met; line 6 is
  // rejected, so the evidence is incomplete: exit 4, and the report says so.
  CHECK(text.exit == 4);
  CHECK(has(text.out, "Evidence incomplete: 1 probe row(s) rejected (listed under Records)\n"));
  CHECK(has(text.out, "99.9953%~"));
  CHECK(has(text.out, "  probes.csv: read 8, used 7, rejected 1\n"));
  CHECK(has(text.out, "  probes.csv:6: "));
  CHECK(has(text.out, "buckets 43200, bad 3, down (in runs of at least the minimum) 2,"));
  CHECK(has(text.out, "duplicates ignored (identical) 1"));
  CHECK(has(text.out, "outside the periods 1"));
  CHECK(has(text.err, "warning: 1 record(s) rejected"));

  const Run json = scratch.run("contract.sla --probes probes.csv --period 2026-11 --format json");
  const auto report = nlohmann::json::parse(json.out);
  const auto& probe = report["periods"][0]["probe"];
  CHECK(probe["method"] == "bad buckets");
  CHECK(probe["down_buckets"] == 2);
  CHECK(probe["ambiguous"] == false);
  CHECK(report["periods"][0]["down_seconds"]["decimal"] == "120");
  CHECK(report["probe_accounting"][0]["used"] == 5);  // 7 read minus the duplicate and the December row
  CHECK(report["probe_accounting"][0]["duplicate_identical"] == 1);
  CHECK(report["probe_accounting"][0]["examples"][0]["line"] == 4);
  check_against_schema(probe, "probe");
  check_against_schema(report["probe_accounting"][0], "probe_accounting");

  // The same from standard input, and --strict turns the rejected row into exit 1.
  const Run piped = scratch.run("contract.sla --probes - --period 2026-11 --format json --strict", "probes.csv");
  CHECK(piped.exit == 1);
  CHECK(nlohmann::json::parse(piped.out)["periods"][0]["down_seconds"] == report["periods"][0]["down_seconds"]);

  // The probe file is an input named by the SHA-256 of its bytes, from a file or from standard input.
  const std::string digest = slaudit::sha256_hex(kProbes);
  CHECK(report["inputs"][1] == nlohmann::json({{"role", "probes"}, {"path", "probes.csv"}, {"sha256", digest}}));
  CHECK(nlohmann::json::parse(piped.out)["inputs"][1] ==
        nlohmann::json({{"role", "probes"}, {"path", "-"}, {"sha256", digest}}));
  CHECK(has(text.out, "  probes    probes.csv    " + digest));

  const Run markdown = scratch.run("contract.sla --probes probes.csv --period 2026-11 --format markdown");
  CHECK(has(markdown.out, "## Probe measurements"));
}

TEST_CASE("probe cli: neither incidents nor probes is a usage error, a bad target map names itself", "[probe]") {
  const Scratch scratch;
  const Run none = scratch.run("contract.sla --period 2026-11");
  CHECK(none.exit == 2);
  CHECK(has(none.err, "give --incidents, --probes (or --prometheus), or both"));
  scratch.write("map.json", "{\"p9\": {\"service\": \"nope\"}}");
  const Run map = scratch.run("contract.sla --probes probes.csv --targets map.json --period 2026-11");
  CHECK(map.exit == 2);
  CHECK(has(map.err, "map.json: target \"p9\": no service \"nope\" in the contract"));
}

TEST_CASE("probe cli: a target map adds targets, with --live a row behind the lateness is counted late", "[probe]") {
  const Scratch scratch;
  scratch.write("map.json", "{\"p2\": {\"service\": \"api\", \"cluster\": \"c1\"}}");
  // p2 (mapped) bad at minutes 40 and 41: a run of 2, 120 s down. The p1 row at 00:05
  // comes after the p2 row at 00:41: 36 min behind, more than --lateness 10m: with --live
  // it is late, not used (00:35 is 6 min behind: in time), and the evidence is incomplete.
  scratch.write("more.csv", "timestamp,target,success\n"
                            "2026-11-01T00:40:00Z,p2,0\n"
                            "2026-11-01T00:41:00Z,p2,0\n"
                            "2026-11-01T00:35:00Z,p1,1\n"
                            "2026-11-01T00:05:00Z,p1,0\n"
                            "2026-11-01T00:06:00Z,p3,0\n");
  const std::string args = "contract.sla --probes more.csv --targets map.json --lateness 10m --period 2026-11";
  const Run run = scratch.run(args + " --live --format json");
  INFO(run.err);
  const auto report = nlohmann::json::parse(run.out);
  const auto& acc = report["probe_accounting"][0];
  CHECK(acc["targets"] == 2);         // p1 from the contract, p2 from the map
  CHECK(acc["late"] == 1);
  CHECK(acc["not_a_target"] == 1);    // p3
  CHECK(acc["lateness_seconds"] == 600);
  CHECK(acc["examples"][0]["line"] == 5);
  CHECK(report["periods"][0]["down_seconds"]["decimal"] == "120");
  CHECK(report["evidence_complete"] == false);
  CHECK(run.exit == 4);
  CHECK(has(run.err, "1 probe sample(s) late, conflicting or unusable"));
  const Run strict = scratch.run(args + " --live --strict");
  CHECK(strict.exit == 1);

  // As a batch (no --live) the file is read again in time order: nothing is late, the 00:05 row
  // is used, and the evidence is complete.
  const Run batch = scratch.run(args + " --format json");
  INFO(batch.err);
  const auto sorted = nlohmann::json::parse(batch.out);
  CHECK(sorted["probe_accounting"][0]["late"] == 0);
  CHECK(sorted["probe_accounting"][0]["used"] == 4);  // p2's two, p1's two
  CHECK(sorted["evidence_complete"] == true);
}

TEST_CASE("probe cli: counts past 2^64 in a bucket are summed exactly in every format", "[probe]") {
  // 9999999999999999999 is the largest count a reader takes (19 digits, under
  // 2^64 = 18446744073709551616); two rows of it in one bucket pass 2^64.
  // Minutes 10 and 11: p1 all good at :00 and all bad at :30, so each bucket is
  // 9999999999999999999 of 19999999999999999998 = 50% < 95%: bad, a run of 2,
  // 120 s down (summed in 64 bits the total wrapped below ok: 0 s down).
  slaudit::testing::ScratchDir dir("cli-probe-wide");
  dir.write("contract.sla", kContract);
  const std::string big = "9999999999999999999";
  dir.write("probes.csv", "timestamp,target,ok,total\n"
                          "2026-11-01T00:10:30Z,p1,0," + big + "\n"
                          "2026-11-01T00:10:00Z,p1," + big + "," + big + "\n"
                          "2026-11-01T00:11:00Z,p1," + big + "," + big + "\n"
                          "2026-11-01T00:11:30Z,p1,0," + big + "\n");
  const Run json = dir.run(SLAUDIT_CLI, "audit contract.sla --probes probes.csv --period 2026-11 --format json");
  INFO(json.err);
  const auto report = nlohmann::json::parse(json.out);
  CHECK(report["periods"][0]["probe"]["down_buckets"] == 2);
  CHECK(report["periods"][0]["down_seconds"]["decimal"] == "120");

  // Under "measure requests" the period's requests: ok 2 x big = 19999999999999999998 of 4 x big =
  // 39999999999999999996, written out whole in text and JSON.
  std::string requests = kContract;
  requests.replace(requests.find("      target \"p1\";"), 0, "      measure requests;\n");
  dir.write("requests.sla", requests);
  const Run text = dir.run(SLAUDIT_CLI, "audit requests.sla --probes probes.csv --period 2026-11");
  INFO(text.err);
  CHECK(has(text.out, "requests 19999999999999999998 good of 39999999999999999996"));
  const Run rj = dir.run(SLAUDIT_CLI, "audit requests.sla --probes probes.csv --period 2026-11 --format json");
  CHECK(has(rj.out, "\"requests_ok\": 19999999999999999998,"));
  CHECK(has(rj.out, "\"requests_total\": 39999999999999999996"));
  const Run md = dir.run(SLAUDIT_CLI, "audit requests.sla --probes probes.csv --period 2026-11 --format markdown");
  CHECK(has(md.out, "19999999999999999998 / 39999999999999999996"));
}
