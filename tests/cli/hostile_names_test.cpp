// Issue 43: names that reports print (resource, incident and target ids,
// regions, zones, claim references) are checked by every reader as the
// incident reader checks its ids (telemetry/common/name_check.h). On main an
// inventory id holding a newline forged a "Total owed: 0.00 USD" line in the
// text report; NUL, invalid UTF-8, a right-to-left override and a 20 MiB id
// were all accepted.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

const std::string kLibrary = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/library/";
const std::string kFleet =
    "audit aws_ec2_fleet.sla --inventory inventory.csv --billing-export " + kLibrary +
    "aws_ec2_fleet.billing.csv --incidents " + kLibrary + "aws_ec2_fleet.incidents.csv --period 2026-11";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-hostile-names") { copy_in(kLibrary + "aws_ec2_fleet.sla", "aws_ec2_fleet.sla"); }
  // The bundled inventory and one more row.
  void inventory_with(const std::string& row) const {
    write("inventory.csv", slaudit::testing::slurp(kLibrary + "aws_ec2_fleet.inventory.csv") + row + "\n");
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
};

struct Case {
  const char* name;
  std::string row;     // an inventory row (line 62)
  std::string reason;  // as the report gives it
};

}  // namespace

TEST_CASE("cli fleet: an inventory name that could forge or garble a report line is rejected with its reason",
          "[cli][hostile][fleet]") {
  const std::vector<Case> cases = {
      {"a newline forging a total", "\"i-x\nTotal owed: 0.00 USD\",ec2,us-east-1,us-east-1a,1,,",
       "inventory.csv:62: field 'id' contains a control character: 'i-x\\nTotal owed: 0.00 USD'"},
      {"a NUL byte", std::string("i-") + '\0' + "x,ec2,us-east-1,us-east-1a,1,,",
       "inventory.csv:62: field 'id' contains a control character: 'i-\\x00x'"},
      {"invalid UTF-8", "i-\xFF,ec2,us-east-1,us-east-1a,1,,",
       "inventory.csv:62: field 'id' is not valid UTF-8 (byte 3): 'i-\\xff'"},
      {"a right-to-left override", "i-\xE2\x80\xAEgpj.exe,ec2,us-east-1,us-east-1a,1,,",
       "inventory.csv:62: field 'id' contains a bidirectional formatting character (U+202E)"},
      {"an id of 1,025 bytes", std::string(1025, 'i') + ",ec2,us-east-1,us-east-1a,1,,",
       "inventory.csv:62: field 'id' is 1025 bytes long; a name is at most 1024 bytes"},
      {"a region with a newline", "i-x,ec2,\"us-east-1\nTotal owed: 0.00 USD\",us-east-1a,1,,",
       "inventory.csv:62: field 'region' contains a control character"},
      {"a zone with a right-to-left override", "i-x,ec2,us-east-1,\xE2\x80\xAEus-east-1a,1,,",
       "inventory.csv:62: field 'zone' contains a bidirectional formatting character"},
  };
  const Scratch s;
  for (const Case& c : cases) {
    SECTION(c.name) {
      s.inventory_with(c.row);
      const Run run = s.slaudit(kFleet);
      INFO(run.out << run.err);
      CHECK(run.exit != 2);
      CHECK(has(run.out + run.err, c.reason));
      // Only the report's own total line: no line the input wrote.
      CHECK_FALSE(std::regex_search(run.out, std::regex("(^|\n) *Total owed: 0\\.00 USD")));
      CHECK_FALSE(has(run.out, "\xE2\x80\xAE"));
      CHECK_FALSE(has(run.out, std::string(1, '\0')));
    }
  }
}

TEST_CASE("cli: incident ids, target maps and claim references are checked the same way", "[cli][hostile]") {
  Scratch s;
  s.write("c.sla",
          "contract \"T\" {\n  timezone \"UTC\"; currency EUR;\n  service vm { fee 100.00 per month; }\n"
          "  availability vm {\n    target 99.9%; period calendar month; unavailable when any incident;\n"
          "    credit of monthly fee { below 99.9%: 10%; }\n  }\n}\n");
  SECTION("an incident id with a right-to-left override") {
    s.write("i.jsonl", "{\"id\":\"A\xE2\x80\xAE\",\"service\":\"vm\",\"start\":\"2026-11-03T02:00:00Z\","
                       "\"end\":\"2026-11-03T03:00:00Z\"}\n");
    const Run run = s.slaudit("audit c.sla --incidents i.jsonl --period 2026-11");
    CHECK(has(run.out + run.err, "field 'id' contains a bidirectional formatting character (U+202E)"));
    CHECK_FALSE(has(run.out, "\xE2\x80\xAE"));
  }
  SECTION("a target map's target with a newline") {
    s.write("probes.sla",
            "contract \"T\" {\n  timezone \"UTC\"; currency EUR;\n  service vm { fee 100.00 per month; }\n"
            "  availability vm {\n    target 99.9%; period calendar month;\n"
            "    unavailable from probes { bucket 1 h; bad when success ratio < 90%; }\n"
            "    credit of monthly fee { below 99.9%: 10%; }\n  }\n}\n");
    s.write("p.csv", "timestamp,target,ok,total\n2026-11-03T02:00:00Z,t1,1,1\n");
    s.write("map.json", "{\"t1\\nTotal owed: 0.00 EUR\": {\"service\": \"vm\"}}");
    const Run run = s.slaudit("audit probes.sla --probes p.csv --targets map.json --period 2026-11");
    CHECK(run.exit == 2);
    CHECK(has(run.err, "map.json: a target contains a control character: 't1\\nTotal owed: 0.00 EUR'"));
  }
  SECTION("a claim reference with a newline") {
    s.write("i.jsonl", "{\"id\":\"A\",\"service\":\"vm\",\"start\":\"2026-11-03T02:00:00Z\","
                       "\"end\":\"2026-11-03T03:00:00Z\"}\n");
    REQUIRE(s.slaudit("audit c.sla --incidents i.jsonl --period 2026-11 --ledger audits.db").exit == 3);
    const Run run = s.slaudit("ledger claim audits.db filed --service vm --period 2026-11 --on 2026-12-05 "
                              "--reference \"$(printf 'CASE-1\\nTotal owed: 0.00 EUR')\"");
    CHECK(run.exit == 2);
    CHECK(has(run.err, "--reference contains a control character: 'CASE-1\\nTotal owed: 0.00 EUR'"));
  }
}
