// Azure Resource Health availability statuses (telemetry/sources/azure_resource_health.h):
// statuses read as transitions per resource, Degraded and Unknown, causes,
// every rejection reason, the whole-input errors, and an audit through the
// CLI. Fixtures: tests/data/sources/azure_resource_health/ (README.md there
// names the Microsoft reference pages they follow).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "telemetry/sources/azure_resource_health.h"
#include "telemetry/sources/incident_sources.h"
#include "tests/support/cli_run.h"

using namespace slaudit;

namespace {

const std::string kDir = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/azure_resource_health/";
const std::string kVm = "/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/";

std::string fixture(const std::string& name) {
  std::ifstream in(kDir + name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

IncidentLogResult read(std::string_view content) {
  SourceReadOptions options;
  options.path = "statuses.json";
  options.names = SourceNames(ServiceNames{"microsoft_compute_virtualmachines"});
  return read_azure_resource_health(content, options);
}

bool has_note(const IncidentLog& log, const std::string& part) {
  for (const std::string& note : log.notes)
    if (note.find(part) != std::string::npos) return true;
  return false;
}

// One status of `vm` as a line of its own.
std::string status(const std::string& vm, const std::string& state, const std::string& time,
                   const std::string& reason = "") {
  return "{\"id\":\"" + kVm + vm + "/providers/Microsoft.ResourceHealth/availabilityStatuses/current\","
         "\"properties\":{\"availabilityState\":\"" + state + "\",\"occuredTime\":\"" + time +
         "\",\"reasonType\":\"" + reason + "\"}}";
}

std::string list(const std::vector<std::string>& statuses) {
  std::string out = "{\"value\": [\n";
  for (size_t i = 0; i < statuses.size(); ++i) out += statuses[i] + (i + 1 < statuses.size() ? ",\n" : "\n");
  return out + "]}\n";
}

}  // namespace

TEST_CASE("azure-resource-health: a history of statuses becomes outages per resource", "[sources][azure]") {
  const IncidentLogResult result = read(fixture("availability_statuses.json"));
  REQUIRE(result.ok());
  const IncidentLog& log = *result.log;
  // 11 statuses: 10 of the two virtual machines used, the storage account's not for this contract.
  CHECK(log.records_read == 11);
  CHECK(log.used_records() == 10);
  CHECK(log.rejected.empty());
  CHECK(log.not_for_contract == 1);
  // In record order: vm1's unplanned outage (line 18), its planned one (line 78), vm2's open one (line 123).
  REQUIRE(log.incidents.size() == 3);
  const std::string vm1 = "/subscriptions/4c7a1e55-0f2b-4d56-9a6e-2b1d0c1e3f10/resourceGroups/prod-rg/providers/"
                          "Microsoft.Compute/virtualMachines/vm1";
  const Incident& unplanned = log.incidents[0];
  CHECK(unplanned.line == 18);
  CHECK(unplanned.id == vm1 + "@2026-11-12T09:45:00Z");
  CHECK(unplanned.resource == vm1);
  CHECK(unplanned.service == "microsoft_compute_virtualmachines");
  CHECK(unplanned.cause == Cause::Provider);
  CHECK(format_utc(*unplanned.end) == "2026-11-12T10:30:00Z");  // the next Available: 45 min
  REQUIRE(unplanned.labels);
  CHECK(unplanned.labels->title == "Your virtual machine is unavailable");
  const Incident& planned = log.incidents[1];
  CHECK(planned.line == 78);
  CHECK(planned.cause == Cause::Maintenance);
  CHECK(format_utc(planned.start) == "2026-11-05T02:00:00Z");
  CHECK(format_utc(*planned.end) == "2026-11-05T03:00:00Z");
  const Incident& open = log.incidents[2];
  CHECK(open.line == 123);
  CHECK(format_utc(open.start) == "2026-11-30T23:00:00Z");
  CHECK(open.is_open());  // Unknown at 23:30 leaves the outage in force, and nothing ends it
  CHECK(has_note(log, "1 Degraded status(es) read as available"));
  CHECK(has_note(log, "1 Unknown status(es) left the state before them in force"));
  CHECK(has_note(log, "'Microsoft.Storage/storageAccounts' maps to no service of the contract: 1 record(s)"));
}

TEST_CASE("azure-resource-health: transitions, whatever the order of the statuses", "[sources][azure]") {
  struct Case {
    std::string name;
    std::vector<std::string> statuses;
    std::vector<std::string> outages;  // start..end (or open), cause
  };
  const std::vector<Case> cases = {
      {"repeated Unavailable is one outage, with the first's cause",
       {status("a", "Unavailable", "2026-11-03T02:00:00Z", "Planned"), status("a", "Unavailable", "2026-11-03T02:30:00Z"),
        status("a", "Available", "2026-11-03T03:00:00Z")},
       {"2026-11-03T02:00:00Z..2026-11-03T03:00:00Z maintenance"}},
      {"Degraded ends an outage",
       {status("a", "Degraded", "2026-11-03T03:00:00Z"), status("a", "Unavailable", "2026-11-03T02:00:00Z", "User Initiated")},
       {"2026-11-03T02:00:00Z..2026-11-03T03:00:00Z customer"}},
      {"Unknown neither begins nor ends one",
       {status("a", "Unknown", "2026-11-03T01:00:00Z"), status("a", "Available", "2026-11-03T04:00:00Z"),
        status("a", "Unknown", "2026-11-03T03:00:00Z"), status("a", "Unavailable", "2026-11-03T02:00:00Z")},
       {"2026-11-03T02:00:00Z..2026-11-03T04:00:00Z provider"}},
      {"fractions round outward",
       {status("a", "Unavailable", "2026-11-03T02:00:00.9999999Z", "UserInitiated"),
        status("a", "Available", "2026-11-03T03:00:00.0000001Z")},
       {"2026-11-03T02:00:00Z..2026-11-03T03:00:01Z customer"}},
      {"two resources apart",
       {status("a", "Unavailable", "2026-11-03T02:00:00Z"), status("b", "Available", "2026-11-03T02:10:00Z"),
        status("b", "Unavailable", "2026-11-03T02:05:00Z"), status("a", "Available", "2026-11-03T02:20:00Z")},
       {"2026-11-03T02:00:00Z..2026-11-03T02:20:00Z provider", "2026-11-03T02:05:00Z..2026-11-03T02:10:00Z provider"}},
  };
  const auto cause = [](Cause c) { return c == Cause::Maintenance ? "maintenance" : c == Cause::Customer ? "customer" : "provider"; };
  for (const Case& c : cases) {
    INFO(c.name);
    for (const bool reversed : {false, true}) {
      std::vector<std::string> statuses = c.statuses;
      if (reversed) std::reverse(statuses.begin(), statuses.end());
      const IncidentLogResult result = read(list(statuses));
      REQUIRE(result.ok());
      CHECK(result.log->used_records() == statuses.size());
      std::vector<std::string> outages;
      for (const Incident& i : result.log->incidents)
        outages.push_back(format_utc(i.start) + ".." + (i.end ? format_utc(*i.end) : "open") + " " + cause(i.cause));
      std::sort(outages.begin(), outages.end());
      CHECK(outages == c.outages);
    }
  }
}

TEST_CASE("azure-resource-health: every rejection reason", "[sources][azure]") {
  struct Case {
    std::string status;  // on line 2
    std::string reason;
  };
  const std::string id = "\"id\":\"" + kVm + "a/providers/Microsoft.ResourceHealth/availabilityStatuses/current\"";
  const std::vector<Case> cases = {
      {"7", "a status must be an object, found a number"},
      {R"({"properties":{}})", "field 'id' is missing or empty"},
      {R"({"id":"/subscriptions/s1/providers/Microsoft.ResourceHealth/availabilityStatuses/current","properties":{}})",
       "names no resource type"},
      {R"({"id":"/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/a","properties":{}})",
       "has no resource before '/providers/Microsoft.ResourceHealth/': whose status is it?"},
      {R"({"id":"/providers/Microsoft.ResourceHealth/availabilityStatuses/x","properties":{}})",
       "has no resource before '/providers/Microsoft.ResourceHealth/'"},
      {"{" + id + "}", "field 'properties' must be an object"},
      {"{" + id + R"(,"properties":{"occuredTime":"2026-11-03T02:00:00Z"}})", "field 'properties.availabilityState' is missing or empty"},
      {"{" + id + R"(,"properties":{"availabilityState":"Down","occuredTime":"2026-11-03T02:00:00Z"}})",
       "field 'properties.availabilityState' 'Down' is none of Available, Unavailable, Degraded, Unknown"},
      {"{" + id + R"(,"properties":{"availabilityState":"Unavailable"}})", "field 'properties.occuredTime' is missing or empty"},
      {"{" + id + R"(,"properties":{"availabilityState":"Unavailable","occuredTime":"2026-11-03 02:00"}})",
       "field 'properties.occuredTime': "},
      {"{" + id + R"(,"properties":{"availabilityState":"Unavailable","occurredTime":"2026-11-03T02:00:00Z"}})",
       "field 'properties.occuredTime' is missing or empty"},  // the API's spelling, not the dictionary's
      {"{" + id + R"(,"properties":{"availabilityState":1,"occuredTime":"2026-11-03T02:00:00Z"}})",
       "field 'properties.availabilityState' must be a string, found a number"},
      {"{" + id + "," + id + R"(,"properties":{}})", "field 'id' is given twice"},
      {R"({"id":"/subscriptions/s\u0007/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/a/providers/Microsoft.ResourceHealth/availabilityStatuses/current","properties":{}})",
       "field 'id' contains a control character"},
  };
  for (const Case& c : cases) {
    INFO(c.status);
    const IncidentLogResult result = read(list({c.status}));
    REQUIRE(result.ok());
    CHECK(result.log->records_read == 1);
    REQUIRE(result.log->rejected.size() == 1);
    CHECK(result.log->rejected[0].line == 2);
    CHECK_THAT(result.log->rejected[0].reason, Catch::Contains(c.reason));
  }
}

TEST_CASE("azure-resource-health: one status said twice, and two that disagree", "[sources][azure]") {
  const IncidentLogResult twice = read(list({status("a", "Unavailable", "2026-11-03T02:00:00Z"),
                                             status("a", "Available", "2026-11-03T03:00:00Z"),
                                             status("a", "Unavailable", "2026-11-03T02:00:00Z")}));
  REQUIRE(twice.ok());
  CHECK(twice.log->used_records() == 2);
  REQUIRE(twice.log->rejected.size() == 1);
  CHECK(twice.log->rejected[0] == RejectedRecord{4, "duplicate of line 2 (identical)"});
  REQUIRE(twice.log->incidents.size() == 1);

  const IncidentLogResult disagree = read(list({status("a", "Unavailable", "2026-11-03T02:00:00Z"),
                                                status("a", "Available", "2026-11-03T02:00:00Z"),
                                                status("b", "Unavailable", "2026-11-03T02:00:00Z")}));
  REQUIRE(disagree.ok());
  CHECK(disagree.log->used_records() == 1);
  REQUIRE(disagree.log->rejected.size() == 2);
  const std::string reason = "statuses of '" + kVm + "a' at 2026-11-03T02:00:00Z disagree (lines 2, 3)";
  CHECK(disagree.log->rejected[0] == RejectedRecord{2, reason});
  CHECK(disagree.log->rejected[1] == RejectedRecord{3, reason});
}

TEST_CASE("azure-resource-health: pages one a line, a bare array, and documents that are no list", "[sources][azure]") {
  const std::string pages = "{\"value\":[" + status("a", "Unavailable", "2026-11-03T02:00:00Z") + "],\"nextLink\":\"https://management.azure.com/x\"}\n"
                            "{\"value\":[" + status("a", "Available", "2026-11-03T03:00:00Z") + "]}\n";
  const IncidentLogResult by_line = read(pages);
  REQUIRE(by_line.ok());
  CHECK(by_line.log->used_records() == 2);
  REQUIRE(by_line.log->incidents.size() == 1);
  CHECK(format_utc(*by_line.log->incidents[0].end) == "2026-11-03T03:00:00Z");
  const IncidentLogResult array = read("[" + status("a", "Unavailable", "2026-11-03T02:00:00Z") + "]");
  REQUIRE(array.ok());
  CHECK(array.log->incidents.size() == 1);

  const std::vector<std::pair<std::string, std::string>> errors = {
      {"{\"value\": [\n  {\"id\": ]}", "malformed JSON at line 2, column 10: "},
      {"{\"values\": []}", "no member 'value' (the availabilityStatuses list) at the top level"},
      {"{\"value\": {}}", "member 'value' must be an array of statuses, found an object"},
      {"\"value\"", "the document must be an array of statuses, found a string"},
  };
  for (const auto& [text, error] : errors) {
    INFO(text);
    const IncidentLogResult result = read(text);
    CHECK_FALSE(result.ok());
    CHECK_THAT(result.error, Catch::StartsWith(error));
  }
}

// November 2026 in UTC: 43,200 min. vm1's planned outage (02:00-03:00 on 11-05, 60 min) is maintenance,
// excluded and removed: 43,140 min eligible. Down: vm1 09:45-10:30 on 11-12 (45 min) and vm2 from 23:00 on
// 11-30, open, to the period's end (60 min): 105 min. (43,140 - 105) / 43,140 = 43,035 / 43,140 = 99.7566% < 99.9%:
// 10% of 1,000.00 = 100.00 EUR. The storage account's outage is no service of this contract.
TEST_CASE("azure-resource-health: an audit through the CLI", "[sources][azure][cli]") {
  const slaudit::testing::ScratchDir scratch("cli-azure-health");
  scratch.copy_in(kDir + "vm.sla", "vm.sla");
  scratch.copy_in(kDir + "availability_statuses.json", "statuses.json");
  const slaudit::testing::CliRun run = scratch.run(
      SLAUDIT_CLI, "audit vm.sla --incidents statuses.json --incidents-format azure-resource-health --period 2026-11");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(slaudit::testing::has(run.out, "  statuses.json: read 11, used 10, rejected 0, not for this contract 1\n"));
  // eligible, down, excluded, availability, tier, credit
  CHECK(slaudit::testing::has(run.out, "  microsoft_compute_virtualmachines  2026-11   99.9%         43140       105            "
                                       "60     99.7566%~  <99.9%: 10%  100.00  "));
  CHECK(slaudit::testing::has(run.out, "Total owed: 100.00 EUR"));
}

// The same statuses under a contract whose service is `vm`, named by --source-map: the same figures.
TEST_CASE("azure-resource-health: a resource type named by the source map", "[sources][azure][cli]") {
  const slaudit::testing::ScratchDir scratch("cli-azure-map");
  std::string contract = fixture("vm.sla");
  for (size_t at; (at = contract.find("microsoft_compute_virtualmachines")) != std::string::npos;)
    contract.replace(at, std::string("microsoft_compute_virtualmachines").size(), "vm");
  scratch.write("vm.sla", contract);
  scratch.write("map.csv", "source,service\nMicrosoft.Compute/virtualMachines,vm\n");
  scratch.copy_in(kDir + "availability_statuses.json", "statuses.json");
  const slaudit::testing::CliRun run = scratch.run(
      SLAUDIT_CLI, "audit vm.sla --incidents statuses.json --incidents-format azure-resource-health --source-map map.csv "
                   "--period 2026-11");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(slaudit::testing::has(run.out, "  vm       2026-11   99.9%         43140       105            60     99.7566%~  "));
  CHECK(slaudit::testing::has(run.out, "  statuses.json: read 11, used 10, rejected 0, not for this contract 1\n"));
}

TEST_CASE("azure-resource-health: the table's row reads it", "[sources][azure]") {
  const IncidentSource* source = find_incident_source("azure-resource-health");
  REQUIRE(source);
  CHECK(source->read == &read_azure_resource_health);
}
