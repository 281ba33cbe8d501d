// Status-change histories into incidents (telemetry/status/status_history.h,
// docs/audit.md section 25): transitions per resource, the initial-state
// rule, repeated and conflicting states, and that row order changes nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <map>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "telemetry/status/status_history.h"

using namespace slaudit;

namespace Catch {
template <>
struct StringMaker<StatusRejection> {
  static std::string convert(const StatusRejection& r) { return std::to_string(r.line) + ": " + r.reason; }
};
}  // namespace Catch

namespace {

Instant at(const char* text) { return *parse_timestamp(text).instant; }

StatusReadOptions options(StatusFormat format, InitialState initial = InitialState::Unknown) {
  StatusReadOptions o;
  o.format = format;
  o.services = ServiceNames{"web"};
  o.initial_state = initial;
  return o;
}

StatusHistory read_csv(const std::string& text, InitialState initial = InitialState::Unknown) {
  return read_status_history(text, options(StatusFormat::Csv, initial));
}

StatusHistory read_jsonl(const std::string& text, InitialState initial = InitialState::Unknown) {
  return read_status_history(text, options(StatusFormat::JsonLines, initial));
}

// What an incident says, without the line it came from (which row order moves).
struct Span {
  std::string id, service, resource;
  Instant start;
  std::optional<Instant> end;
  bool operator==(const Span&) const = default;
};

std::vector<Span> spans(const StatusHistory& h) {
  std::vector<Span> out;
  for (const Incident& i : h.incidents)
    out.push_back({i.id, std::string(i.service.view()), i.resource ? std::string(i.resource.view()) : "", i.start,
                   i.end.optional()});
  return out;
}

void check_accounting(const StatusHistory& h) {
  CHECK(h.records_read == h.used + h.rejected.size() + h.not_for_contract);
}

}  // namespace

TEST_CASE("status: each down..up span of a resource is one incident", "[telemetry][status]") {
  struct Case {
    const char* what;
    std::string rows;  // after the header time,resource,state
    std::vector<Span> expected;
    size_t repeated;
  };
  const Instant t10 = at("2026-11-03T10:00:00Z"), t1020 = at("2026-11-03T10:20:00Z");
  const Instant t11 = at("2026-11-03T11:00:00Z"), t1130 = at("2026-11-03T11:30:00Z");
  const std::vector<Case> cases = {
      {"down then up: 20 min (10:00..10:20)",
       "2026-11-03T10:00:00Z,a,down\n2026-11-03T10:20:00Z,a,up\n",
       {{"web/a@2026-11-03T10:00:00Z", "web", "a", t10, t1020}}, 0},
      {"down, down, up: one incident from the first down, one repeated state",
       "2026-11-03T10:00:00Z,a,down\n2026-11-03T10:20:00Z,a,DOWN\n2026-11-03T11:00:00Z,a,Up\n",
       {{"web/a@2026-11-03T10:00:00Z", "web", "a", t10, t11}}, 1},
      {"up, up, down, up: the second up repeats; one incident 11:00..11:30",
       "2026-11-03T10:00:00Z,a,up\n2026-11-03T10:20:00Z,a,up\n2026-11-03T11:00:00Z,a,down\n"
       "2026-11-03T11:30:00Z,a,up\n",
       {{"web/a@2026-11-03T11:00:00Z", "web", "a", t11, t1130}}, 1},
      {"ends down: the incident stays open",
       "2026-11-03T10:00:00Z,a,down\n", {{"web/a@2026-11-03T10:00:00Z", "web", "a", t10, std::nullopt}}, 0},
      {"two resources overlap: one incident each",
       "2026-11-03T10:00:00Z,a,down\n2026-11-03T10:20:00Z,b,down\n2026-11-03T11:00:00Z,a,up\n"
       "2026-11-03T11:30:00Z,b,up\n",
       {{"web/a@2026-11-03T10:00:00Z", "web", "a", t10, t11}, {"web/b@2026-11-03T10:20:00Z", "web", "b", t1020, t1130}},
       0},
      {"offsets: 18:00+08:00 is 10:00Z",
       "2026-11-03T18:00:00+08:00,a,down\n2026-11-03 10:20:00Z,a,up\n",
       {{"web/a@2026-11-03T10:00:00Z", "web", "a", t10, t1020}}, 0},
  };
  for (const Case& c : cases) {
    SECTION(c.what) {
      const StatusHistory h = read_csv("time,resource,state\n" + c.rows);
      CHECK(h.rejected.empty());
      CHECK(spans(h) == c.expected);
      CHECK(h.repeated == c.repeated);
      check_accounting(h);
    }
  }
}

TEST_CASE("status: row order changes no incident, count or gap", "[telemetry][status]") {
  std::vector<std::string> rows = {
      "2026-11-03T10:00:00Z,a,down", "2026-11-03T10:20:00Z,a,up",   "2026-11-03T10:05:00Z,b,down",
      "2026-11-03T10:06:00Z,b,down", "2026-11-03T12:00:00Z,b,up",   "2026-11-04T00:00:00Z,a,down",
      "2026-11-04T00:00:00Z,c,up",   "2026-11-04T00:00:00Z,c,down", "2026-11-05T00:00:00Z,c,up",
      "2026-11-01T00:00:00Z,a,up",   "2026-11-06T00:00:00Z,b,down"};
  auto read_rows = [](const std::vector<std::string>& r) {
    std::string text = "time,resource,state\n";
    for (const std::string& row : r) text += row + "\n";
    return read_csv(text);
  };
  const StatusHistory first = read_rows(rows);
  // a: up 11-01, down 10:00..10:20, down 11-04 (open); b: 10:05..12:00 (10:06 repeats), down 11-06 (open);
  // c: up and down at one instant are both rejected, so c's first record is up at 11-05.
  REQUIRE(first.incidents.size() == 4);
  CHECK(first.repeated == 1);
  CHECK(first.rejected.size() == 2);
  CHECK(first.unknown_before ==
        std::vector<UnknownState>{{"web", "a", at("2026-11-01T00:00:00Z")},
                                  {"web", "b", at("2026-11-03T10:05:00Z")},
                                  {"web", "c", at("2026-11-05T00:00:00Z")}});
  std::mt19937 random(17);
  for (int round = 0; round < 20; ++round) {
    std::shuffle(rows.begin(), rows.end(), random);
    const StatusHistory shuffled = read_rows(rows);
    CHECK(spans(shuffled) == spans(first));
    CHECK(shuffled.repeated == first.repeated);
    CHECK(shuffled.rejected.size() == first.rejected.size());
    CHECK(shuffled.unknown_before == first.unknown_before);
    check_accounting(shuffled);
  }
}

TEST_CASE("status: up and down for one resource at one instant are both rejected", "[telemetry][status]") {
  const StatusHistory h = read_csv(
      "time,resource,state\n"
      "2026-11-03T10:00:00Z,a,down\n"   // line 2
      "2026-11-03T11:00:00Z,a,up\n"     // line 3: conflicts with line 4
      "2026-11-03T11:00:00Z,a,down\n"   // line 4
      "2026-11-03T11:00:00Z,b,down\n"   // line 5: another resource, no conflict
      "2026-11-03T12:00:00Z,a,up\n");   // line 6
  // Without lines 3 and 4, a is down 10:00..12:00: one incident of 2 h.
  REQUIRE(h.incidents.size() == 2);
  CHECK(h.incidents[0].start == at("2026-11-03T10:00:00Z"));
  CHECK(h.incidents[0].end == at("2026-11-03T12:00:00Z"));
  CHECK(h.incidents[1].resource == "b");
  CHECK(h.incidents[1].is_open());
  CHECK(h.rejected == std::vector<StatusRejection>{
                          {3, "conflicting states for resource 'a' at 2026-11-03T11:00:00Z: lines 3, 4 say both up "
                              "and down"},
                          {4, "conflicting states for resource 'a' at 2026-11-03T11:00:00Z: lines 3, 4 say both up "
                              "and down"}});
  CHECK(h.used == 3);  // 5 read = 3 used + 2 rejected
  check_accounting(h);
}

TEST_CASE("status: the same state twice at one instant is one transition", "[telemetry][status]") {
  const StatusHistory h = read_csv("time,resource,state\n2026-11-03T10:00:00Z,a,down\n2026-11-03T10:00:00Z,a,down\n"
                                   "2026-11-03T10:30:00Z,a,up\n");
  REQUIRE(h.incidents.size() == 1);
  CHECK(h.incidents[0].line == 2);  // the earlier line opens it, whatever the order
  CHECK(h.repeated == 1);
  CHECK(h.rejected.empty());
}

TEST_CASE("status: the initial state rule", "[telemetry][status]") {
  const std::string text = "time,resource,state\n2026-11-03T10:00:00Z,a,down\n2026-11-03T10:20:00Z,a,up\n"
                           "2026-11-02T00:00:00Z,b,up\n";
  SECTION("unknown: each resource's time before its first record is listed") {
    const StatusHistory h = read_csv(text);
    CHECK(h.unknown_before == std::vector<UnknownState>{{"web", "a", at("2026-11-03T10:00:00Z")},
                                                        {"web", "b", at("2026-11-02T00:00:00Z")}});
    CHECK(h.assumptions.empty());
    CHECK(h.services_seen == ServiceNames{"web"});
  }
  SECTION("up: nothing is unknown, and the assumption is said once") {
    const StatusHistory h = read_csv(text, InitialState::Up);
    CHECK(h.unknown_before.empty());
    CHECK(h.assumptions ==
          std::vector<std::string>{"2 resource(s) assumed up before their first status record (--initial-state up)"});
    CHECK(h.incidents.size() == 1);  // the incidents do not change: a is down 10:00..10:20 either way
  }
}

TEST_CASE("status: rejected records and their reasons", "[telemetry][status]") {
  struct Case {
    const char* what;
    std::string row;  // after the header time,resource,state
    std::string reason;
  };
  const std::vector<Case> cases = {
      {"no offset", "2026-11-03T10:00:00,a,down",
       "timestamp in 'time' has no UTC offset: '2026-11-03T10:00:00'; add Z or an offset such as +08:00"},
      {"bad time", "2026-13-03T10:00:00Z,a,down",
       "bad timestamp in 'time' '2026-13-03T10:00:00Z' at column 6: month 13 is out of range (01-12)"},
      {"missing time", ",a,down", "missing required field 'time'"},
      {"missing state", "2026-11-03T10:00:00Z,a,", "missing required field 'state'"},
      {"other state", "2026-11-03T10:00:00Z,a,critical", "unknown state 'critical'; expected up or down (any case)"},
      {"columns", "2026-11-03T10:00:00Z,a", "expected 3 fields as in the header, found 2"},
      // The x is column 25: 20 characters of time, the comma (21), "a" (22-24).
      {"CSV syntax", "2026-11-03T10:00:00Z,\"a\"x,down",
       "malformed CSV: unexpected 'x' after the closing quote of field 2 at column 25; expected ',' or the end of "
       "the line"},
  };
  for (const Case& c : cases) {
    SECTION(c.what) {
      const StatusHistory h = read_csv("time,resource,state\n" + c.row + "\n");
      CHECK(h.rejected == std::vector<StatusRejection>{{2, c.reason}});
      CHECK(h.incidents.empty());
      check_accounting(h);
    }
  }
}

TEST_CASE("status: services", "[telemetry][status]") {
  StatusReadOptions o = options(StatusFormat::Csv);
  o.services = ServiceNames{"web", "db"};
  const std::string history =
      "time,service,state\n2026-11-03T10:00:00Z,,down\n2026-11-03T10:00:00Z,mail,down\n"
      "2026-11-03T10:00:00Z,db,down\n2026-11-03T10:00:00Z,wbe,down\nnot a time,mail,up\n";
  const StatusHistory h = read_status_history(history, o);
  // 5 read = 1 used (db) + 2 rejected + 2 not for this contract (mail: another contract's, whatever its time).
  CHECK(h.rejected == std::vector<StatusRejection>{
                          {2, "no 'service', and the contract defines 2 services: name one"},
                          {5, "unknown service 'wbe' (did you mean 'web'?)"}});
  CHECK(h.not_for_contract == 2);
  CHECK(h.not_for_contract_services == std::map<std::string, size_t, std::less<>>{{"mail", 2}});
  CHECK(h.records_read == h.used + h.rejected.size() + h.not_for_contract);
  REQUIRE(h.incidents.size() == 1);
  CHECK(h.incidents[0].id == "db@2026-11-03T10:00:00Z");  // no resource: named by its service
  CHECK_FALSE(h.incidents[0].resource);
  o.strict = true;  // as before: every service the contract does not define rejected
  const StatusHistory strict = read_status_history(history, o);
  CHECK(strict.not_for_contract == 0);
  CHECK(strict.rejected.size() == 4);
  CHECK(strict.rejected[1] == StatusRejection{3, "unknown service 'mail'"});
}

TEST_CASE("status: a bad header rejects every record with its problem", "[telemetry][status]") {
  struct Case {
    const char* what;
    std::string header;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {"no state column", "time,resource", "the header row (line 1) has no column 'state'"},
      {"a typo", "time,resource,stat", "the header row (line 1): unknown field 'stat' (did you mean 'state'?)"},
      {"twice", "time,state,state", "the header row (line 1) names column 'state' twice"},
  };
  for (const Case& c : cases) {
    SECTION(c.what) {
      const StatusHistory h = read_csv(c.header + "\n2026-11-03T10:00:00Z,a\n2026-11-03T11:00:00Z,a\n");
      CHECK(h.rejected == std::vector<StatusRejection>{{2, c.reason}, {3, c.reason}});
      check_accounting(h);
    }
  }
}

TEST_CASE("status: JSON Lines reads as CSV does", "[telemetry][status]") {
  const StatusHistory csv = read_csv("time,resource,state\n2026-11-03T10:00:00Z,a,down\n2026-11-03T10:20:00Z,a,up\n");
  const StatusHistory json = read_jsonl(
      "\xEF\xBB\xBF{\"time\":\"2026-11-03T10:00:00Z\",\"resource\":\"a\",\"state\":\"down\"}\r\n"
      "\n"
      "{\"time\":\"2026-11-03T10:20:00Z\",\"resource\":\"a\",\"state\":\"up\",\"service\":null}\n");
  CHECK(spans(json) == spans(csv));
  CHECK(json.records_read == 2);  // the blank line is no record
}

TEST_CASE("status: JSON Lines rejections", "[telemetry][status]") {
  struct Case {
    const char* what;
    std::string line;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {"not JSON", "{\"time\":", "malformed JSON at column 9: "},
      {"not an object", "[1]", "expected a JSON object, found an array"},
      {"a number", "{\"time\":1,\"state\":\"up\"}", "field 'time' must be a string, found a number"},
      {"unknown field", "{\"time\":\"2026-11-03T10:00:00Z\",\"state\":\"up\",\"id\":\"x\"}",
       "unknown field 'id'"},
      {"repeated field", "{\"time\":\"2026-11-03T10:00:00Z\",\"state\":\"up\",\"state\":\"down\"}",
       "field 'state' appears twice"},
      {"control character", "{\"time\":\"2026-11-03T10:00:00Z\",\"state\":\"up\",\"resource\":\"a\\nb\"}",
       "field 'resource' contains a control character: 'a\\nb'"},
  };
  for (const Case& c : cases) {
    SECTION(c.what) {
      const StatusHistory h = read_jsonl(c.line + "\n");
      REQUIRE(h.rejected.size() == 1);
      CHECK(h.rejected[0].line == 1);
      CHECK_THAT(h.rejected[0].reason, Catch::StartsWith(c.reason));
      check_accounting(h);
    }
  }
}

TEST_CASE("status: a record over 1 MiB is rejected unread", "[telemetry][status]") {
  const std::string big(size_t{1} << 20, 'x');  // 1,048,576 bytes of resource, plus the rest of the record
  const StatusHistory csv = read_csv("time,resource,state\n2026-11-03T10:00:00Z," + big + ",down\n");
  REQUIRE(csv.rejected.size() == 1);
  // 21 bytes of time and comma + 1,048,576 + 5 of ",down" = 1,048,602.
  CHECK(csv.rejected[0].reason == "record of 1048602 bytes is longer than the limit of 1048576 bytes");
  const StatusHistory json = read_jsonl("{\"time\":\"2026-11-03T10:00:00Z\",\"state\":\"down\",\"resource\":\"" + big +
                                        "\"}\n");
  REQUIRE(json.rejected.size() == 1);
  CHECK_THAT(json.rejected[0].reason, Catch::StartsWith("record of "));
}

TEST_CASE("status: format and initial-state names", "[telemetry][status]") {
  CHECK(status_format_from_name("status-csv") == StatusFormat::Csv);
  CHECK(status_format_from_name("status-jsonl") == StatusFormat::JsonLines);
  CHECK(status_format_from_name("status-ndjson") == StatusFormat::JsonLines);
  CHECK_FALSE(status_format_from_name("csv"));  // an incident log's format, never a status history's
  CHECK(initial_state_from_name("up") == InitialState::Up);
  CHECK(initial_state_from_name("unknown") == InitialState::Unknown);
  CHECK_FALSE(initial_state_from_name("down"));
}
