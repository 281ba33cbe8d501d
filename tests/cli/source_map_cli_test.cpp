// `slaudit audit --incidents-format SOURCE --source-map FILE` end to end
// (docs/inputs.md): a source's component names become the contract's
// services through the map, a bad map refuses the audit with its line, and a
// map is refused where there is no source to map.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

// November 2026 in UTC: 43,200 minutes.
const char* const kContract =
    "contract \"Mapped\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31;\n"
    "  timezone \"UTC\";\n"
    "  currency USD;\n"
    "  service api { fee 500.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%;\n"
    "    period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "    claim within 30 d after period end;\n"
    "  }\n"
    "}\n";

// A Statuspage incidents.json (API v2): one resolved incident that took the component "API Requests" down
// (major_outage) from 09:00 to 10:00Z on 11-03, and one on "Webhooks", which no service covers.
const char* const kIncidents = R"({"page": {"id": "p1", "name": "Example"},
 "incidents": [
  {"id": "inc1", "name": "API errors", "status": "resolved", "impact": "critical",
   "created_at": "2026-11-03T09:00:00Z", "started_at": "2026-11-03T09:00:00Z", "resolved_at": "2026-11-03T10:00:00Z",
   "shortlink": "https://stspg.io/inc1",
   "components": [{"id": "c1", "name": "API Requests", "status": "operational"}],
   "incident_updates": [{"status": "resolved", "created_at": "2026-11-03T10:00:00Z",
     "affected_components": [{"code": "c1", "name": "API Requests", "old_status": "major_outage", "new_status": "operational"}]},
    {"status": "investigating", "created_at": "2026-11-03T09:00:00Z",
     "affected_components": [{"code": "c1", "name": "API Requests", "old_status": "operational", "new_status": "major_outage"}]}]},
  {"id": "inc2", "name": "Webhooks delayed", "status": "resolved", "impact": "critical",
   "created_at": "2026-11-05T09:00:00Z", "started_at": "2026-11-05T09:00:00Z", "resolved_at": "2026-11-05T12:00:00Z",
   "components": [{"id": "c2", "name": "Webhooks", "status": "operational"}],
   "incident_updates": [{"status": "investigating", "created_at": "2026-11-05T09:00:00Z",
     "affected_components": [{"code": "c2", "name": "Webhooks", "old_status": "operational", "new_status": "major_outage"}]}]}
 ]})";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-source-map") {
    write("contract.sla", kContract);
    write("incidents.json", kIncidents);
    write("map.csv", "source,service,component\nAPI Requests,api,rest\n");
    write("typo.csv", "source,service\nAPI Requests,apii\nAPI Requests,api\nWebhooks,api\n");
  }
  Run run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, "audit contract.sla " + args); }
};

}  // namespace

TEST_CASE("cli source map: the map names a component as the service and the figures follow", "[cli][sources]") {
  const Scratch scratch;
  const Run run = scratch.run(
      "--incidents incidents.json --incidents-format statuspage --source-map map.csv --period 2026-11 "
      "--now 2026-12-07T00:00:00Z");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  // 60 min down of 43,200: (43,200 - 60) / 43,200 = 99.8611% < 99.9%: 10% of 500.00 = 50.00 USD.
  CHECK(has(run.out, "  api      2026-11   99.9%         43200        60             0     99.8611%~  <99.9%: 10%   "
                     "50.00  no cap  50.00  2026-12-30  missed"));
  // Webhooks maps to no service: its incident is not for this contract, counted apart, and named.
  CHECK(has(run.out, "  incidents.json: read 2, used 1, rejected 0, not for this contract 1\n"));
  CHECK(has(run.out, "'Webhooks' maps to no service of the contract: 1 record(s)"));
  // The map is an input of the audit, with its digest.
  CHECK(has(run.out, "  source map  map.csv"));
}

TEST_CASE("cli source map: without a map no component name is a service of this contract", "[cli][sources]") {
  const Scratch scratch;
  // "API Requests" is api_requests in lower_snake form, not api: both records are not for this contract,
  // the log covers nothing and November is not assessed (never met).
  const Run run = scratch.run("--incidents incidents.json --incidents-format statuspage --period 2026-11 "
                              "--now 2026-12-07T00:00:00Z");
  INFO(run.out << run.err);
  CHECK(run.exit == 4);
  CHECK(has(run.out, "  incidents.json: read 2, used 0, rejected 0, not for this contract 2\n"));
  CHECK_FALSE(has(run.out, "Result: every SLA met"));
}

TEST_CASE("cli source map: a bad map refuses the audit with each bad row's line", "[cli][sources]") {
  const Scratch scratch;
  const Run run = scratch.run("--incidents incidents.json --incidents-format statuspage --source-map typo.csv "
                              "--period 2026-11");
  CHECK(run.exit == 2);
  CHECK(has(run.err, "slaudit: typo.csv:2: service 'apii' is not one of the contract's services\n"));
  CHECK(run.out.empty());
  // A map for a log of slaudit's own, whose names are the contract's already, is refused, not ignored.
  scratch.write("own.jsonl", "");
  const Run own = scratch.run("--incidents own.jsonl --incidents-format jsonl --source-map map.csv --period 2026-11");
  CHECK(own.exit == 2);
  CHECK(has(own.err, "--source-map applies to incident sources"));
}
