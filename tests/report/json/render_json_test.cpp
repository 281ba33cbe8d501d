// The JSON report: deterministic bytes, exact figures, and every field the
// schema in docs/ requires.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "report/json/render_json.h"
#include "tests/report/sample_report.h"
#include "tests/support/schema_walk.h"

using namespace slaudit;
using nlohmann::json;

namespace {

json load_schema() {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/audit-report.schema.json");
  REQUIRE(in);
  return json::parse(in);
}

json sample_json() {
  const SourceFile source = test::sample_contract_source();
  return report::report_to_json(test::sample_report(source), source);
}

}  // namespace

TEST_CASE("report json: rendering twice gives identical bytes", "[report]") {
  const SourceFile source = test::sample_contract_source();
  const audit::AuditReport report = test::sample_report(source);
  const std::string first = report::report_to_json(report, source).dump(2);
  const std::string second = report::report_to_json(report, source).dump(2);
  CHECK(first == second);
  const audit::AuditReport copy = report;
  CHECK(report::report_to_json(copy, source).dump() == report::report_to_json(report, source).dump());
  // Keys sorted, arrays in the report's order.
  CHECK(first.find("\"breached\"") < first.find("\"contract\""));
  const json parsed = json::parse(first);
  CHECK(parsed["periods"][0]["service"] == "训练集群");
  CHECK(parsed["periods"][1]["service"] == "storage");
}

TEST_CASE("report json: figures are exact, with display strings beside them", "[report]") {
  const json j = sample_json();
  CHECK(j["schema"] == "slaudit-audit-report/3");
  const json& storage = j["periods"][1];
  CHECK(storage["down_seconds"] == json{{"num", "4320"}, {"den", "1"}, {"decimal", "4320"}});
  CHECK(storage["availability"] == json{{"num", "599"}, {"den", "600"}, {"decimal", "0.998333~"}});
  CHECK(storage["availability_percent"] == "99.8333%~");
  CHECK(j["periods"][0]["availability"] == json{{"num", "999"}, {"den", "1000"}, {"decimal", "0.999"}});
  CHECK(storage["length_seconds"] == 2'592'000);
  CHECK(storage["owed"] == json{{"minor", 3'000'000}, {"decimal", "30000.00"}});
  CHECK(storage["cap"] == json{{"minor", 15'000'000}, {"decimal", "150000.00"}});
  CHECK(j["periods"][0]["cap"].is_null());
  CHECK(storage["target"] == "99.9");
  CHECK(storage["tier"]["credit"] == "10");
  CHECK(storage["tier"]["clause"] == json{{"line", 9}, {"column", 29}});
  CHECK(storage["claim"]["state"] == "in_time");
  CHECK(storage["claim"]["deadline"] == "2026-12-30");
  CHECK(storage["clause"] == json{{"line", 7}, {"column", 3}});
  CHECK(storage["incidents"][0]["clause"].is_null());  // a default: the contract does not say
  CHECK(storage["incidents"][0]["role"] == "down");
  CHECK(storage["incidents"][0]["start"] == "2026-11-01T02:00:00Z");
  CHECK(j["periods"][0]["explain"][1] ==
        json{{"figure", "missing data"}, {"value", "up"}, {"derivation", ""}, {"clause", nullptr}});
  CHECK(storage["timeline"][1] ==
        json{{"start", "2026-11-01T02:00:00Z"}, {"end", "2026-11-01T03:12:00Z"}, {"state", "down"}});
  // Each incident names its run of segments once: INC-2 lies in segment 1 only.
  CHECK(storage["incidents"][0]["segments"] == json{{"first", 1}, {"last", 1}});
  CHECK(j["total_owed"] == json{{"minor", 4'200'000}, {"decimal", "42000.00"}});
  CHECK(j["recovery"][0]["limit_seconds"] == 1200);
  CHECK(j["recovery"][0]["uncovered_incidents"] == json{"INC-9"});
  CHECK(j["rejected"][0] == json{{"path", "incidents.jsonl"}, {"line", 3}, {"reason", "missing field 'start'"}});
}

TEST_CASE("report json: the report has every field the schema requires, and no other", "[report]") {
  const json schema = load_schema();
  CHECK(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema");
  CHECK(schema["properties"]["schema"]["const"] == "slaudit-audit-report/3");
  slaudit::testing::SchemaWalk walk{schema};
  walk.walk(schema, sample_json(), "");
  CHECK(walk.missing == std::vector<std::string>{});
  CHECK(walk.unknown == std::vector<std::string>{});
  CHECK(walk.bad_values == std::vector<std::string>{});  // every enum and const word is the schema's
  CHECK(walk.objects > 40);  // the walk reached the nested objects
}

TEST_CASE("report json: the schema walk notices a missing field", "[report]") {
  const json schema = load_schema();
  json report = sample_json();
  report["periods"][1]["tier"].erase("clause");
  report["recovery"][0].erase("owed");
  report["periods"][0]["extra"] = 1;
  slaudit::testing::SchemaWalk walk{schema};
  walk.walk(schema, report, "");
  CHECK(walk.missing == std::vector<std::string>{"/periods/1/tier/clause", "/recovery/0/owed"});
  CHECK(walk.unknown == std::vector<std::string>{"/periods/0/extra"});
}

TEST_CASE("report json: the words for roles, claim states and timeline states are the schema's enums", "[report]") {
  const json schema = load_schema();
  const json& defs = schema["$defs"];
  const auto listed = [](const json& e, const std::string& word) {
    return std::find(e.begin(), e.end(), word) != e.end();
  };
  for (auto role : {audit::IncidentRole::Down, audit::IncidentRole::Excluded, audit::IncidentRole::BelowThreshold,
                    audit::IncidentRole::IgnoredShort, audit::IncidentRole::Overlapped})
    CHECK(listed(defs["incident"]["properties"]["role"]["enum"], audit::incident_role_name(role)));
  for (auto state : {audit::ClaimState::NotGiven, audit::ClaimState::InTime, audit::ClaimState::Late,
                     audit::ClaimState::TooEarly})
    CHECK(listed(defs["claim"]["properties"]["state"]["enum"], audit::claim_state_name(state)));
  CHECK(defs["incident"]["properties"]["role"]["enum"].size() == 5);
  CHECK(defs["claim"]["properties"]["state"]["enum"].size() == 4);
  CHECK(defs["segment"]["properties"]["state"]["enum"] == json{"up", "down", "excluded"});
}
