// Probes per resource in a fleet audit (jobs/fleet_probes.h, docs/fleet.md
// "Probes per resource"): each resource is measured from its own targets,
// over its own life; a target that probes no resource is rejected with its
// reason; a resource no target names is not assessed; the figures do not
// depend on the order of the rows.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/probe_month.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::add_november_target;
using slaudit::testing::has;
using slaudit::testing::probe_csv;
using slaudit::testing::november_minute;
using slaudit::testing::report_row;

const char* const kContract =
    "contract \"Probed fleet\" {\n"
    "  provider \"P\"; customer \"C\"; timezone \"UTC\"; currency USD;\n"
    "  service vm { resources instance; }\n"
    "  availability vm per instance {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    partial period prorated;\n"
    "    unavailable from probes {\n"
    "      bucket 5 min;\n"
    "      bad when success ratio < 100%;\n"
    "      targets any;\n"
    "    }\n"
    "    missing data counts as down;\n"
    "    exclude maintenance;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "    claim within 30 d after period end;\n"
    "  }\n"
    "}\n";

// vm-2 launched on 11-16; vm-4 is never probed.
const char* const kInventory =
    "id,service,region,zone,launched,terminated\n"
    "vm-1,vm,r1,r1a,,\n"
    "vm-2,vm,r1,r1a,2026-11-16T00:00:00Z,\n"
    "vm-3,vm,r1,r1b,,\n"
    "vm-4,vm,r1,r1b,,\n";

const char* const kBilling =
    "resource,period,charge,currency\n"
    "vm-1,2026-11,30.00,USD\n"
    "vm-2,2026-11,15.00,USD\n"
    "vm-3,2026-11,30.00,USD\n"
    "vm-4,2026-11,30.00,USD\n";

constexpr int kNov10At10 = 9 * 1440 + 600;   // 2026-11-10 10:00
constexpr int kNov16 = 15 * 1440;           // vm-2's launch
constexpr int kNov20 = 19 * 1440;

// vm-1 fails 11-10 10:00 to 11:00 (12 buckets), vm-2 one bucket on 11-20,
// vm-3 never; lb-1, which probes no resource, has 3 samples.
std::vector<std::string> month_rows() {
  std::vector<std::string> rows;
  add_november_target(rows, "vm-1", 0, [](int m) { return m >= kNov10At10 && m < kNov10At10 + 60; });
  add_november_target(rows, "vm-2", kNov16, [](int m) { return m == kNov20; });
  add_november_target(rows, "vm-3", 0, [](int) { return false; });
  for (int m = 0; m < 15; m += 5) rows.push_back(november_minute(m) + ",lb-1,1");
  return rows;
}

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("fleet-probes") {
    write("fleet.sla", kContract);
    write("inventory.csv", kInventory);
    write("billing.csv", kBilling);
  }
  Run audit(const std::string& args) const {
    return run(SLAUDIT_CLI, "audit fleet.sla --inventory inventory.csv --billing-export billing.csv --period 2026-11 " + args);
  }
};

// Every resource's figures, the records and the verdict: what must not depend on row order.
nlohmann::json figures(const nlohmann::json& report) {
  nlohmann::json out = nlohmann::json::array();
  for (auto r : report["resources"]) out.push_back(r);
  out.push_back(report["records"]);
  out.push_back(report["unassessed"]);
  out.push_back(report["totals"]);
  out.push_back(report["verdict"]);
  return out;
}

}  // namespace

TEST_CASE("fleet probes: each resource is measured from its own target over its own life", "[fleet][probe]") {
  const Scratch scratch;
  scratch.write("probes.csv", probe_csv(month_rows()));
  const Run run = scratch.audit("--probes probes.csv --format json");
  INFO(run.err);
  REQUIRE(run.exit == 3);  // vm-1 is breached
  const auto report = nlohmann::json::parse(run.out);

  // vm-1: 12 bad buckets of 8,640 = 60 min of 43,200: 43,140 / 43,200 = 719/720
  // = 99.8611% < 99.9%: 10% of its 30.00 USD = 3.00 USD.
  const auto& vm1 = report_row(report, "vm-1");
  CHECK(vm1["down_raw_seconds"] == 3600);
  CHECK(vm1["availability"]["num"] == "719");
  CHECK(vm1["availability"]["den"] == "720");
  CHECK(vm1["verdict"] == "breached");
  CHECK(vm1["owed"]["minor"] == 300);
  // What a claim names: the run of bad buckets, with its times.
  REQUIRE(vm1["counted_incidents"].size() == 1);
  CHECK(vm1["counted_incidents"][0]["id"] == "probes down #1");
  CHECK(vm1["counted_incidents"][0]["start"] == "2026-11-10T10:00:00Z");
  CHECK(vm1["counted_incidents"][0]["end"] == "2026-11-10T11:00:00Z");
  CHECK(vm1["counted_incidents"][0]["down_seconds"] == 3600);
  // vm-2 from its launch on 11-16: 15 days = 4,320 buckets, 1 bad: 4,319/4,320
  // = 99.9768% >= 99.9%: met, over a partial period.
  const auto& vm2 = report_row(report, "vm-2");
  CHECK(vm2["partial"] == true);
  CHECK(vm2["start"] == "2026-11-16T00:00:00Z");
  CHECK(vm2["down_raw_seconds"] == 300);
  CHECK(vm2["availability"]["num"] == "4319");
  CHECK(vm2["verdict"] == "met");
  CHECK(report_row(report, "vm-3")["availability_percent"] == "100.0000%");

  // vm-4 has no probe target: not assessed, with the clause and the reason, not 0% nor dropped.
  REQUIRE(report["unassessed"].size() == 1);
  CHECK(report["unassessed"][0]["resource"] == "vm-4");
  CHECK(has(report["unassessed"][0]["reason"].get<std::string>(),
            "availability vm (line 4) is measured from probes and no probe target names this resource"));
  // lb-1 probes nothing: its 3 samples are rejected, with one reason, and the evidence is incomplete.
  // Read: 3 x 8,640 - 4,320 (vm-2 before its launch) + 3 = 21,603.
  const auto& records = report["records"];
  REQUIRE(records.size() == 3);  // inventory, billing export, probes
  CHECK(records[2]["path"] == "probes.csv");
  CHECK(records[2]["read"] == 21603);
  CHECK(records[2]["used"] == 21600);
  CHECK(records[2]["rejected"] == 3);
  REQUIRE(report["rejected"].size() == 1);
  CHECK(report["rejected"][0]["line"] == 2 + 8640 + 4320 + 8640);  // the header, then vm-1, vm-2, vm-3's rows
  CHECK(has(report["rejected"][0]["reason"].get<std::string>(), "target 'lb-1' probes no resource of the inventory"));
  CHECK(report["evidence_complete"] == false);
  CHECK(report["total_owed"]["minor"] == 300);
}

TEST_CASE("fleet probes: shuffled rows give the same figures", "[fleet][probe][order]") {
  const Scratch scratch;
  std::vector<std::string> rows = month_rows();  // target after target: read in time order, most rows come late
  scratch.write("by_target.csv", probe_csv(rows));
  std::vector<std::string> by_time = rows;
  std::stable_sort(by_time.begin(), by_time.end(),
                   [](const std::string& a, const std::string& b) { return a.substr(0, 20) < b.substr(0, 20); });
  scratch.write("by_time.csv", probe_csv(by_time));
  std::shuffle(rows.begin(), rows.end(), std::mt19937(2026));
  scratch.write("shuffled.csv", probe_csv(rows));
  const Run in_order = scratch.audit("--probes by_time.csv --format json");
  INFO(in_order.err);
  const auto expected = nlohmann::json::parse(in_order.out);
  for (const char* file : {"by_target.csv", "shuffled.csv"}) {
    INFO(file);
    const Run other = scratch.audit(std::string("--probes ") + file + " --format json");
    auto report = nlohmann::json::parse(other.out);
    for (auto& r : report["records"])
      if (r["path"] == file) r["path"] = "by_time.csv";
    CHECK(figures(report) == figures(expected));
    CHECK(other.exit == in_order.exit);
  }
}

TEST_CASE("fleet probes: a --targets map gives a resource its targets", "[fleet][probe]") {
  const Scratch scratch;
  std::vector<std::string> rows;
  // vm-1 has two probes, a and b: b fails 11-10 10:00-11:00; under `targets any` vm-1 is down then.
  add_november_target(rows, "probe-a", 0, [](int) { return false; });
  add_november_target(rows, "probe-b", 0, [](int m) { return m >= kNov10At10 && m < kNov10At10 + 60; });
  // A target named vm-1 as well: the map gives vm-1 its targets, so this one probes nothing.
  rows.push_back(november_minute(0) + ",vm-1,0");
  add_november_target(rows, "vm-3", 0, [](int) { return false; });
  scratch.write("probes.csv", probe_csv(rows));
  scratch.write("map.json",
                "{\"probe-a\": {\"service\": \"vm\", \"resource\": \"vm-1\"},\n"
                " \"probe-b\": {\"service\": \"vm\", \"resource\": \"vm-1\"},\n"
                " \"probe-c\": {\"service\": \"vm\", \"resource\": \"vm-2\"}}\n");
  const Run run = scratch.audit("--probes probes.csv --targets map.json --format json");
  INFO(run.err);
  const auto report = nlohmann::json::parse(run.out);
  // vm-1: the same 719/720 as from one target.
  CHECK(report_row(report, "vm-1")["availability"]["num"] == "719");
  // vm-2's mapped probe-c never reported: every bucket of its life is missing,
  // and missing data counts as down: 0 of 1,296,000 s, breached, 10% of 15.00.
  const auto& vm2 = report_row(report, "vm-2");
  CHECK(vm2["availability_percent"] == "0.0000%");
  CHECK(vm2["owed"]["minor"] == 150);
  CHECK(report_row(report, "vm-3")["availability_percent"] == "100.0000%");
  REQUIRE(report["rejected"].size() == 1);
  CHECK(has(report["rejected"][0]["reason"].get<std::string>(), "target 'vm-1' probes no resource"));
  CHECK(report["unassessed"].size() == 1);  // vm-4
  CHECK(run.exit == 3);
}

TEST_CASE("fleet probes: bad maps and missing probes are said, never guessed", "[fleet][probe]") {
  const Scratch scratch;
  scratch.write("probes.csv", probe_csv(month_rows()));
  scratch.write("incidents.csv", "id,service,start,end,resource\n");
  struct Case {
    std::string map, message;
  };
  const Case cases[] = {
      {"{\"p\": {\"service\": \"vm\", \"resource\": \"vm-9\"}}", "map.json: target \"p\": no resource \"vm-9\" in the inventory"},
      {"{\"p\": {\"service\": \"vm\", \"resource\": 9}}", "map.json: target \"p\": \"resource\" must be a non-empty string"},
  };
  for (const Case& c : cases) {
    INFO(c.map);
    scratch.write("map.json", c.map);
    const Run run = scratch.audit("--probes probes.csv --targets map.json");
    CHECK(run.exit == 2);
    CHECK(has(run.err, c.message));
  }
  // A map entry whose service is not its resource's: refused, naming both.
  {
    std::string two = kContract;
    two.replace(two.find("  service vm { resources instance; }\n"), std::string("  service vm { resources instance; }\n").size(),
                "  service vm { resources instance; }\n  service db { resources node; }\n");
    scratch.write("two.sla", two);
    scratch.write("map.json", "{\"p\": {\"service\": \"db\", \"resource\": \"vm-1\"}}");
    const Run run = scratch.run(SLAUDIT_CLI, "audit two.sla --inventory inventory.csv --probes probes.csv "
                                             "--targets map.json --period 2026-11");
    CHECK(run.exit == 2);
    CHECK(has(run.err, "map.json: target \"p\": resource \"vm-1\" is of service \"vm\", not \"db\""));
  }
  // An incident log alone cannot measure a probe clause: every resource is not assessed, and says why.
  const Run no_probes = scratch.audit("--incidents incidents.csv --format json");
  INFO(no_probes.err);
  CHECK(no_probes.exit == 4);
  const auto report = nlohmann::json::parse(no_probes.out);
  CHECK(report["resources"].empty());
  REQUIRE(report["unassessed"].size() == 4);
  CHECK(has(report["unassessed"][0]["reason"].get<std::string>(), "no probe input was given (--probes)"));
  // Neither input: a usage error.
  const Run neither = scratch.audit("");
  CHECK(neither.exit == 2);
  CHECK(has(neither.err, "needs --incidents, --probes or --prometheus"));
}

TEST_CASE("fleet probes: a probed fleet audit is recorded in a ledger and verified from its probe files",
          "[fleet][probe][ledger]") {
  const Scratch scratch;
  scratch.write("probes.csv", probe_csv(month_rows()));
  const Run recorded = scratch.audit("--probes probes.csv --ledger audits.db");
  INFO(recorded.err);
  CHECK(recorded.exit == 3);
  CHECK(has(recorded.err, "recorded in audits.db as audit 1 (3 period(s)"));  // vm-1, vm-2, vm-3 (vm-4 not assessed)
  const Run verified = scratch.run(SLAUDIT_CLI, "ledger verify audits.db");
  INFO(verified.out << verified.err);
  CHECK(verified.exit == 0);
  CHECK(has(verified.out, "every figure is the same"));
  // The probe file changed since: verify says so (its digest is not the recorded one).
  scratch.write("probes.csv", probe_csv(month_rows()) + november_minute(0) + ",vm-3,0\n");
  const Run changed = scratch.run(SLAUDIT_CLI, "ledger verify audits.db");
  CHECK(changed.exit != 0);
  CHECK(has(changed.out, "probes probes.csv "));
  CHECK(has(changed.out, ": changed (now "));
}
