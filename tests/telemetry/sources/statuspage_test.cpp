// The Statuspage API v2 reader (telemetry/sources/statuspage.h) on fixtures
// written from the documented shape of a public page's /api/v2 documents
// (the "Incidents" and "Scheduled Maintenances" sections of a Statuspage
// page's /api page, e.g. https://www.githubstatus.com/api and
// https://metastatuspage.com/api: field names, statuses, impacts, component
// states, millisecond timestamps with offsets): the mapping, every rejection
// reason, the notes, and an audit through the CLI worked by hand.
#include "telemetry/sources/statuspage.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "tests/support/cli_run.h"

namespace {

using namespace slaudit;
using slaudit::testing::has;

const std::string kData = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/statuspage/";

SourceReadOptions options(std::map<std::string, SourceTarget, std::less<>> map = {}) {
  SourceReadOptions o;
  o.path = "page.json";
  o.names = SourceNames(ServiceNames{"git_operations", "api_requests"}, std::move(map));
  return o;
}

IncidentLog read_fixture(const std::string& name, const SourceReadOptions& o = options()) {
  IncidentLogResult result = read_statuspage(slaudit::testing::slurp(kData + name), o);
  INFO(result.error);
  REQUIRE(result.ok());
  return std::move(*result.log);
}

Instant at(const char* text) { return *parse_timestamp(text).instant; }

// One incident as the tables below state it.
struct Expected {
  std::string id, service, start, end, fault, component;
  Cause cause;
  std::string notice;  // "" when none
};

void check_incidents(const IncidentLog& log, const std::vector<Expected>& expected) {
  REQUIRE(log.incidents.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const Incident& got = log.incidents[i];
    const Expected& want = expected[i];
    INFO(want.id);
    CHECK(got.id == want.id);
    CHECK(got.service.view() == want.service);
    CHECK(format_utc(got.start) == want.start);
    CHECK((got.end ? format_utc(*got.end) : "open") == want.end);
    CHECK(got.fault.view() == want.fault);
    CHECK(got.component.view() == want.component);
    CHECK(got.cause == want.cause);
    CHECK((got.notice ? format_utc(*got.notice) : "") == want.notice);
  }
}

bool has_note(const IncidentLog& log, const std::string& part) {
  return std::any_of(log.notes.begin(), log.notes.end(), [&](const std::string& n) { return has(n, part); });
}

}  // namespace

TEST_CASE("statuspage: incidents.json gives one incident per mapped component that went down", "[statuspage]") {
  const IncidentLog log = read_fixture("incidents.json");
  // wq4b7m1x8k2c: started 09:00:00.000-07:00 = 16:00:00Z; resolved 10:45:30.734-06:00 = 16:45:30.734Z, floored.
  // Git Operations' worst new_status is major_outage; API Requests' is partial_outage (degraded, then partial).
  // m2n4b6v8c0x1: a completed maintenance, started 02:00:00.524Z (floored), no resolved_at: ends at
  // scheduled_until 03:00Z; notice = created_at 2026-11-10T12:00:03.310Z, floored.
  check_incidents(log,
                  {
                      {"wq4b7m1x8k2c/8l4ygp009s5s", "git_operations", "2026-11-03T16:00:00Z", "2026-11-03T16:45:30Z",
                       "major_outage", "git_operations", Cause::Provider, ""},
                      {"wq4b7m1x8k2c/brv1bkgrwx7q", "api_requests", "2026-11-03T16:00:00Z", "2026-11-03T16:45:30Z",
                       "partial_outage", "api_requests", Cause::Provider, ""},
                      {"m2n4b6v8c0x1/8l4ygp009s5s", "git_operations", "2026-11-15T02:00:00Z", "2026-11-15T03:00:00Z",
                       "under_maintenance", "git_operations", Cause::Maintenance, "2026-11-10T12:00:03Z"},
                  });
  // Five records: two gave incidents and f5g7h9j1k3l5 (API Requests degraded only) is used with none: three
  // used; Webhooks maps to nothing and n8m6b4v2c0x9 names no component with impact none: two not for this
  // contract.
  CHECK(log.records_read == 5);
  CHECK(log.used_records() == 3);
  CHECK(log.not_for_contract == 2);
  CHECK(log.rejected.empty());
  REQUIRE(log.incidents[0].labels);
  CHECK(log.incidents[0].labels->title == "Incident with Git Operations");
  CHECK(log.incidents[0].labels->url == "https://stspg.io/wq4b7m1");
  CHECK(log.incidents[0].line == 10);  // the line the record's object opens on
  // Fractions read (created_at, started_at, resolved_at, scheduled_*), non-zero ones only: wq4b7m1x8k2c 2
  // (.512, .734), h6j8l0n2p4r6 3, m2n4b6v8c0x1 2 (.310, .524), f5g7h9j1k3l5 3, n8m6b4v2c0x9 0: 10.
  CHECK(has_note(log, "page.json: 10 timestamp(s) carried a fraction of a second, floored to the second"));
  CHECK(has_note(log, "1 incident(s) are partial outages: Statuspage gives no share"));
  CHECK(has_note(log, "1 incident-component pair(s) were degraded only (degraded_performance) and are not downtime"));
  CHECK(has_note(log,
                 "1 record(s) took no service of the contract down (degraded or operational only): used, "
                 "with no incident"));
  CHECK(has_note(log, "1 record(s) named no component and had an impact of none or minor"));
  CHECK(has_note(log, "'Webhooks' maps to no service of the contract: 1 record(s)"));
  CHECK_FALSE(has_note(log, "read from the record's impact"));  // every pair had updates naming it
}

TEST_CASE("statuspage: an unresolved incident is open, its components' listed status is the live one", "[statuspage]") {
  const IncidentLog log = read_fixture("unresolved.json");
  // No update names a component: API Requests is listed partial_outage (down); Git Operations is listed
  // operational, which wins over the impact (major) while the incident is open.
  check_incidents(log, {{"y1t3r5e7w9q0/brv1bkgrwx7q", "api_requests", "2026-11-30T23:00:00Z", "open", "partial_outage",
                         "api_requests", Cause::Provider, ""}});
  CHECK(log.used_records() == 1);
  CHECK(has_note(log, "1 incident-component pair(s) stayed operational and are not downtime"));
}

TEST_CASE("statuspage: scheduled maintenances are maintenance with their notice and one not begun is no downtime",
          "[statuspage]") {
  const IncidentLog log = read_fixture("scheduled-maintenances.json");
  // r5t7y9u1i3o5: in progress since 08:00:00.250+01:00 = 07:00:00Z (floored), no resolved_at: open.
  // s8d0f2g4h6j8: completed 04:00:00Z..04:31:15Z; no update names Git Operations and the record is resolved, so
  // its state is the impact's: maintenance -> under_maintenance.
  check_incidents(log,
                  {
                      {"r5t7y9u1i3o5/brv1bkgrwx7q", "api_requests", "2026-11-28T07:00:00Z", "open", "under_maintenance",
                       "api_requests", Cause::Maintenance, "2026-11-20T15:00:00Z"},
                      {"s8d0f2g4h6j8/8l4ygp009s5s", "git_operations", "2026-11-09T04:00:00Z", "2026-11-09T04:31:15Z",
                       "under_maintenance", "git_operations", Cause::Maintenance, "2026-11-01T10:00:00Z"},
                  });
  // k2j4h6g8f0d1, still scheduled, names Git Operations: used, with no incident.
  CHECK(log.records_read == 3);
  CHECK(log.used_records() == 3);
  CHECK(log.not_for_contract == 0);
  CHECK(has_note(log, "1 maintenance(s) had not begun (status scheduled): no downtime"));
  CHECK(has_note(log, "1 incident-component pair(s) had no status in the record's updates"));
}

TEST_CASE("statuspage: every rejection reason, with its record's line", "[statuspage]") {
  const IncidentLog log = read_fixture("bad.json");
  struct Case {
    size_t line;
    std::string reason;
  };
  // bad.json: one record a line from line 3; only b17 (line 22) is used.
  const std::vector<Case> cases = {
      {3, "the record must be an object, found a string"},
      {4, "field 'id' is missing (or null)"},
      {5, "field 'id' contains a control character"},
      {6, "field 'name' must be a string, found a number"},
      {7, "field 'status' 'fixed' is none of investigating, identified, monitoring, resolved, postmortem"},
      {8, "field 'impact' 'severe' is none of none, minor, major, critical, maintenance"},
      {9, "field 'created_at' is missing (or null)"},
      {10, "field 'started_at' '2026-11-02T10:00:00' is not an RFC 3339 timestamp"},
      {11, "field 'components' must be an array, found an object"},
      {12, "field 'components[0].name' is missing (or null)"},
      {13, "field 'incident_updates[0].affected_components[0].new_status' 'down' is none of operational"},
      {14, "field 'status' appears twice"},
      {15, "status 'resolved' but no 'resolved_at'"},
      {16, "status 'monitoring' says the incident is unresolved, but 'resolved_at' is set"},
      {17, "status 'in_progress' but neither 'started_at' nor 'scheduled_for'"},
      {18, "status 'completed' but neither 'resolved_at' nor 'scheduled_until'"},
      // 11:00:00.400 and 11:00:00.900 both floor to 11:00:00.
      {19, "ends at 2026-11-02T11:00:00Z, not after its start 2026-11-02T11:00:00Z"},
      {20,
       "names no component (neither 'components' nor any update's 'affected_components'), but its impact "
       "'critical' says something was down"},
      {21, "'incident_updates[0]' must be an object, found a string"},
      {23, "duplicate of line 22 (identical)"},
      {24, "duplicate id 'b17' with different content (first at line 22)"},
      {25, "field 'id' is empty"},
  };
  REQUIRE(log.rejected.size() == cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    INFO(log.rejected[i].reason);
    CHECK(log.rejected[i].line == cases[i].line);
    CHECK(has(log.rejected[i].reason, cases[i].reason));
  }
  CHECK(log.records_read == 23);
  CHECK(log.used_records() == 1);
  // b14's fractions (.400, .900) were read, but b14 was rejected: the notes count the records kept only.
  CHECK_FALSE(has_note(log, "floored"));
  CHECK(log.incidents.size() == 1);
  // Under "scheduled_maintenances", an incident's status is no maintenance's.
  const IncidentLogResult wrong = read_statuspage(
      R"({"scheduled_maintenances": [{"id": "a", "status": "resolved", "impact": "maintenance",
          "created_at": "2026-11-02T10:00:00Z", "resolved_at": "2026-11-02T11:00:00Z"}]})",
      options());
  REQUIRE(wrong.ok());
  REQUIRE(wrong.log->rejected.size() == 1);
  CHECK(
      has(wrong.log->rejected[0].reason, "field 'status' 'resolved' is an incident's, under 'scheduled_maintenances'"));
}

TEST_CASE("statuspage: a document that is not Statuspage's is an error for the whole input", "[statuspage]") {
  struct Case {
    std::string text, error;
  };
  const std::vector<Case> cases = {
      {"{\"incidents\": [\n  {\"id\": \"a\",}\n]}", "not valid JSON at line 2, column 14"},
      {"[]", "not a Statuspage API v2 document: the top level is an array"},
      {"{\"page\": {}, \"components\": []}", "no 'incidents' or 'scheduled_maintenances' array"},
      {"{\"incidents\": {}}", "member 'incidents' must be an array, found an object"},
      {"{\"incidents\": [], \"incidents\": []}", "member 'incidents' appears twice"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const IncidentLogResult result = read_statuspage(c.text, options());
    CHECK_FALSE(result.ok());
    CHECK(has(result.error, c.error));
  }
}

TEST_CASE("statuspage: the order of records and of components changes nothing", "[statuspage]") {
  nlohmann::json document = nlohmann::json::parse(slaudit::testing::slurp(kData + "incidents.json"));
  auto& incidents = document["incidents"];
  std::reverse(incidents.begin(), incidents.end());
  for (auto& record : incidents) std::reverse(record["components"].begin(), record["components"].end());
  const IncidentLogResult reversed = read_statuspage(document.dump(2), options());
  REQUIRE(reversed.ok());
  const IncidentLog original = read_fixture("incidents.json");
  auto described = [](const IncidentLog& log) {
    std::vector<std::string> out;
    for (const Incident& i : log.incidents)
      out.push_back(i.id + " " + std::string(i.service.view()) + " " + format_utc(i.start) + " " +
                    (i.end ? format_utc(*i.end) : "open") + " " + std::string(i.fault.view()));
    std::sort(out.begin(), out.end());
    return out;
  };
  CHECK(described(*reversed.log) == described(original));
  CHECK(reversed.log->not_for_contract == original.not_for_contract);
  CHECK(reversed.log->notes.size() == original.notes.size());
}

TEST_CASE("statuspage: the user's map names a component's service and component", "[statuspage]") {
  // "Webhooks" is no service by its own name; the map makes it api_requests, component "hooks".
  const IncidentLog log = read_fixture("incidents.json", options({{"Webhooks", {"api_requests", "hooks"}}}));
  // h6j8l0n2p4r6: Webhooks partial_outage from 14:02:51.004-07:00 = 21:02:51Z to 15:30:11.420-07:00 = 22:30:11Z.
  const auto it = std::find_if(log.incidents.begin(), log.incidents.end(),
                               [](const Incident& i) { return i.id == "h6j8l0n2p4r6/4230lsnqdsld"; });
  REQUIRE(it != log.incidents.end());
  CHECK(it->service.view() == "api_requests");
  CHECK(it->component.view() == "hooks");
  CHECK(format_utc(it->start) == "2026-11-07T21:02:51Z");
  CHECK(format_utc(*it->end) == "2026-11-07T22:30:11Z");
  CHECK(log.not_for_contract == 1);  // n8m6b4v2c0x9, which names no component
}

TEST_CASE("statuspage: a full incidents.json says it reaches back only to its earliest record", "[statuspage]") {
  // 50 records, one a day from 2026-01-01, each an hour long with impact none and no component (no downtime):
  // the earliest created is 2026-01-01T00:00:00Z.
  nlohmann::json incidents = nlohmann::json::array();
  for (int day = 1; day <= 50; ++day) {
    const int month = day <= 31 ? 1 : 2, mday = day <= 31 ? day : day - 31;
    char created[32], resolved[32];
    std::snprintf(created, sizeof created, "2026-%02d-%02dT00:00:00Z", month, mday);
    std::snprintf(resolved, sizeof resolved, "2026-%02d-%02dT01:00:00Z", month, mday);
    incidents.push_back({{"id", "r" + std::to_string(day)},
                         {"status", "resolved"},
                         {"impact", "none"},
                         {"created_at", created},
                         {"resolved_at", resolved},
                         {"started_at", nullptr}});
  }
  const std::string text = nlohmann::json{{"incidents", incidents}}.dump();
  const IncidentLogResult result = read_statuspage(text, options());
  REQUIRE(result.ok());
  CHECK(result.log->not_for_contract == 50);
  CHECK(has_note(*result.log, "the document lists 50 incidents"));
  CHECK(has_note(*result.log, "created 2026-01-01T00:00:00Z"));
}

// End to end: `slaudit audit` on incidents.json for November 2026 (UTC, 2,592,000 s).
// git_operations: down 16:00:00..16:45:30 on 11-03 = 2,730 s (major_outage); the maintenance 02:00..03:00 on
//   11-15 = 3,600 s was announced 11-10 12:00:03, 4 d 13 h 59 min 57 s ahead (>= 72 h): excluded, and removed
//   from the period. (2,592,000 - 3,600 - 2,730) / (2,592,000 - 3,600) = 2,585,670 / 2,588,400 = 99.8945%
//   < 99.9%: 10% of 1,000.00 = 100.00 USD.
// api_requests: the same 2,730 s (partial_outage, counted in full); the degraded 06:11:09..06:52:37 on 11-21
//   (2,488 s) is not downtime. 2,589,270 / 2,592,000 = 99.894675...%, shown truncated as 99.8946%, >= 99.85%:
//   met. (Had the degraded time counted: (2,592,000 - 5,218) / 2,592,000 = 99.79868...% < 99.85%, a breach.)
TEST_CASE("statuspage: an audit through the CLI from incidents.json", "[statuspage][cli]") {
  const slaudit::testing::ScratchDir scratch("cli-statuspage");
  scratch.copy_in(kData + "contract.sla", "contract.sla");
  scratch.copy_in(kData + "incidents.json", "incidents.json");
  const slaudit::testing::CliRun run = scratch.run(
      SLAUDIT_CLI, "audit contract.sla --incidents incidents.json --incidents-format statuspage --period 2026-11");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);  // a breach with a credit owed
  // 2,585,670 / 2,588,400 = 99.894529...%, truncated; 60 min of maintenance excluded; 2,730 s = 45.5 min down.
  CHECK(has(run.out, "git_operations  2026-11   99.9%         43140      45.5            60"));
  CHECK(has(run.out, "99.8945%~  <99.9%: 10%  100.00"));
  CHECK(has(run.out, "api_requests    2026-11  99.85%         43200      45.5             0"));
  CHECK(has(run.out, "99.8946%~  -              0.00"));
  CHECK_FALSE(has(run.out, "99.7986%"));
  CHECK(has(run.out, "incidents.json: read 5, used 3, rejected 0, not for this contract 2"));
  CHECK(has(run.out, "Total owed: 100.00 USD"));
}
