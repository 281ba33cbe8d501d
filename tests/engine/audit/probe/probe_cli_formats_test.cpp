// `slaudit audit --probes` end to end on the other input formats: Prometheus
// query_range JSON (with NaN values and stale markers) and gzip'd CSV, from a
// file and from standard input. Figures worked by hand beside each check.
#include <catch2/catch.hpp>


#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "base/util/sha256.h"
#include "tests/support/cli_run.h"
#include "tests/support/gzip.h"


namespace {

// Minute buckets, bad under 95%, downtime from runs of 2 or more, the one target p1, missing data up.
const char* const kContract =
    "contract \"Probe formats\" {\n"
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

// 2026-11-01T00:00:00Z is 1793491200. Series p1 (its `instance` label), values in order:
//   1: 00:10 "0"    bad          5: 00:14 "+Inf"  rejected (not in [0, 1])
//   2: 00:11 "0.5"  bad          6: 00:15 "1"     good
//   3: 00:12 "NaN"  missing      7: 00:20 "NaN"   missing (a stale marker is written NaN too)
//   4: 00:13 "0.2"  bad
// Not every value is 0 or 1, so the series gives ratio samples. 00:10-00:11 is a run of 2: 120 s down.
// 00:12 has no sample: missing, counted as up, so it ends the run; 00:13 is bad alone: too short.
// A second series for p9 (not a target of the clause): one value, offered, not used.
const char* const kPrometheus =
    R"({"status":"success","data":{"resultType":"matrix","result":[)"
    R"({"metric":{"__name__":"probe_success","instance":"p1","job":"blackbox"},"values":[)"
    R"([1793491800,"0"],[1793491860,"0.5"],[1793491920,"NaN"],[1793491980,"0.2"],)"
    R"([1793492040,"+Inf"],[1793492100,"1"],[1793492400,"NaN"]]},)"
    R"({"metric":{"__name__":"probe_success","instance":"p9"},"values":[[1793491800,"1"]]}]}})";

// Minutes 10 and 11 bad (a run of 2: 120 s down), line 4 an identical repeat, line 6 malformed,
// minute 30 bad alone (too short), line 8 after the period.
const char* const kCsv =
    "timestamp,target,ok,total\n"
    "2026-11-01T00:10:00Z,p1,0,10\n"
    "2026-11-01T00:11:00Z,p1,0,10\n"
    "2026-11-01T00:11:00Z,p1,0,10\n"
    "2026-11-01T00:20:00Z,p1,10,10\n"
    "yesterday,p1,1,1\n"
    "2026-11-01T00:30:00Z,p1,0,10\n"
    "2026-12-05T00:00:00Z,p1,1,1\n";

using Run = slaudit::testing::CliRun;
using slaudit::testing::gzip;
using slaudit::testing::has;

// A scratch folder with the test's files; `slaudit audit` runs inside it.
class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-probe-formats") {
    write("contract.sla", kContract);
    write("q.json", kPrometheus);
    write("probes.csv.gz", gzip(kCsv, 9));
  }
  // `stdin_file`: a file of the folder to give the command as standard input.
  Run run(const std::string& args, const std::string& stdin_file = "") const {
    return ScratchDir::run(SLAUDIT_CLI, "audit " + args + (stdin_file.empty() ? "" : " < " + stdin_file));
  }
};

}  // namespace

TEST_CASE("probe cli: Prometheus query_range JSON with NaN and stale markers", "[probe]") {
  const Scratch scratch;
  const Run text = scratch.run("contract.sla --probes q.json --period 2026-11");
  INFO(text.out << text.err);
  // 120 s down of 2,592,000: 1 - 1/21600 = 99.99537...%, met; but the rejected +Inf is evidence that
  // could not be used, so the result is "no breach found, evidence incomplete": exit 4.
  CHECK(text.exit == 4);
  CHECK(has(text.out, "99.9953%~"));
  // 8 values read: p1's 7 and p9's 1. p1: 0, 0.5, 0.2 and 1 used (4), NaN twice missing (2),
  // +Inf rejected (1); p9: its 1 used by the reader (the clause then finds it is not a target).
  // Used 5 + missing 2 + rejected 1 = 8.
  CHECK(has(text.out, "  q.json: read 8, used 5, rejected 1\n"));
  CHECK(has(text.out, "  q.json:5: "));  // the 5th value of the input: +Inf
  CHECK(has(text.out, "q.json: 2 Prometheus values were NaN"));
  // Buckets: 43,200 minutes; bad 00:10, 00:11, 00:13; down the run of two.
  CHECK(has(text.out, "buckets 43200, bad 3, down (in runs of at least the minimum) 2,"));

  const Run json = scratch.run("contract.sla --probes q.json --period 2026-11 --format json");
  const auto report = nlohmann::json::parse(json.out);
  CHECK(report["periods"][0]["down_seconds"]["decimal"] == "120");
  const auto& acc = report["probe_accounting"][0];
  CHECK(acc["seen"] == 5);          // the 5 samples the reader produced
  CHECK(acc["used"] == 4);          // p1's four
  CHECK(acc["not_a_target"] == 1);  // p9
  CHECK(report["inputs"][1] == nlohmann::json({{"role", "probes"},
                                               {"path", "q.json"},
                                               {"sha256", slaudit::sha256_hex(kPrometheus)}}));

  // The same JSON from standard input gives the same figures.
  const Run piped = scratch.run("contract.sla --probes - --period 2026-11 --format json", "q.json");
  const auto piped_report = nlohmann::json::parse(piped.out);
  CHECK(piped_report["periods"] == report["periods"]);
  CHECK(piped_report["inputs"][1]["path"] == "-");
  CHECK(piped_report["inputs"][1]["sha256"] == slaudit::sha256_hex(kPrometheus));
}

TEST_CASE("probe cli: gzip'd CSV from a file and from standard input", "[probe]") {
  const Scratch scratch;
  const Run text = scratch.run("contract.sla --probes probes.csv.gz --period 2026-11");
  INFO(text.out << text.err);
  // As the plain CSV: 120 s down, 99.9953%~, 7 rows read, 6 used, line 6 rejected (so exit 4, incomplete).
  CHECK(text.exit == 4);
  CHECK(has(text.out, "99.9953%~"));
  CHECK(has(text.out, "  probes.csv.gz: read 7, used 6, rejected 1\n"));
  CHECK(has(text.out, "  probes.csv.gz:6: bad timestamp"));
  // Bad 00:10, 00:11 and 00:30; down 00:10-00:11 only.
  CHECK(has(text.out, "buckets 43200, bad 3, down (in runs of at least the minimum) 2,"));
  CHECK(has(text.out, "duplicates ignored (identical) 1"));
  CHECK(has(text.out, "outside the periods 1"));

  const Run json = scratch.run("contract.sla --probes probes.csv.gz --period 2026-11 --format json");
  const auto report = nlohmann::json::parse(json.out);
  CHECK(report["periods"][0]["down_seconds"]["decimal"] == "120");
  // The digest is of the compressed bytes on disk, not of the CSV inside.
  const std::string compressed = scratch.read("probes.csv.gz");
  CHECK(report["inputs"][1]["sha256"] == slaudit::sha256_hex(compressed));
  CHECK(report["inputs"][1]["sha256"] != slaudit::sha256_hex(kCsv));

  // From standard input, gzip is recognised by its magic bytes.
  const Run piped = scratch.run("contract.sla --probes - --period 2026-11 --format json", "probes.csv.gz");
  CHECK(nlohmann::json::parse(piped.out)["periods"] == report["periods"]);

  // A truncated gzip file is an error naming the file, never a short audit.
  scratch.write("cut.csv.gz", compressed.substr(0, compressed.size() - 6));
  const Run cut = scratch.run("contract.sla --probes cut.csv.gz --period 2026-11");
  CHECK(cut.exit == 2);
  CHECK(has(cut.err, "cut.csv.gz: truncated gzip data"));
  CHECK(cut.out.empty());
}
