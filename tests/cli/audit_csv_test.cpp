// `slaudit audit --format csv` and `--format csv-incidents` (issue 20; docs/audit.md
// section 29) on the quickstart contract, every figure worked by hand.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;

struct Scratch : slaudit::testing::ScratchDir {
  Scratch() : ScratchDir("cli-audit-csv") {
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", "acme.sla");
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.incidents.jsonl", "acme.jsonl");
  }
  CliRun run(const std::string& args) const {
    return ScratchDir::run(SLAUDIT_CLI, "audit acme.sla --incidents acme.jsonl --period 2026-11 " + args);
  }
};

}  // namespace

TEST_CASE("cli audit csv: a row per period, plain figures", "[cli][csv]") {
  const Scratch scratch;
  const CliRun run = scratch.run("--format csv");
  INFO(run.err);
  CHECK(run.exit == 3);
  // November in Europe/Berlin: 2,592,000 s; excluded: maintenance 3,600 + customer 7,200 = 10,800 s; down 3,000 s;
  // eligible 2,581,200; (2,581,200 - 3,000) / 2,581,200 = 4297/4302 = 99.8837749...%, shown truncated: 99.883774; 10% of 500.00 = 50.00 EUR.
  CHECK(run.out ==
        "service,clause,clause_line,period,start,end,partial,target_percent,length_seconds,excluded_seconds,"
        "down_seconds,eligible_seconds,availability_percent,availability_exact,verdict,tier,fee,credit,cap,owed,"
        "currency,claim_state,claim_deadline,claim_earliest,evidence_gaps\n"
        "vm,,13,2026-11,2026-10-31T23:00:00Z,2026-11-30T23:00:00Z,no,99.9,2592000,10800,3000,2581200,99.883774,"
        "4297/4302,breached,below 99.9%,500.00,50.00,,50.00,EUR,not_given,2026-12-30,,\n");
}

TEST_CASE("cli audit csv: a row per incident, reasons quoted when they hold a comma", "[cli][csv]") {
  const Scratch scratch;
  scratch.write("acme.jsonl",
                "{\"id\":\"a-1\",\"service\":\"vm\",\"start\":\"2026-11-04T10:00:00+01:00\",\"end\":\"2026-11-04T10:50:00+01:00\"}\n"
                "{\"id\":\"a,2\",\"service\":\"vm\",\"cause\":\"customer\",\"start\":\"2026-11-20T14:00:00+01:00\","
                "\"end\":\"2026-11-20T16:00:00+01:00\",\"title\":\"=Disk, full\",\"url\":\"https://s.example/2\","
                "\"ticket\":\"OPS-2\"}\n");
  const CliRun run = scratch.run("--format csv-incidents");
  INFO(run.err);
  // The title is quoted for its comma, and kept from a spreadsheet's formulas by the quote csv_field adds.
  CHECK(run.out ==
        "service,clause,period,incident,log_line,start,end,open,role,down_seconds,excluded_seconds,clause_line,reason,"
        "title,url,ticket\n"
        "vm,,2026-11,a-1,1,2026-11-04T09:00:00Z,2026-11-04T09:50:00Z,no,down,3000,0,16,counted as downtime,,,\n"
        "vm,,2026-11,\"a,2\",2,2026-11-20T13:00:00Z,2026-11-20T15:00:00Z,no,excluded,0,7200,18,"
        "cause customer is excluded,\"'=Disk, full\",https://s.example/2,OPS-2\n");
}

TEST_CASE("cli audit csv: a fleet report is not CSV", "[cli][csv]") {
  const Scratch scratch;
  scratch.write("inv.csv", "id,service\ni-1,vm\n");
  const CliRun run = scratch.run("--inventory inv.csv --format csv");
  CHECK(run.exit == 2);
  CHECK(run.out.empty());
}
