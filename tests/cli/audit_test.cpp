// `slaudit audit` end to end: the built binary (SLAUDIT_CLI) on small files,
// for exit codes, digests, --strict and the billing inputs' errors.
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
    "contract \"Test 合同\" {\n"
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

// One hour down in 2026-11 (a breach), and a record for a near miss of the contract's service (a
// service it does not define at all would be another contract's record, not a rejection).
const char* const kIncidents =
    "{\"id\":\"A\",\"service\":\"training\",\"start\":\"2026-11-03T02:00:00Z\",\"end\":\"2026-11-03T03:00:00Z\"}\n"
    "{\"id\":\"B\",\"service\":\"trainign\",\"start\":\"2026-11-03T02:00:00Z\"}\n";

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

// A scratch folder with the test's files; the command runs inside it.
class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-audit") {
    write("contract.sla", kContract);
    write("incidents.jsonl", kIncidents);
  }
  Run run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, "audit " + args); }
};

}  // namespace

TEST_CASE("cli audit: a breach exits 3 and the report names its inputs by digest", "[report][cli]") {
  const Scratch scratch;
  const Run run = scratch.run("contract.sla --incidents incidents.jsonl --period 2026-11 --claimed 2026-12-01");
  CHECK(run.exit == 3);
  CHECK(has(run.out, "  training  2026-11   99.9%         43200        60             0     99.8611%~  "
                     "<99.9%: 10%  100.00  no cap  100.00  2026-12-30 (filed 2026-12-01)  missed (incomplete)\n"));
  // The rejected record is evidence that could not be used: the period is marked, the result says so.
  CHECK(has(run.out, "Evidence incomplete: 1 record(s) of the incident log incidents.jsonl rejected"));
  CHECK(has(run.out, "  incidents.jsonl:2: unknown service 'trainign' (did you mean 'training'?); the contract defines "
                     "'training'\n"));
  CHECK(has(run.out, "  contract   contract.sla     " + slaudit::sha256_hex(kContract) + "\n"));
  CHECK(has(run.out, "  incidents  incidents.jsonl  " + slaudit::sha256_hex(kIncidents) + "\n"));
  CHECK(has(run.out, "Total owed: 100.00 CNY, claimed in time\n"));
  CHECK(has(run.err, "warning: 1 incident record(s) rejected"));
}

TEST_CASE("cli audit: no breach with a rejected record exits 4, --strict exits 1 and still reports",
          "[report][cli]") {
  const Scratch scratch;
  // October has no incident, but one record of the log was rejected: nothing shows a breach, yet the
  // evidence is incomplete, so the audit cannot say "every SLA met" (exit 0). The log is stated to cover
  // October too (without --covers, October is outside the span of a November log: not assessed).
  const std::string covers = " --covers 2026-10-01T00:00:00+08:00/2026-12-01T00:00:00+08:00";
  const Run met = scratch.run("contract.sla --incidents incidents.jsonl --period 2026-10" + covers);
  CHECK(met.exit == 4);
  CHECK(has(met.out, "Result: no breach found, but the evidence is incomplete\n"));
  const Run strict = scratch.run("contract.sla --incidents incidents.jsonl --period 2026-10 --strict" + covers);
  CHECK(strict.exit == 1);
  CHECK(has(strict.out, "  incidents.jsonl:2: unknown service 'trainign'"));
  CHECK(has(strict.err, "error: 1 incident record(s) rejected"));
}

TEST_CASE("cli audit: JSON and Markdown formats", "[report][cli]") {
  const Scratch scratch;
  const Run json = scratch.run("contract.sla --incidents incidents.jsonl --period 2026-11 --format json");
  CHECK(json.exit == 3);
  const nlohmann::json report = nlohmann::json::parse(json.out);
  CHECK(report["schema"] == "slaudit-audit-report/3");
  CHECK(report["inputs"][1] == nlohmann::json{{"role", "incidents"},
                                              {"path", "incidents.jsonl"},
                                              {"sha256", slaudit::sha256_hex(kIncidents)}});
  CHECK(report["records"][0] ==
        nlohmann::json{{"path", "incidents.jsonl"}, {"read", 2}, {"used", 1}, {"rejected", 1}});
  CHECK(report["total_owed"]["decimal"] == "100.00");
  const Run again = scratch.run("contract.sla --incidents incidents.jsonl --period 2026-11 --format json");
  CHECK(again.out == json.out);
  const Run md = scratch.run("contract.sla --incidents incidents.jsonl --period 2026-11 --format markdown");
  CHECK(md.exit == 3);
  CHECK(md.out.rfind("# SLA audit: Test 合同\n", 0) == 0);
}

TEST_CASE("cli audit: bad rows in claims, billing or previous credits are errors with file:line", "[report][cli]") {
  const Scratch scratch;
  scratch.write("claims.csv", "service,period,filed\ntraining,2026-11,2026-12-01\ntraining,2026-11,2026-13-01\n");
  const Run claims = scratch.run("contract.sla --incidents incidents.jsonl --period 2026-11 --claims claims.csv");
  CHECK(claims.exit == 2);
  CHECK(claims.out.empty());
  CHECK(has(claims.err, "claims.csv:3: bad date in 'filed' '2026-13-01'; expected a real day as YYYY-MM-DD\n"));
  scratch.write("billing.csv", "service,period,fee\ntraining,2026-11,1000.001\n");
  const Run billing = scratch.run("contract.sla --incidents incidents.jsonl --billing billing.csv");
  CHECK(billing.exit == 2);
  CHECK(has(billing.err, "billing.csv:2: amount in 'fee' '1000.001' has more decimals than CNY allows (2)\n"));
  scratch.write("credits.csv", "service,amount\n");
  const Run credits = scratch.run("contract.sla --incidents incidents.jsonl --previous-credits credits.csv");
  CHECK(credits.exit == 2);
  CHECK(has(credits.err, "credits.csv:1: missing column 'period_end'"));
}

TEST_CASE("cli audit: usage, I/O and contract errors", "[report][cli]") {
  const Scratch scratch;
  CHECK(scratch.run("contract.sla --incidents missing.jsonl").exit == 2);
  CHECK(scratch.run("contract.sla --incidents incidents.jsonl --period 2026-13").exit == 2);
  CHECK(scratch.run("contract.sla --incidents incidents.jsonl --period 2026-11 --from 2026-11-01 --to 2026-11-30").exit ==
        2);
  CHECK(scratch.run("contract.sla --incidents incidents.jsonl --from 2026-11-30 --to 2026-11-01").exit == 2);
  CHECK(scratch.run("contract.sla --incidents incidents.jsonl --claimed 2026-02-30").exit == 2);
  scratch.write("broken.sla", "contract \"x\" { availability nothing { target 99.9%; } }\n");
  const Run broken = scratch.run("broken.sla --incidents incidents.jsonl");
  CHECK(broken.exit == 1);
  CHECK(has(broken.err, "broken.sla:1:"));
  const Run range = scratch.run("contract.sla --incidents incidents.jsonl --from 2026-11-01 --to 2026-11-30");
  CHECK(range.exit == 3);
  CHECK(has(range.out, "range 2026-11-01..2026-11-30,"));
  const Run whole = scratch.run("contract.sla --incidents incidents.jsonl");
  CHECK(has(whole.out, "range 2026-01-01..2026-12-31,"));
  CHECK(has(whole.out, "  training  2026-12 "));
}
