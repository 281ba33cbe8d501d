// Incidents of a fleet name what they took out: a resource, a zone or a
// region, in both formats, read alike (docs/fleet.md).
#include <catch2/catch.hpp>

#include "telemetry/incidents/incident_reader.h"

using namespace slaudit;

TEST_CASE("fleet incidents: resource, zone and region are read in both formats", "[incidents][fleet]") {
  IncidentReadOptions jsonl, csv;
  jsonl.format = LogFormat::JsonLines;
  csv.format = LogFormat::Csv;
  const auto from_json = read_incident_log(
      R"({"id":"A","service":"ec2","start":"2026-11-03T10:00:00Z","resource":"i-1"})" "\n"
      R"({"id":"B","service":"ec2","start":"2026-11-03T10:00:00Z","zone":"us-east-1a"})" "\n"
      R"({"id":"C","service":"ec2","start":"2026-11-03T10:00:00Z","region":"us-east-1"})" "\n",
      "log.jsonl", jsonl);
  const auto from_csv = read_incident_log(
      "id,service,start,resource,zone,region\n"
      "A,ec2,2026-11-03T10:00:00Z,i-1,,\n"
      "B,ec2,2026-11-03T10:00:00Z,,us-east-1a,\n"
      "C,ec2,2026-11-03T10:00:00Z,,,us-east-1\n",
      "log.csv", csv);
  for (const auto* log : {&from_json, &from_csv}) {
    REQUIRE(log->ok());
    REQUIRE(log->log->incidents.size() == 3);
    const auto& in = log->log->incidents;
    CHECK(in[0].resource == std::string_view("i-1"));
    CHECK_FALSE(in[0].zone.has_value());
    CHECK(in[1].zone == std::string_view("us-east-1a"));
    CHECK(in[2].region == std::string_view("us-east-1"));
    CHECK_FALSE(in[2].resource.has_value());
  }
  CHECK(same_content(from_json.log->incidents[1], from_csv.log->incidents[1]));
  CHECK_FALSE(same_content(from_json.log->incidents[0], from_json.log->incidents[1]));
}
