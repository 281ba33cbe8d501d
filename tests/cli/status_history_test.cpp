// `slaudit audit --incidents-format status-csv|status-jsonl` end to end
// (docs/audit.md section 25): the built binary on small status histories,
// for figures, the initial-state rule and its exit codes, open incidents and
// row order.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/cli_run.h"

namespace {

// November 2026 in Shanghai: 2026-10-31T16:00Z to 2026-11-30T16:00Z, 43,200 min.
const char* const kContract =
    "contract \"Status\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31;\n"
    "  timezone \"Asia/Shanghai\";\n"
    "  currency CNY;\n"
    "  service training { fee 1000.00 per month; }\n"
    "  availability training {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "    claim within 30 d after period end;\n"
    "  }\n"
    "}\n";

// node-1 up from the period's start, down 02:00..03:00Z on 11-03 (the 02:30 down repeats): 60 min down,
// (43,200 - 60) / 43,200 = 99.8611% < 99.9%: 10% of 1,000.00 = 100.00 CNY.
const char* const kHistory =
    "time,resource,state\n"
    "2026-10-31T16:00:00Z,node-1,up\n"
    "2026-11-03T02:00:00Z,node-1,down\n"
    "2026-11-03T02:30:00Z,node-1,DOWN\n"
    "2026-11-03T03:00:00Z,node-1,up\n";
const char* const kShuffled =
    "time,resource,state\n"
    "2026-11-03T03:00:00Z,node-1,up\n"
    "2026-11-03T02:30:00Z,node-1,DOWN\n"
    "2026-10-31T16:00:00Z,node-1,up\n"
    "2026-11-03T02:00:00Z,node-1,down\n";
const char* const kBreachRow =
    "  training  2026-11   99.9%         43200        60             0     99.8611%~  <99.9%: 10%  100.00  no cap  "
    "100.00  2026-12-30  ";

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-status") {
    write("contract.sla", kContract);
    write("history.csv", kHistory);
    write("shuffled.csv", kShuffled);
    // node-1's first record is on 11-10, node-2's on 11-03: before them nothing says their state.
    write("late.csv", "time,resource,state\n2026-11-10T00:00:00Z,node-1,up\n2026-11-03T00:00:00Z,node-2,up\n");
    // Up from the period's start, down at 23:00 +08:00 on the last day and never up: open, 60 min to the end.
    write("open.jsonl", "{\"time\":\"2026-10-31T16:00:00Z\",\"state\":\"up\"}\n"
                        "{\"time\":\"2026-11-30T23:00:00+08:00\",\"state\":\"down\"}\n");
  }
  Run run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, "audit contract.sla " + args); }
};

}  // namespace

TEST_CASE("cli status: transitions give the incident's figures, and row order changes none", "[cli][status]") {
  const Scratch scratch;
  const Run run = scratch.run("--incidents history.csv --incidents-format status-csv --period 2026-11");
  CHECK(run.exit == 3);
  CHECK(has(run.out, kBreachRow));
  CHECK(has(run.out, "  history.csv: read 4, used 4, rejected 0\n"));
  CHECK(has(run.out, "note: history.csv: 1 status record(s) repeated the state already in force and were merged"));
  const Run shuffled = scratch.run("--incidents shuffled.csv --incidents-format status-csv --period 2026-11");
  CHECK(shuffled.exit == 3);
  CHECK(has(shuffled.out, kBreachRow));
  CHECK(has(shuffled.out, "  shuffled.csv: read 4, used 4, rejected 0\n"));
}

TEST_CASE("cli status: an unknown initial state is an evidence gap, never exit 0", "[cli][status]") {
  const Scratch scratch;
  const Run unknown = scratch.run("--incidents late.csv --incidents-format status-csv --period 2026-11");
  CHECK(unknown.exit == 4);
  CHECK(has(unknown.out, "evidence incomplete: late.csv: the state of 2 resources is unknown before their first "
                         "status record (the last at 2026-11-10T00:00:00Z; --initial-state unknown)"));
  CHECK(has(unknown.out, "Result: no breach found, but the evidence is incomplete\n"));
  // December starts after both first records: its evidence is whole (judged once it has ended).
  const Run december =
      scratch.run("--incidents late.csv --incidents-format status-csv --period 2026-12 --now 2027-01-01T00:00:00Z");
  CHECK(december.exit == 0);
  const Run up = scratch.run("--incidents late.csv --incidents-format status-csv --initial-state up --period 2026-11");
  CHECK(up.exit == 0);
  CHECK(has(up.out, "note: late.csv: 2 resource(s) assumed up before their first status record (--initial-state up)"));
  CHECK(has(up.out, "Result: every SLA met\n"));
}

TEST_CASE("cli status: a history ending down leaves the incident open", "[cli][status]") {
  const Scratch scratch;
  const Run run = scratch.run("--incidents open.jsonl --incidents-format status-ndjson --period 2026-11 --explain");
  CHECK(run.exit == 3);
  CHECK(has(run.out, "training@2026-11-30T15:00:00Z (line 2) down: counted as downtime; 2026-11-30T23:00:00+08:00 to "
                     "2026-12-01T00:00:00+08:00 (open), down 60 min"));
  CHECK(has(run.out, "open incident (no end in the log): runs to the end of the audited range"));
}

TEST_CASE("cli status: bad records are listed with file and line, and usage errors", "[cli][status]") {
  const Scratch scratch;
  scratch.write("bad.csv", std::string(kHistory) + "2026-11-05T00:00:00Z,node-1,critical\n2026-11-06T00:00:00,node-1,up\n");
  const Run run = scratch.run("--incidents bad.csv --incidents-format status-csv --period 2026-11");
  CHECK(run.exit == 3);  // the breach still stands; the rejected rows make the evidence incomplete
  CHECK(has(run.out, "  bad.csv: read 6, used 4, rejected 2\n"));
  CHECK(has(run.out, "  bad.csv:6: unknown state 'critical'; expected up or down (any case)\n"));
  CHECK(has(run.out, "  bad.csv:7: timestamp in 'time' has no UTC offset: '2026-11-06T00:00:00'"));
  // The extension never selects a status history, and --initial-state means nothing for an incident log.
  const Run csv = scratch.run("--incidents history.csv --incidents-format csv --initial-state up --period 2026-11");
  CHECK(csv.exit == 2);
  CHECK(has(csv.err, "--initial-state applies to status histories only"));
  const Run format = scratch.run("--incidents history.csv --incidents-format status-xml --period 2026-11");
  CHECK(format.exit == 2);
}

TEST_CASE("cli status: claims read a status history the same way and note what it leaves unknown", "[cli][status]") {
  const slaudit::testing::ScratchDir scratch("cli-status-claims");
  const std::string examples = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/";
  for (const char* name : {"article_claims.sla", "article_claims.inventory.json", "article_claims.measurements.jsonl"})
    scratch.copy_in(examples + name, name);
  scratch.write("status.csv", "time,service,resource,state\n2026-11-03T10:00:00Z,training,n1,down\n"
                              "2026-11-03T11:00:00Z,training,n1,up\n");
  const Run run = scratch.run(SLAUDIT_CLI,
                              "claims article_claims.sla --inventory article_claims.inventory.json "
                              "--measurements article_claims.measurements.jsonl --incidents status.csv "
                              "--incidents-format status-csv");
  CHECK(has(run.out, "  status.csv: read 2, used 2, rejected 0\n"));
  CHECK(has(run.out, "note: status.csv: the state of 'n1' is unknown before its first status record (at "
                     "2026-11-03T10:00:00Z; --initial-state unknown)\n"));
}

TEST_CASE("cli status: the worked example of docs/audit.md section 25", "[cli][status][docs]") {
  const slaudit::testing::ScratchDir scratch("cli-status-docs");
  scratch.copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", "acme.sla");
  scratch.write("acme.status.csv",
                "time,resource,state\n"
                "2026-11-01T00:00:00+01:00,web-1,up\n"
                "2026-11-01T00:00:00+01:00,web-2,up\n"
                "2026-11-04T09:10:00+01:00,web-1,down\n"
                "2026-11-04T09:25:00+01:00,web-1,down\n"
                "2026-11-04T09:40:00+01:00,web-1,up\n"
                "2026-11-04T09:30:00+01:00,web-2,DOWN\n"
                "2026-11-04T10:05:00+01:00,web-2,up\n"
                "2026-11-20T14:00:00+01:00,web-2,down\n"
                "2026-11-20T14:00:00+01:00,web-2,up\n"
                "2026-11-28T22:00:00+01:00,web-1,critical\n");
  const Run run = scratch.run(SLAUDIT_CLI, "audit acme.sla --incidents acme.status.csv --incidents-format status-csv "
                                           "--period 2026-11");
  // web-1 09:10..09:40 and web-2 09:30..10:05 overlap once: 09:10..10:05 = 55 min;
  // 43,145 / 43,200 = 99.8726% < 99.9%: 10% of 500.00 = 50.00 EUR.
  CHECK(run.exit == 3);
  CHECK(has(run.out, "  vm       2026-11   99.9%         43200        55             0     99.8726%~  <99.9%: 10%   "
                     "50.00  not reached (100% of fee)  50.00  2026-12-30  missed (incomplete)\n"));
  CHECK(has(run.out, "  acme.status.csv: read 10, used 7, rejected 3\n"));
  CHECK(has(run.out, "  acme.status.csv:9: conflicting states for resource 'web-2' at 2026-11-20T13:00:00Z: lines 9, "
                     "10 say both up and down\n"));
  CHECK(has(run.out, "  acme.status.csv:11: unknown state 'critical'; expected up or down (any case)\n"));
  CHECK(has(run.out, "note: acme.status.csv: 1 status record(s) repeated the state already in force and were merged"));
}

TEST_CASE("cli status: a fleet audit's resources each need their own first record", "[cli][status]") {
  const slaudit::testing::ScratchDir scratch("cli-status-fleet");
  const std::string library = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/library/";
  for (const char* name : {"aws_ec2_fleet.sla", "aws_ec2_fleet.inventory.csv"}) scratch.copy_in(library + name, name);
  // i-001 down 6.5 min on 11-03, first known then; i-002 known up since October; the other 58 never named.
  scratch.write("status.csv", "time,resource,state\n2026-11-03T10:00:30Z,i-001,down\n2026-11-03T10:07:00Z,i-001,up\n"
                              "2026-10-01T00:00:00Z,i-002,up\n");
  const std::string args = "audit aws_ec2_fleet.sla --inventory aws_ec2_fleet.inventory.csv --incidents status.csv "
                           "--incidents-format status-csv --period 2026-11";
  const Run unknown = scratch.run(SLAUDIT_CLI, args);
  CHECK(unknown.exit == 4);
  // 60 instances: i-001 (unknown before 11-03) + 58 never named = 59 periods with a gap; i-002 has none.
  CHECK(has(unknown.out, "status.csv: the state is unknown for part of 59 resource period(s)"));
  CHECK(has(unknown.out, "status.csv: the state of 'i-001' is unknown before its first status record (at "
                         "2026-11-03T10:00:30Z; --initial-state unknown)"));
  CHECK(has(unknown.out, "status.csv has no status record for resource 'i-003': its state is unknown throughout"));
  CHECK_FALSE(has(unknown.out, "'i-002'"));
  const Run up = scratch.run(SLAUDIT_CLI, args + " --initial-state up");
  CHECK(up.exit == 0);
  CHECK(has(up.out, "status.csv: resources with no status record are assumed up throughout (--initial-state up)"));
}
