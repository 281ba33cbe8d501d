// Google Cloud's status history (telemetry/sources/gcp_status.h): products and
// locations to services and regions, impacts, every rejection reason, the
// whole-input errors, and an audit through the CLI. Fixtures:
// tests/data/sources/gcp_status/ (README.md there names the pages they follow).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "telemetry/sources/gcp_status.h"
#include "telemetry/sources/incident_sources.h"
#include "tests/support/cli_run.h"

using namespace slaudit;

namespace {

const std::string kDir = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/gcp_status/";

std::string fixture(const std::string& name) {
  std::ifstream in(kDir + name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

IncidentLogResult read(std::string_view content) {
  SourceReadOptions options;
  options.path = "incidents.json";
  options.names = SourceNames(ServiceNames{"google_compute_engine"});
  return read_gcp_status(content, options);
}

bool has_note(const IncidentLog& log, const std::string& part) {
  for (const std::string& note : log.notes)
    if (note.find(part) != std::string::npos) return true;
  return false;
}

const std::string kGce = R"("affected_products":[{"title":"Google Compute Engine","id":"L3ggmi3Jy4xJmgodFA9K"}])";

// An array of one incident with these members, starting on line 2.
std::string one(const std::string& members) { return "[\n{" + members + "}\n]"; }

}  // namespace

TEST_CASE("gcp-status: incidents.json to incidents per service and location", "[sources][gcp]") {
  const IncidentLogResult result = read(fixture("incidents.json"));
  REQUIRE(result.ok());
  const IncidentLog& log = *result.log;
  // 5 incidents: three name Compute Engine (used); BigQuery's maps to nothing, the notice is no outage.
  CHECK(log.records_read == 5);
  CHECK(log.used_records() == 3);
  CHECK(log.rejected.empty());
  CHECK(log.not_for_contract == 2);
  REQUIRE(log.incidents.size() == 4);
  const Incident& open = log.incidents[0];
  CHECK(open.line == 2);
  CHECK(open.id == "kXzsYtU5B4pAaiGqxV2c/google_compute_engine/europe-west1");
  CHECK(open.region == "europe-west1");
  CHECK(open.is_open());
  CHECK(open.fault == "service_outage");
  REQUIRE(open.labels);
  CHECK(open.labels->title == "Google Compute Engine instances in europe-west1 fail to start");
  CHECK(open.labels->url == "https://status.cloud.google.com/incidents/kXzsYtU5B4pAaiGqxV2c");
  const Incident& storage = log.incidents[1];
  CHECK(storage.line == 111);
  CHECK(storage.id == "R7bSd2VwYxQ3nLp9mT4k/google_compute_engine/global");
  CHECK_FALSE(storage.region.has_value());  // global names no region
  CHECK(format_utc(storage.start) == "2026-11-18T08:00:00Z");
  CHECK(format_utc(*storage.end) == "2026-11-18T08:20:00Z");
  for (size_t i = 2; i < 4; ++i) {
    CHECK(log.incidents[i].line == 170);
    CHECK(log.incidents[i].fault == "service_disruption");
    CHECK(format_utc(log.incidents[i].start) == "2026-11-04T14:00:00Z");
    CHECK(format_utc(*log.incidents[i].end) == "2026-11-04T14:40:00Z");
  }
  CHECK(log.incidents[2].region == "us-central1");
  CHECK(log.incidents[3].region == "us-east1");
  CHECK(has_note(log, "1 SERVICE_INFORMATION incident(s) are notices"));
  CHECK(has_note(log, "'Google BigQuery' maps to no service of the contract: 1 record(s)"));
  CHECK(has_note(log, "'Google Cloud Storage' maps to no service of the contract: 1 record(s)"));
}

TEST_CASE("gcp-status: products, service_name and locations", "[sources][gcp]") {
  const std::string times = R"("id":"x","status_impact":"SERVICE_OUTAGE","begin":"2026-11-04T14:00:00+00:00",)";
  // No affected_products: the service_name; no locations: one incident, no region.
  const IncidentLogResult by_name = read(one(times + R"("service_name":"Google Compute Engine")"));
  REQUIRE(by_name.ok());
  REQUIRE(by_name.log->incidents.size() == 1);
  CHECK(by_name.log->incidents[0].id == "x/google_compute_engine");
  CHECK(by_name.log->incidents[0].is_open());
  CHECK_FALSE(by_name.log->incidents[0].region.has_value());
  // A location both current and previous is one location.
  const IncidentLogResult both = read(one(times + kGce + R"(,"currently_affected_locations":[{"title":"Iowa","id":"us-central1"}],)"
                                                         R"("previously_affected_locations":[{"title":"Iowa","id":"us-central1"}])"));
  REQUIRE(both.ok());
  REQUIRE(both.log->incidents.size() == 1);
  CHECK(both.log->incidents[0].region == "us-central1");
}

TEST_CASE("gcp-status: every rejection reason", "[sources][gcp]") {
  struct Case {
    std::string members;
    std::string reason;
  };
  const std::string id = R"("id":"x",)";
  const std::string outage = R"("status_impact":"SERVICE_OUTAGE",)";
  const std::string begin = R"("begin":"2026-11-04T14:00:00+00:00",)";
  const std::vector<Case> cases = {
      {outage + begin + kGce, "field 'id' is missing or empty"},
      {id + begin + kGce, "field 'status_impact' is missing or empty"},
      {id + R"("status_impact":"SERVICE_DEGRADATION",)" + begin + kGce,
       "field 'status_impact' 'SERVICE_DEGRADATION' is none of SERVICE_OUTAGE, SERVICE_DISRUPTION, SERVICE_INFORMATION"},
      {id + outage + kGce, "field 'begin' is missing or empty"},
      {id + outage + R"("begin":"2026-11-04T14:00:00",)" + kGce, "field 'begin': "},
      {id + outage + begin + R"("end":"2026-11-04T13:00:00+00:00",)" + kGce, "field 'end' is before 'begin'"},
      {id + outage + begin + R"("affected_products":{})", "field 'affected_products' must be an array, found an object"},
      {id + outage + begin + R"("affected_products":[{"id":"p"}])",
       "field 'affected_products': each must be an object with a string 'title'"},
      {id + outage + begin + R"("affected_products":[])", "neither 'affected_products' nor 'service_name' names a product"},
      {id + outage + begin + kGce + R"(,"previously_affected_locations":[{"title":"Iowa"}])",
       "field 'previously_affected_locations': each must be an object with a string 'id'"},
      {id + outage + begin + kGce + R"(,"currently_affected_locations":[{"id":"us\u202e1"}])",
       "field 'currently_affected_locations' contains a bidirectional"},
      {id + outage + begin + kGce + R"(,"uri":"incidents/\n")", "field 'uri' contains a control character"},
      {id + id + outage + begin + kGce, "field 'id' is given twice"},
  };
  for (const Case& c : cases) {
    INFO(c.members);
    const IncidentLogResult result = read(one(c.members));
    REQUIRE(result.ok());
    CHECK(result.log->records_read == 1);
    REQUIRE(result.log->rejected.size() == 1);
    CHECK(result.log->rejected[0].line == 2);
    CHECK_THAT(result.log->rejected[0].reason, Catch::Contains(c.reason));
  }
  const IncidentLogResult scalar = read("[\n7\n]");
  REQUIRE(scalar.ok());
  CHECK(scalar.log->rejected == std::vector<RejectedRecord>{{2, "an incident must be an object, found a number"}});
}

TEST_CASE("gcp-status: the same incident twice", "[sources][gcp]") {
  const std::string a = R"({"id":"x","status_impact":"SERVICE_OUTAGE","begin":"2026-11-04T14:00:00+00:00",)" + kGce + "}";
  const std::string b = R"({"id":"x","status_impact":"SERVICE_OUTAGE","begin":"2026-11-04T15:00:00+00:00",)" + kGce + "}";
  const IncidentLogResult result = read("[\n" + a + ",\n" + a + ",\n" + b + "\n]");
  REQUIRE(result.ok());
  CHECK(result.log->used_records() == 1);
  CHECK(result.log->rejected ==
        std::vector<RejectedRecord>{{3, "duplicate of line 2 (identical)"},
                                    {4, "incident 'x' given twice with different content (first at line 2)"}});
}

TEST_CASE("gcp-status: a document that is not incidents.json is an error for the whole input", "[sources][gcp]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[\n  {\"id\": ,}\n]", "malformed JSON at line 2, column 10: "},
      {"{\"incidents\": []}", "expected the JSON array of incidents.json at the top level, found an object"},
      {"", "malformed JSON at line 1"},
  };
  for (const auto& [text, error] : cases) {
    INFO(text);
    const IncidentLogResult result = read(text);
    CHECK_FALSE(result.ok());
    CHECK_THAT(result.error, Catch::StartsWith(error));
  }
}

// November 2026 in UTC: 43,200 min, nothing excluded. Compute Engine down: 14:00-14:40 on 11-04 (the
// disruption, in two regions at once: 40 min), 08:00-08:20 on 11-18 (20 min) and from 22:30 on 11-30, open,
// to the period's end (90 min): 150 min. (43,200 - 150) / 43,200 = 43,050 / 43,200 = 99.6527% < 99.9%:
// 10% of 2,000.00 = 200.00 USD. BigQuery's outage and the information notice are not for this contract.
TEST_CASE("gcp-status: an audit through the CLI", "[sources][gcp][cli]") {
  const slaudit::testing::ScratchDir scratch("cli-gcp-status");
  scratch.copy_in(kDir + "gce.sla", "gce.sla");
  scratch.copy_in(kDir + "incidents.json", "incidents.json");
  const slaudit::testing::CliRun run =
      scratch.run(SLAUDIT_CLI, "audit gce.sla --incidents incidents.json --incidents-format gcp-status --period 2026-11");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(slaudit::testing::has(run.out, "  incidents.json: read 5, used 3, rejected 0, not for this contract 2\n"));
  // eligible, down, excluded, availability, tier, credit
  CHECK(slaudit::testing::has(run.out, "  google_compute_engine  2026-11   99.9%         43200       150             0     "
                                       "99.6527%~  <99.9%: 10%  200.00  "));
  CHECK(slaudit::testing::has(run.out, "Total owed: 200.00 USD"));
}

// The same incidents under a contract that counts full outages only: the disruption (40 min) is excluded and
// removed, 43,160 min eligible; 20 + 90 = 110 down: (43,160 - 110) / 43,160 = 43,050 / 43,160 = 99.7451% < 99.9%.
TEST_CASE("gcp-status: a contract excludes disruptions by their fault class", "[sources][gcp][cli]") {
  const slaudit::testing::ScratchDir scratch("cli-gcp-outages");
  std::string contract = fixture("gce.sla");
  const std::string any = "unavailable when any incident;\n";
  REQUIRE(contract.find(any) != std::string::npos);
  contract.insert(contract.find(any) + any.size(),
                  "    exclude fault in (service_disruption);\n    excluded time removed from period;\n");
  scratch.write("gce.sla", contract);
  scratch.copy_in(kDir + "incidents.json", "incidents.json");
  const slaudit::testing::CliRun run =
      scratch.run(SLAUDIT_CLI, "audit gce.sla --incidents incidents.json --incidents-format gcp-status --period 2026-11");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(slaudit::testing::has(run.out, "  google_compute_engine  2026-11   99.9%         43160       110            40     "
                                       "99.7451%~  "));
}

TEST_CASE("gcp-status: the table's row reads it", "[sources][gcp]") {
  const IncidentSource* source = find_incident_source("gcp-status");
  REQUIRE(source);
  CHECK(source->read == &read_gcp_status);
}
