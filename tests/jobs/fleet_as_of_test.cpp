// A fleet audited as of an instant (docs/fleet.md, docs/audit.md section 28):
// each resource's period in progress with the incidents known then, or a
// rolling window; never a final figure, never exit 0.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

const char* const kContract =
    "contract \"Fleet as of\" {\n"
    "  provider \"P\"; customer \"C\"; timezone \"UTC\"; currency USD;\n"
    "  service vm { resources instance; }\n"
    "  availability vm per instance {\n"
    "    target 99.9%; period calendar month; partial period prorated;\n"
    "    unavailable when any incident; exclude maintenance;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "    claim within 30 d after period end;\n"
    "  }\n"
    "}\n";

// i-2 launched on 11-10; i-3's incident starts after the instant.
const char* const kInventory =
    "id,service,region,zone,launched,terminated\n"
    "i-1,vm,r1,r1a,,\n"
    "i-2,vm,r1,r1a,2026-11-10T00:00:00Z,\n"
    "i-3,vm,r1,r1b,,\n";

const char* const kBilling =
    "resource,period,charge,currency\n"
    "i-1,2026-11,30.00,USD\n"
    "i-2,2026-11,21.00,USD\n"
    "i-3,2026-11,30.00,USD\n";

const char* const kIncidents =
    "id,service,start,end,resource\n"
    "A,vm,2026-11-19T10:00:00Z,2026-11-19T11:00:00Z,i-1\n"
    "B,vm,2026-11-20T11:00:00Z,,i-2\n"
    "C,vm,2026-11-25T00:00:00Z,2026-11-25T05:00:00Z,i-3\n";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("fleet-as-of") {
    write("fleet.sla", kContract);
    write("inventory.csv", kInventory);
    write("billing.csv", kBilling);
    write("incidents.csv", kIncidents);
  }
  Run audit(const std::string& args) const {
    return run(SLAUDIT_CLI, "audit fleet.sla --inventory inventory.csv --billing-export billing.csv "
                            "--incidents incidents.csv --format json " + args);
  }
};

const nlohmann::json& row_of(const nlohmann::json& report, const std::string& id) {
  for (const auto& r : report["resources"])
    if (r["resource"] == id) return r;
  FAIL("no row for " << id);
  throw std::logic_error("unreachable");
}

bool gap_has(const nlohmann::json& row, const std::string& text) {
  for (const auto& g : row["evidence_gaps"])
    if (has(g.get<std::string>(), text)) return true;
  return false;
}

}  // namespace

TEST_CASE("fleet as of: each resource's month so far, with the incidents known then", "[fleet][budget]") {
  const Scratch scratch;
  const Run run = scratch.audit("--as-of 2026-11-20T12:00:00Z");
  INFO(run.err);
  CHECK(run.exit == 3);  // i-1 and i-2 are breached already
  const auto report = nlohmann::json::parse(run.out);
  // i-1: 60 min of November's 43,200: 43,140 / 43,200 = 719/720 = 99.8611% < 99.9%, certain already.
  const auto& i1 = row_of(report, "i-1");
  CHECK(i1["period"] == "2026-11");
  CHECK(i1["availability"]["num"] == "719");
  CHECK(i1["availability"]["den"] == "720");
  CHECK(i1["verdict"] == "breached");
  CHECK(gap_has(i1, "in progress: audited as of 2026-11-20T12:00:00Z"));
  // i-2 from its launch on 11-10: 21 days = 30,240 min; B open since 11:00, counted up to 12:00:
  // 30,180 / 30,240 = 503/504 = 99.8015...% < 99.9%.
  const auto& i2 = row_of(report, "i-2");
  CHECK(i2["partial"] == true);
  CHECK(i2["down_raw_seconds"] == 3600);
  CHECK(i2["availability"]["num"] == "503");
  CHECK(i2["availability"]["den"] == "504");
  // i-3: C starts after the instant: not yet known, 100% so far, and only provisional.
  const auto& i3 = row_of(report, "i-3");
  CHECK(i3["availability_percent"] == "100.0000%");
  CHECK(gap_has(i3, "in progress"));
  bool noted = false;
  for (const auto& n : report["notes"])
    noted |= has(n.get<std::string>(), "audited as of 2026-11-20T12:00:00Z: incidents known by then, open ones counted "
                                       "as down up to it; 1 incident record(s) starting at or after it left out");
  CHECK(noted);
  CHECK(report["evidence_complete"] == false);
}

TEST_CASE("fleet as of: one resource explained, with its error budget and the same gap", "[fleet][budget]") {
  const Scratch scratch;
  const Run run = scratch.run(SLAUDIT_CLI, "audit fleet.sla --inventory inventory.csv --billing-export billing.csv "
                                           "--incidents incidents.csv --as-of 2026-11-20T12:00:00Z --explain-resource i-3");
  INFO(run.err);
  // i-3 is met so far: budget 0.1% of 43,200 min = 43.2 min, none spent; never "every SLA met".
  CHECK(has(run.out, "Error budget as of 2026-11-20T12:00:00Z"));
  CHECK(has(run.out, "43.2"));
  CHECK(has(run.out, "evidence incomplete: in progress: audited as of 2026-11-20T12:00:00Z"));
  CHECK_FALSE(has(run.out, "Result: every SLA met"));
  CHECK(run.exit == 3);  // the fleet's exit code: i-1 and i-2 are breached
}

TEST_CASE("fleet as of: a rolling window per resource, judged without credits", "[fleet][budget]") {
  const Scratch scratch;
  const Run run = scratch.audit("--as-of 2026-11-20T12:00:00Z --window 7d");
  INFO(run.err);
  CHECK(run.exit == 3);
  const auto report = nlohmann::json::parse(run.out);
  // 2026-11-13T12:00Z to 2026-11-20T12:00Z = 10,080 min; i-1 and i-2 each 60 min down:
  // 10,020 / 10,080 = 167/168 = 99.4047...% < 99.9%; a window owes nothing.
  for (const char* id : {"i-1", "i-2"}) {
    INFO(id);
    const auto& row = row_of(report, id);
    CHECK(row["period"] == "2026-11-13T12:00:00Z/2026-11-20T12:00:00Z");
    CHECK(row["availability"]["num"] == "167");
    CHECK(row["availability"]["den"] == "168");
    CHECK(row["owed"]["minor"] == 0);
    CHECK(gap_has(row, "a rolling window as of 2026-11-20T12:00:00Z"));
  }
  CHECK(report["total_owed"]["minor"] == 0);
}

TEST_CASE("fleet as of: the options it takes no part with are refused", "[fleet][budget]") {
  const Scratch scratch;
  for (const char* extra : {"--period 2026-11", "--from 2026-11-01 --to 2026-11-30", "--probes p.csv",
                            "--prometheus-replay fetched", "--ledger l.db"}) {
    INFO(extra);
    const Run run = scratch.audit(std::string("--as-of 2026-11-20T12:00:00Z ") + extra);
    CHECK(run.exit == 2);
    CHECK(has(run.err, "it takes no --period, --from, --to, --probes, --prometheus or --ledger"));
  }
  const Run window_alone = scratch.audit("--window 7d");
  CHECK(window_alone.exit == 2);
  CHECK(has(window_alone.err, "give --as-of too"));
}
