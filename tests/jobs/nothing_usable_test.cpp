// A period without usable evidence is never "met": it is not assessed (or
// missed, where the contract says missing data counts as down), and the audit
// exits 4, not 0 (jobs/audit_job.cpp, docs/audit.md "Verdicts").
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

const char* const kIncidentContract =
    "contract \"Log\" {\n"
    "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
    "  service vm { fee 100.00 per month; }\n"
    "  availability vm {\n"
    "    target 99.9%; period calendar month; unavailable when any incident;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "  }\n"
    "}\n";

std::string requests_contract(const char* missing) {
  return std::string(
             "contract \"Requests\" {\n"
             "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
             "  service api { fee 100.00 per month; }\n"
             "  availability api {\n"
             "    target 99.9%; period calendar month;\n"
             "    unavailable from probes { bucket 1 min; measure requests; target \"p1\"; }\n"
             "    missing data counts as ") +
         missing +
         ";\n"
         "    credit of monthly fee { below 99.9%: 10%; }\n"
         "  }\n"
         "}\n";
}

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("nothing-usable") { write("log.sla", kIncidentContract); }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
};

}  // namespace

TEST_CASE("nothing usable: a log whose every record is rejected is not assessed", "[audit][evidence]") {
  const Scratch s;
  s.write("bad.jsonl",
          "{\"id\":\"a\",\"service\":\"vm\",\"start\":\"yesterday\"}\n"
          "{\"id\":\"b\",\"service\":\"nope\",\"start\":\"2026-11-02T00:00:00Z\",\"end\":\"2026-11-02T01:00:00Z\"}\n");
  const Run text = s.slaudit("audit log.sla --incidents bad.jsonl --period 2026-11");
  INFO(text.out << text.err);
  CHECK(text.exit == 4);
  CHECK(has(text.out, "not assessed"));
  CHECK(!has(text.out, "every SLA met"));
  CHECK(has(text.out, "every record of the incident log was rejected: availability is not assessed"));
  CHECK(has(text.out, "Result: not assessed: 1 period or clause without usable evidence"));
  const auto json = nlohmann::json::parse(s.slaudit("audit log.sla --incidents bad.jsonl --period 2026-11 --format json").out);
  CHECK(json["verdict"] == "not_assessed");
  CHECK(json["periods"][0]["verdict"] == "not_assessed");
  CHECK(json["periods"][0]["availability"].is_null());
  CHECK(json["evidence_complete"] == false);
  for (const char* format : {"markdown", "html"}) {
    INFO(format);
    const Run other = s.slaudit(std::string("audit log.sla --incidents bad.jsonl --period 2026-11 --format ") + format);
    CHECK(other.exit == 4);
    CHECK(has(other.out, "not assessed"));
  }
}

TEST_CASE("nothing usable: one rejected record among good ones leaves the verdict incomplete", "[audit][evidence]") {
  const Scratch s;
  s.write("some.jsonl",
          "{\"id\":\"a\",\"service\":\"vm\",\"start\":\"2026-11-02T00:00:00Z\",\"end\":\"2026-11-02T00:10:00Z\"}\n"
          "{\"id\":\"b\",\"service\":\"vm\",\"start\":\"not a time\"}\n");
  // 10 minutes down of 43,200: 99.9768...% >= 99.9%, met, but a record was lost: exit 4.
  const Run run = s.slaudit("audit log.sla --incidents some.jsonl --period 2026-11");
  CHECK(run.exit == 4);
  CHECK(has(run.out, "met (incomplete)"));
  CHECK(has(run.out, "Evidence incomplete: 1 record(s) of the incident log some.jsonl rejected"));
  CHECK(has(run.out, "Result: no breach found, but the evidence is incomplete"));
  CHECK(s.slaudit("audit log.sla --incidents some.jsonl --period 2026-11 --strict").exit == 1);
}

TEST_CASE("nothing usable: a range outside the contract audits nothing and says so", "[audit][evidence]") {
  const Scratch s;
  s.write("empty.jsonl", "");
  const Run run = s.slaudit("audit log.sla --incidents empty.jsonl --period 2027-03");
  CHECK(run.exit == 4);
  CHECK(has(run.out, "Result: not assessed: no period of the contract falls in the range"));
  CHECK(has(run.err, "no period of the contract falls in the range 2027-03"));
  // An empty log is evidence of no outage over the span it states: met, exit 0; stating none, it covers
  // nothing (docs/audit.md section 33): not assessed, exit 4.
  CHECK(s.slaudit("audit log.sla --incidents empty.jsonl --period 2026-11 "
                  "--covers 2026-11-01T00:00:00Z/2026-12-01T00:00:00Z").exit == 0);
  CHECK(s.slaudit("audit log.sla --incidents empty.jsonl --period 2026-11").exit == 4);
}

TEST_CASE("nothing usable: a clause measured from incidents without a log is not assessed", "[audit][evidence]") {
  const Scratch s;
  s.write("both.sla",
          "contract \"Both\" {\n"
          "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency USD;\n"
          "  service vm { fee 100.00 per month; }\n"
          "  service api { fee 100.00 per month; }\n"
          "  availability vm { target 99.9%; period calendar month; unavailable when any incident; }\n"
          "  availability api {\n"
          "    target 99.9%; period calendar month;\n"
          "    unavailable from probes { bucket 1 min; bad when success ratio < 95%; target \"p1\"; }\n"
          "    missing data counts as up;\n"
          "  }\n"
          "}\n");
  std::string probes = "timestamp,target,success\n";
  for (int m = 0; m < 30; ++m) probes += "2026-11-02T00:" + std::string(m < 10 ? "0" : "") + std::to_string(m) + ":00Z,p1,1\n";
  s.write("p.csv", probes);
  const Run run = s.slaudit("audit both.sla --probes p.csv --period 2026-11 --format json");
  INFO(run.err);
  CHECK(run.exit == 4);
  const auto json = nlohmann::json::parse(run.out);
  CHECK(json["periods"][0]["service"] == "vm");
  CHECK(json["periods"][0]["verdict"] == "not_assessed");
  CHECK(json["periods"][1]["verdict"] == "met");  // 30 good minutes, the rest missing, counted up
}

TEST_CASE("nothing usable: a probe period with no sample at all is not assessed under 'missing counts as up'",
          "[audit][evidence]") {
  const Scratch s;
  s.write("up.sla", requests_contract("up"));
  s.write("down.sla", requests_contract("down"));
  s.write("none.csv", "timestamp,target,ok,total\n2026-10-31T23:59:00Z,p1,10,10\n");  // October only
  // Requests, no request in November: not assessed with "up"; availability 0 with "down".
  const Run up = s.slaudit("audit up.sla --probes none.csv --period 2026-11");
  INFO(up.out << up.err);
  CHECK(up.exit == 4);
  CHECK(has(up.out, "not assessed"));
  const Run down = s.slaudit("audit down.sla --probes none.csv --period 2026-11 --format json");
  CHECK(down.exit == 3);
  const auto json = nlohmann::json::parse(down.out);
  CHECK(json["periods"][0]["verdict"] == "breached");
  CHECK(json["periods"][0]["availability"]["decimal"] == "0");
}
