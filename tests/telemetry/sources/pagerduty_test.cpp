// PagerDuty incidents (telemetry/sources/pagerduty.h): the REST API v2 pages
// (one page, an array of pages, JSON Lines of pages) and the CSV export, the
// mapping, every rejection reason, and an audit through the CLI.
// Fixtures in tests/data/sources/pagerduty/ follow the List incidents example
// of PagerDuty's API reference (developer.pagerduty.com/api-reference,
// "List incidents": id PT4KHLK, incident_number 1234, "The server is on
// fire.", service and priority references) and its pagination guide
// ("limit", "offset", "more").
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "tests/support/cli_run.h"
#include "telemetry/sources/pagerduty.h"

using namespace slaudit;

namespace {

Instant at(const char* text) { return *parse_timestamp(text).instant; }

SourceReadOptions options() {
  SourceReadOptions o;
  o.path = "pd.json";
  o.names = SourceNames(ServiceNames{"checkout_api"});
  return o;
}

const std::string kFixtures = SLAUDIT_SOURCE_DIR "/tests/data/sources/pagerduty/";

std::string fixture(const std::string& name) { return slaudit::testing::slurp(kFixtures + name); }

// A resolved high-urgency incident of "Checkout API", 45 minutes, with `patch` merged into it
// (RFC 7386: a null removes a field).
std::string incident(const char* patch) {
  nlohmann::json base = {{"id", "P1"},
                         {"incident_number", 7},
                         {"title", "Checkout errors"},
                         {"html_url", "https://subdomain.pagerduty.com/incidents/P1"},
                         {"service", {{"id", "PIJ90N7"}, {"summary", "Checkout API"}}},
                         {"created_at", "2026-11-03T10:00:00Z"},
                         {"last_status_change_at", "2026-11-03T10:45:00Z"},
                         {"resolved_at", "2026-11-03T10:45:00Z"},
                         {"status", "resolved"},
                         {"urgency", "high"}};
  base.merge_patch(nlohmann::json::parse(patch));
  return base.dump();
}

// One page holding `elements`, one a line from line 2.
std::string page(const std::vector<std::string>& elements) {
  std::string out = "{\"incidents\": [\n";
  for (size_t i = 0; i < elements.size(); ++i) out += elements[i] + (i + 1 < elements.size() ? ",\n" : "\n");
  return out + "], \"limit\": 25, \"offset\": 0, \"more\": false}\n";
}

IncidentLog read_json(const std::string& text) {
  IncidentLogResult result = read_pagerduty(text, options());
  REQUIRE(result.error == "");
  return std::move(*result.log);
}

IncidentLog read_csv(const std::string& text) {
  IncidentLogResult result = read_pagerduty_csv(text, options());
  REQUIRE(result.error == "");
  return std::move(*result.log);
}

bool has_note(const IncidentLog& log, const std::string& part) {
  for (const std::string& note : log.notes)
    if (note.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("pagerduty: the API example's fields map to an incident", "[sources][pagerduty]") {
  const IncidentLog log = read_json(page({incident("{}")}));
  REQUIRE(log.incidents.size() == 1);
  const Incident& i = log.incidents[0];
  CHECK(i.line == 2);
  CHECK(i.id == "P1");
  CHECK(i.service == "checkout_api");  // "Checkout API" by its lower_snake name
  CHECK(i.start == at("2026-11-03T10:00:00Z"));
  CHECK(*i.end == at("2026-11-03T10:45:00Z"));
  REQUIRE(i.labels);
  CHECK(i.labels->title == "Checkout errors");
  CHECK(i.labels->url == "https://subdomain.pagerduty.com/incidents/P1");
  CHECK(i.labels->ticket == "7");
  CHECK(has_note(log, "urgency: high 1;"));
  CHECK(has_note(log, "priority: none 1"));
}

TEST_CASE("pagerduty: triggered and acknowledged incidents are open and resolved_at wins over the last change",
          "[sources][pagerduty]") {
  const IncidentLog log = read_json(page({
      incident(R"({"id":"T","status":"triggered","resolved_at":null})"),
      incident(R"({"id":"A","status":"acknowledged","resolved_at":null})"),
      // resolved_at 10:45 is the end even though the last status change (a note added) is later.
      incident(R"({"id":"R","last_status_change_at":"2026-11-03T12:00:00Z"})"),
      // No resolved_at (older list responses): the change to resolved ends it, 10:00 + 20 min.
      incident(R"({"id":"L","resolved_at":null,"last_status_change_at":"2026-11-03T10:20:00Z","urgency":"low",
                   "priority":{"summary":"P1"}})"),
  }));
  REQUIRE(log.incidents.size() == 4);
  CHECK(log.incidents[0].is_open());
  CHECK(log.incidents[1].is_open());
  CHECK(*log.incidents[2].end == at("2026-11-03T10:45:00Z"));
  CHECK(*log.incidents[3].end == at("2026-11-03T10:20:00Z"));
  CHECK(has_note(log, "1 resolved incident(s) carry no resolved_at"));
  // Low urgency is downtime too: the contract decides what is excluded.
  CHECK(has_note(log, "urgency: high 3, low 1;"));
  CHECK(has_note(log, "priority: P1 1, none 3"));
}

TEST_CASE("pagerduty: every rejection reason of an incident", "[sources][pagerduty]") {
  struct Case {
    const char* element;  // a patch of the base incident, or (raw) the element itself
    bool raw;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {R"("not an object")", true, "the incident is not a JSON object"},
      {R"({"id":null})", false, "field 'id' is missing or empty"},
      {R"({"id":""})", false, "field 'id' is missing or empty"},
      {R"({"id":5})", false, "field 'id' is not a string"},
      {R"({"id":"P\u0007"})", false, "field 'id' contains a control character"},
      {R"({"service":null})", false, "the service's summary (field 'service.summary', CSV 'service_name') is missing"},
      {R"({"service":"Checkout API"})", false, "field 'service' is not an object"},
      {R"({"service":{"summary":7}})", false, "field 'summary' is not a string"},
      {R"({"service":{"summary":"Checkout\u202eAPI"}})", false, "field 'service' contains a bidirectional"},
      {R"({"created_at":null})", false, "field 'created_at' is missing"},
      {R"({"created_at":5})", false, "field 'created_at' is not a string"},
      {R"({"created_at":"2026-11-03T10:00:00"})", false, "field 'created_at': "},
      {R"({"status":null})", false, "field 'status' is missing"},
      {R"({"status":"closed"})", false, "field 'status' is 'closed', not triggered, acknowledged or resolved"},
      {R"({"status":"closed\nTotal owed: 0.00"})", false, "field 'status' contains a control character"},
      {R"({"urgency":"medium"})", false, "field 'urgency' is 'medium', not high or low"},
      {R"({"resolved_at":null,"last_status_change_at":null})", false,
       "status 'resolved' without 'resolved_at' or 'last_status_change_at': its end is unknown"},
      {R"({"resolved_at":"yesterday"})", false, "field 'resolved_at': "},
      {R"({"resolved_at":null,"last_status_change_at":"soon"})", false, "field 'last_status_change_at': "},
      {R"({"resolved_at":"2026-11-03T09:00:00Z"})", false,
       "resolved_at 2026-11-03T09:00:00Z is before created_at 2026-11-03T10:00:00Z"},
      {R"({"resolved_at":null,"last_status_change_at":"2026-11-03T09:59:59Z"})", false,
       "last_status_change_at 2026-11-03T09:59:59Z is before created_at 2026-11-03T10:00:00Z"},
      {R"({"status":"acknowledged"})", false,
       "field 'resolved_at' is set on an incident with status 'acknowledged': an incident not resolved has no end"},
      {R"({"title":"line\nTotal owed: 0.00"})", false, "field 'title' contains a control character"},
      {R"({"html_url":7})", false, "field 'html_url' is not a string"},
      {R"({"incident_number":-1})", false, "field 'incident_number' is not a whole number >= 0"},
      {R"({"incident_number":"12"})", false, "field 'incident_number' is not a whole number >= 0"},
      {R"({"priority":"P1"})", false, "field 'priority' is neither an object nor null"},
      {R"({"priority":{"summary":7}})", false, "field 'summary' is not a string"},
  };
  for (const Case& c : cases) {
    INFO(c.element);
    const IncidentLog log = read_json(page({c.raw ? std::string(c.element) : incident(c.element)}));
    CHECK(log.records_read == 1);
    CHECK(log.incidents.empty());
    REQUIRE(log.rejected.size() == 1);
    CHECK(log.rejected[0].line == 2);
    CHECK(log.rejected[0].reason.find(c.reason) == 0);
  }
}

TEST_CASE("pagerduty: an incident of another service is not for this contract, however malformed",
          "[sources][pagerduty]") {
  const IncidentLog log = read_json(page({
      incident(R"({"id":"M1","service":{"summary":"Mail Service"}})"),
      incident(R"({"id":"M2","service":{"summary":"Mail Service"},"status":"closed"})"),
      incident("{}"),
  }));
  CHECK(log.records_read == 3);
  CHECK(log.not_for_contract == 2);
  CHECK(log.used_records() == 1);
  CHECK(log.rejected.empty());
  CHECK(has_note(log, "'Mail Service' maps to no service of the contract: 2 record(s)"));
}

TEST_CASE("pagerduty: the same id twice is a duplicate, identical or not", "[sources][pagerduty]") {
  const IncidentLog log = read_json(page({
      incident("{}"),
      incident("{}"),                                                      // offset pagination repeated it
      incident(R"({"resolved_at":"2026-11-03T11:00:00Z"})"),              // changed between two pages
      incident(R"({"id":"P2","created_at":"2026-11-03T10:00:00+01:00"})"),  // another id: used
  }));
  CHECK(log.incidents.size() == 2);
  REQUIRE(log.rejected.size() == 2);
  CHECK(log.rejected[0] == RejectedRecord{3, "duplicate of line 2 (identical)"});
  CHECK(log.rejected[1] == RejectedRecord{4, "duplicate id 'P1' with different content (first at line 2)"});
}

TEST_CASE("pagerduty: one page, an array of pages and JSON Lines of pages read the same",
          "[sources][pagerduty]") {
  const IncidentLog array = read_json(fixture("pages.json"));
  const IncidentLog lines = read_json(fixture("pages.jsonl"));
  for (const IncidentLog* log : {&array, &lines}) {
    // 4 records: PT4KHLK used, PXL8DVR (Mail Service) not for this contract, PT4KHLK again
    // (page 2 repeats it) rejected, P1Q2R3S used.
    CHECK(log->records_read == 4);
    CHECK(log->not_for_contract == 1);
    REQUIRE(log->incidents.size() == 2);
    REQUIRE(log->rejected.size() == 1);
    CHECK(log->incidents[0].id == "PT4KHLK");
    CHECK(log->incidents[1].id == "P1Q2R3S");
    // 2026-11-20T23:30:00-05:00 is 2026-11-21T04:30Z; no resolved_at: its last change, 05:00Z, ends it.
    CHECK(log->incidents[1].start == at("2026-11-21T04:30:00Z"));
    CHECK(*log->incidents[1].end == at("2026-11-21T05:00:00Z"));
    CHECK(has_note(*log, "1 resolved incident(s) carry no resolved_at"));
    CHECK_FALSE(has_note(*log, "\"more\": true"));  // the last page says more: false
  }
  // The lines each element starts on in the file.
  CHECK(array.incidents[0].line == 4);
  CHECK(array.rejected[0] == RejectedRecord{64, "duplicate of line 4 (identical)"});
  CHECK(lines.incidents[0].line == 1);
  CHECK(lines.rejected[0] == RejectedRecord{2, "duplicate of line 1 (identical)"});
  CHECK(lines.incidents[1].line == 2);
  // A single page says when PagerDuty holds more.
  const IncidentLog first = read_json(nlohmann::json::parse(fixture("pages.json"))[0].dump(2));
  CHECK(first.records_read == 2);
  CHECK(has_note(first, "the last page says \"more\": true"));
}

TEST_CASE("pagerduty: a document that is no GET /incidents response is an error", "[sources][pagerduty]") {
  struct Case {
    const char* text;
    const char* error;
  };
  const std::vector<Case> cases = {
      {"{\"incidents\": [\n  {\"id\": \"P1\",}\n]}", "malformed JSON at line 2, column 15: "},
      {"", "malformed JSON at line 1, column 1: "},
      {"{\"incident\": {\"id\": \"P1\"}}", "page 1 (line 1) has no 'incidents' array: not a PagerDuty GET /incidents response"},
      {"[{\"incidents\": []},\n 5]", "page 2 (line 2) has no 'incidents' array"},
      {"{\"incidents\": []}\n{\"incidents\": [}\n", "malformed JSON at line 2 (a page of JSON Lines), column 16: "},
      {"{\"incidents\": []}\n{\"incidents\": {}}\n", "page 2 (line 2) has no 'incidents' array"},
      // Valid JSON, but no integer or double holds the number.
      {"{\"incidents\": [{\"id\": \"P1\", \"incident_number\": 1e999}]}",
       "malformed JSON: number overflow parsing '1e999'"},
      {"{\"incidents\": []}\n{\"incidents\": [1e999]}\n", "malformed JSON at line 2 (a page of JSON Lines): number overflow"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const IncidentLogResult result = read_pagerduty(c.text, options());
    CHECK_FALSE(result.ok());
    CHECK(result.error.find(c.error) == 0);
  }
  // An empty page is no error: nothing was read.
  CHECK(read_json("{\"incidents\": [], \"more\": false}").records_read == 0);
}

TEST_CASE("pagerduty-csv: the export's columns, aliases and unread columns", "[sources][pagerduty]") {
  const IncidentLog log = read_csv(fixture("incidents.csv"));
  CHECK(log.records_read == 3);
  CHECK(log.not_for_contract == 1);
  REQUIRE(log.incidents.size() == 2);
  CHECK(log.incidents[0].id == "PT4KHLK");
  CHECK(log.incidents[0].line == 2);
  CHECK(log.incidents[0].labels->title == "The server is on fire.");  // column 'description'
  CHECK(log.incidents[0].labels->ticket == "1234");
  CHECK(log.incidents[1].start == at("2026-11-21T04:30:00Z"));  // created_on -05:00
  CHECK(*log.incidents[1].end == at("2026-11-21T05:00:00Z"));   // resolved_on
  CHECK(has_note(log, "columns not read: escalation_policy_name, seconds_to_resolve, service_id"));
  CHECK(has_note(log, "priority: P2 1, none 1"));
  // No status column: an end makes an incident resolved, none leaves it open.
  const IncidentLog bare = read_csv(
      "id,service_name,created_at,resolved_at\n"
      "A,Checkout API,2026-11-03T10:00:00Z,2026-11-03T10:30:00Z\n"
      "B,Checkout API,2026-11-04T10:00:00Z,\n");
  REQUIRE(bare.incidents.size() == 2);
  CHECK(*bare.incidents[0].end == at("2026-11-03T10:30:00Z"));
  CHECK(bare.incidents[1].is_open());
  CHECK(has_note(bare, "no 'status' column"));
}

TEST_CASE("pagerduty-csv: every rejection reason of a row", "[sources][pagerduty]") {
  const std::string header = "id,incident_number,status,urgency,service_name,created_at,resolved_at\n";
  struct Case {
    const char* row;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {"P1,1,resolved,high,Checkout API,2026-11-03T10:00:00Z", "the row has 6 field(s), the header 7"},
      {"P1,1,resolved,high,\"Checkout API,2026-11-03T10:00:00Z,x", "unterminated quoted field"},
      {",1,resolved,high,Checkout API,2026-11-03T10:00:00Z,2026-11-03T10:30:00Z", "field 'id' is missing or empty"},
      {"P1,1,resolved,high,,2026-11-03T10:00:00Z,2026-11-03T10:30:00Z", "the service's summary"},
      {"P1,#1,resolved,high,Checkout API,2026-11-03T10:00:00Z,2026-11-03T10:30:00Z",
       "column 'incident_number' is not a whole number >= 0"},
      {"P1,1,resolved,high,Checkout API,,2026-11-03T10:30:00Z", "field 'created_at' is missing"},
      {"P1,1,,high,Checkout API,2026-11-03T10:00:00Z,2026-11-03T10:30:00Z", "field 'status' is missing"},
      {"P1,1,resolved,urgent,Checkout API,2026-11-03T10:00:00Z,2026-11-03T10:30:00Z",
       "field 'urgency' is 'urgent', not high or low"},
      {"P1,1,resolved,high,Checkout API,2026-11-03T10:00:00Z,", "status 'resolved' without"},
      {"P1,1,triggered,high,Checkout API,2026-11-03T10:00:00Z,2026-11-03T10:30:00Z",
       "field 'resolved_at' is set on an incident with status 'triggered'"},
  };
  for (const Case& c : cases) {
    INFO(c.row);
    const IncidentLog log = read_csv(header + c.row + "\n");
    CHECK(log.records_read == 1);
    REQUIRE(log.rejected.size() == 1);
    CHECK(log.rejected[0].line == 2);
    CHECK(log.rejected[0].reason.find(c.reason) != std::string::npos);
  }
}

TEST_CASE("pagerduty-csv: a header that cannot be read is an error", "[sources][pagerduty]") {
  struct Case {
    const char* text;
    const char* error;
  };
  const std::vector<Case> cases = {
      {"", "no header row: the file is empty"},
      {"incident_number,service_name,created_at\n", "the header row (line 1): no column 'id'"},
      {"id,created_at\n", "the header row (line 1): no column 'service_name'"},
      {"id,service_name\n", "the header row (line 1): no column 'created_at'"},
      {"id,service_name,created_at,id\n", "the header row (line 1): column 'id' is given twice"},
      {"id,service_name,created_at,created_on\n",
       "the header row (line 1): columns 'created_at' and 'created_on' say the same field"},
      {"id,service_name,created_at,\"a\nb\"\n", "the header row (line 1): a column name contains a control character"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const IncidentLogResult result = read_pagerduty_csv(c.text, options());
    CHECK_FALSE(result.ok());
    CHECK(result.error.find(c.error) == 0);
  }
}

TEST_CASE("pagerduty: an audit through the CLI from each form of the export", "[sources][pagerduty][cli]") {
  // checkout.sla: checkout_api, 99.9% a calendar month in UTC, 10% of 1,000.00 EUR below it.
  // November 2026: 30 x 1,440 = 43,200 min. PT4KHLK 10:00Z-10:45Z on the 3rd (45 min) and P1Q2R3S
  // 04:30Z-05:00Z on the 21st (30 min; created 23:30 -05:00 the day before, ended at its last status change):
  // 75 min down, (43,200 - 75) / 43,200 = 99.82638...% (shown cut to 99.8263%~) < 99.9%: 10% of 1,000.00 = 100.00 EUR.
  // The JSON forms repeat PT4KHLK on page 2 (offset pagination): rejected, so the evidence is incomplete.
  const slaudit::testing::ScratchDir scratch("cli-pagerduty");
  scratch.copy_in(kFixtures + "checkout.sla", "checkout.sla");
  const std::string row =
      "  checkout_api  2026-11   99.9%         43200        75             0     99.8263%~  <99.9%: 10%  100.00  no cap  "
      "100.00  2026-12-30  missed";
  struct Form {
    const char* file;
    const char* format;
    const char* records;
    const char* status;
  };
  for (const Form& form :
       {Form{"pages.json", "pagerduty",
             "  pages.json: read 4, used 2, rejected 1, not for this contract 1\n"
             "  pages.json:64: duplicate of line 4 (identical)\n",
             " (incomplete)\n"},
        Form{"pages.jsonl", "pagerduty",
             "  pages.jsonl: read 4, used 2, rejected 1, not for this contract 1\n"
             "  pages.jsonl:2: duplicate of line 1 (identical)\n",
             " (incomplete)\n"},
        Form{"incidents.csv", "pagerduty-csv", "  incidents.csv: read 3, used 2, rejected 0, not for this contract 1\n",
             "\n"}}) {
    INFO(form.file);
    scratch.copy_in(kFixtures + form.file, form.file);
    const slaudit::testing::CliRun run = scratch.run(
        SLAUDIT_CLI, std::string("audit checkout.sla --period 2026-11 --incidents ") + form.file + " --incidents-format " +
                         form.format);
    INFO(run.out << run.err);
    CHECK(run.exit == 3);
    CHECK(slaudit::testing::has(run.out, row + form.status));
    CHECK(slaudit::testing::has(run.out, form.records));
    CHECK(slaudit::testing::has(run.out, "Total owed: 100.00 EUR, claim by 2026-12-30\n"));
  }
}
