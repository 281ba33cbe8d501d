// AWS Health events (telemetry/sources/aws_health.h): describe-events pages
// (epoch and ISO times), EventBridge events (RFC 1123 times, updates of one
// event), every rejection reason, the whole-input errors, and an audit
// through the CLI. Fixtures: tests/data/sources/aws_health/ (README.md there
// names the AWS documentation pages they follow).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/time/timestamp.h"
#include "telemetry/sources/aws_health.h"
#include "telemetry/sources/incident_sources.h"
#include "tests/support/cli_run.h"

using namespace slaudit;

namespace {

const std::string kDir = std::string(SLAUDIT_SOURCE_DIR) + "/tests/data/sources/aws_health/";

std::string fixture(const std::string& name) {
  std::ifstream in(kDir + name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

IncidentLogResult read(std::string_view content) {
  SourceReadOptions options;
  options.path = "health.json";
  options.names = SourceNames(ServiceNames{"ec2", "s3"});
  return read_aws_health(content, options);
}

bool has_note(const IncidentLog& log, const std::string& part) {
  for (const std::string& note : log.notes)
    if (note.find(part) != std::string::npos) return true;
  return false;
}

// One describe-events page holding `event` (an object's members), the event starting on line 2.
std::string page(const std::string& members) { return "{\"events\": [\n{" + members + "}\n]}"; }

const std::string kClosedIssue =
    R"("arn":"arn:aws:health:us-east-1::event/EC2/X/X_1","service":"EC2","eventTypeCategory":"issue",)"
    R"("statusCode":"closed","startTime":"2026-11-03T10:00:00Z","endTime":"2026-11-03T11:00:00Z")";

}  // namespace

TEST_CASE("aws-health: a describe-events page in epoch seconds", "[sources][aws]") {
  const IncidentLogResult result = read(fixture("describe_events.json"));
  REQUIRE(result.ok());
  const IncidentLog& log = *result.log;
  // 5 events: the EC2 issue and the EC2 maintenance used; the billing notice, CloudFormation (no contract
  // service) and the upcoming retirement not for this contract.
  CHECK(log.records_read == 5);
  CHECK(log.used_records() == 2);
  CHECK(log.rejected.empty());
  CHECK(log.not_for_contract == 3);
  REQUIRE(log.incidents.size() == 2);
  const Incident& issue = log.incidents[0];
  CHECK(issue.id == "arn:aws:health:us-east-1::event/EC2/AWS_EC2_OPERATIONAL_ISSUE/AWS_EC2_OPERATIONAL_ISSUE_KWQPY_EXAMPLE111");
  CHECK(issue.line == 3);
  CHECK(issue.service == "ec2");
  // 1793700000.53 rounds down to 10:00:00Z; 1793702759.597 up to 10:46:00Z: 46 min, never shorter than reported.
  CHECK(format_utc(issue.start) == "2026-11-03T10:00:00Z");
  CHECK(format_utc(*issue.end) == "2026-11-03T10:46:00Z");
  CHECK(issue.cause == Cause::Provider);
  CHECK(issue.region == "us-east-1");
  CHECK(issue.fault == "aws_ec2_operational_issue");
  REQUIRE(issue.labels);
  CHECK(issue.labels->title == "AWS_EC2_OPERATIONAL_ISSUE");
  const Incident& maintenance = log.incidents[1];
  CHECK(maintenance.cause == Cause::Maintenance);
  CHECK(maintenance.zone == "us-east-1a");  // the zone, not the region: an incident names one place
  CHECK_FALSE(maintenance.region.has_value());
  CHECK(format_utc(maintenance.start) == "2026-11-10T02:00:00Z");
  CHECK(format_utc(*maintenance.end) == "2026-11-10T03:00:00Z");
  CHECK_FALSE(maintenance.notice.has_value());
  CHECK(has_note(log, "1 accountNotification event(s) are notices"));
  CHECK(has_note(log, "1 upcoming event(s) have not begun"));
  CHECK(has_note(log, "'CLOUDFORMATION' maps to no service of the contract: 1 record(s)"));
  CHECK(has_note(log, "1 event(s) had times with fractions of a second"));
}

TEST_CASE("aws-health: the CLI's ISO 8601 times give the same incidents as its epoch seconds", "[sources][aws]") {
  const IncidentLogResult epoch = read(fixture("describe_events.json"));
  const IncidentLogResult iso = read(fixture("describe_events_iso.json"));
  REQUIRE(epoch.ok());
  REQUIRE(iso.ok());
  REQUIRE(iso.log->incidents.size() == epoch.log->incidents.size());
  for (size_t i = 0; i < iso.log->incidents.size(); ++i) CHECK(same_content(iso.log->incidents[i], epoch.log->incidents[i]));
  CHECK(iso.log->not_for_contract == epoch.log->not_for_contract);
}

TEST_CASE("aws-health: EventBridge events, one a line: the latest update of an event is the event", "[sources][aws]") {
  const IncidentLogResult result = read(fixture("eventbridge.jsonl"));
  REQUIRE(result.ok());
  const IncidentLog& log = *result.log;
  // Line 1 (open) is superseded by line 2 (closed, later lastUpdatedTime); line 3 is S3's, used.
  CHECK(log.records_read == 3);
  CHECK(log.used_records() == 2);
  CHECK(log.not_for_contract == 1);
  CHECK(log.rejected.empty());
  REQUIRE(log.incidents.size() == 3);
  const std::string arn =
      "arn:aws:health:us-east-1::event/EC2/AWS_EC2_OPERATIONAL_ISSUE/AWS_EC2_OPERATIONAL_ISSUE_7f35c8ae-af1f-54e6-a526-d0179ed6d68f";
  CHECK(log.incidents[0].id == arn + "/i-0abcd1111EXAMPLE");
  CHECK(log.incidents[0].resource == "i-0abcd1111EXAMPLE");
  CHECK(log.incidents[1].id == arn + "/i-0abcd2222EXAMPLE");
  for (size_t i = 0; i < 2; ++i) {
    CHECK(log.incidents[i].line == 2);
    CHECK(format_utc(log.incidents[i].start) == "2026-11-20T06:00:00Z");
    CHECK(format_utc(*log.incidents[i].end) == "2026-11-20T06:30:00Z");
    CHECK_FALSE(log.incidents[i].region.has_value());
  }
  CHECK(log.incidents[2].service == "s3");
  CHECK(log.incidents[2].region == "us-east-1");  // no entities: the event's region
  CHECK(has_note(log, "1 record(s) superseded by a later update of the same event"));

  // The same events as one JSON array, in reverse order: the same incidents.
  std::vector<std::string> lines;
  std::istringstream in(fixture("eventbridge.jsonl"));
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const IncidentLogResult array = read("[\n" + lines[2] + ",\n" + lines[1] + ",\n" + lines[0] + "\n]\n");
  REQUIRE(array.ok());
  CHECK(array.log->used_records() == 2);
  CHECK(array.log->not_for_contract == 1);
  REQUIRE(array.log->incidents.size() == 3);
  CHECK(array.log->incidents[0].service == "s3");
  CHECK(array.log->incidents[0].line == 2);
  CHECK(same_content(array.log->incidents[1], log.incidents[0]));
  CHECK(array.log->incidents[1].line == 3);
}

TEST_CASE("aws-health: an open event without endTime is an open incident", "[sources][aws]") {
  const IncidentLogResult result = read(page(
      R"("arn":"arn:aws:health:eu-west-1::event/EC2/X/X_2","service":"EC2","eventTypeCategory":"investigation",)"
      R"("statusCode":"open","region":"eu-west-1","startTime":1793700000)"));
  REQUIRE(result.ok());
  REQUIRE(result.log->incidents.size() == 1);
  CHECK(result.log->incidents[0].is_open());
  CHECK(result.log->incidents[0].region == "eu-west-1");
  CHECK(format_utc(result.log->incidents[0].start) == "2026-11-03T10:00:00Z");
}

TEST_CASE("aws-health: every rejection reason", "[sources][aws]") {
  struct Case {
    std::string members;  // of the one event of a page; starts on line 2
    std::string reason;
  };
  const std::string arn = R"("arn":"arn:aws:health:us-east-1::event/EC2/X/X_1",)";
  const std::string ec2 = R"("service":"EC2","eventTypeCategory":"issue","statusCode":"closed",)";
  const std::string times = R"("startTime":"2026-11-03T10:00:00Z","endTime":"2026-11-03T11:00:00Z")";
  const std::vector<Case> cases = {
      {ec2 + times, "field 'arn' is missing or empty"},
      {arn + R"("service":7,"eventTypeCategory":"issue","statusCode":"closed",)" + times,
       "field 'service' must be a string, found a number"},
      {arn + R"("service":"EC\u0002","eventTypeCategory":"issue","statusCode":"closed",)" + times,
       "field 'service' contains a control character"},
      {arn + R"("service":"EC2","eventTypeCategory":"outage","statusCode":"closed",)" + times,
       "field 'eventTypeCategory' 'outage' is none of issue, investigation, scheduledChange, accountNotification"},
      {arn + R"("service":"EC2","eventTypeCategory":"issue","statusCode":"resolved",)" + times,
       "field 'statusCode' 'resolved' is none of open, closed, upcoming"},
      {arn + ec2 + R"("endTime":"2026-11-03T11:00:00Z")", "field 'startTime' is missing"},
      {arn + ec2 + R"("startTime":"2026-11-03T10:00:00","endTime":"2026-11-03T11:00:00Z")",
       "field 'startTime': "},  // parse_timestamp's words for a missing offset
      {arn + ec2 + R"("startTime":true,"endTime":"2026-11-03T11:00:00Z")",
       "field 'startTime' must be a time (a string or epoch seconds), found a boolean"},
      {arn + ec2 + R"("startTime":1.7937e9,"endTime":"2026-11-03T11:00:00Z")",
       "field 'startTime': epoch seconds must be digits with an optional fraction, found '1.7937e9'"},
      {arn + ec2 + R"("startTime":-5,"endTime":"2026-11-03T11:00:00Z")",
       "field 'startTime': epoch seconds must be digits with an optional fraction, found '-5'"},
      {arn + ec2 + R"("startTime":1793700000,"endTime":9999999999999)", "field 'endTime': epoch seconds '9999999999999' are past the year 9999"},
      {arn + ec2 + R"("startTime":"2026-11-03T10:00:00.Z","endTime":"2026-11-03T11:00:00Z")",
       "field 'startTime': '.' without digits after the seconds"},
      {arn + ec2 + R"("startTime":"2026-11-03T10:00:00Z","endTime":"2026-11-03T09:00:00Z")", "field 'endTime' is before startTime"},
      {arn + ec2 + R"("startTime":"2026-11-03T10:00:00Z")", "statusCode 'closed' without field 'endTime': when did it end?"},
      {arn + ec2 + R"("availabilityZone":"us-east-1\u202ea",)" + times, "field 'availabilityZone' contains a bidirectional"},
      {arn + arn + ec2 + times, "field 'arn' is given twice"},
  };
  for (const Case& c : cases) {
    INFO(c.members);
    const IncidentLogResult result = read(page(c.members));
    REQUIRE(result.ok());
    CHECK(result.log->records_read == 1);
    REQUIRE(result.log->rejected.size() == 1);
    CHECK(result.log->rejected[0].line == 2);
    CHECK_THAT(result.log->rejected[0].reason, Catch::Contains(c.reason));
  }
}

TEST_CASE("aws-health: every EventBridge rejection reason", "[sources][aws]") {
  struct Case {
    std::string event;  // one line
    std::string reason;
  };
  const std::string detail =
      R"("eventArn":"arn:aws:health:us-east-1::event/EC2/X/X_1","service":"EC2","eventTypeCategory":"issue","statusCode":"closed")";
  const auto event = [&](const std::string& top, const std::string& more_detail) {
    return "{" + top + R"("detail":{)" + detail + more_detail + "}}";
  };
  const std::string health = R"("detail-type":"AWS Health Event","source":"aws.health",)";
  const std::string times = R"(,"startTime":"Fri, 20 Nov 2026 06:00:00 GMT","endTime":"Fri, 20 Nov 2026 06:30:00 GMT")";
  const std::vector<Case> cases = {
      {event(R"("detail-type":"AWS Health Abuse Event","source":"aws.health",)", times),
       "field 'detail-type' is 'AWS Health Abuse Event', not 'AWS Health Event'"},
      {event(R"("detail-type":"AWS Health Event","source":"aws.ec2",)", times), "field 'source' is 'aws.ec2', not 'aws.health'"},
      {R"({"detail-type":"AWS Health Event","detail":[]})", "field 'detail' must be an object"},
      {event(health, R"(,"startTime":"Thu, 20 Nov 2026 06:00:00 GMT","endTime":"Fri, 20 Nov 2026 06:30:00 GMT")"),
       "names the weekday 'Thu' but the date is a Fri"},
      {event(health, R"(,"startTime":"Fri, 20 Nov 2026 6:00:00 GMT","endTime":"Fri, 20 Nov 2026 06:30:00 GMT")"),
       "field 'detail.startTime': expected a time such as 'Sat, 05 Jun 2021 10:16:00 GMT'"},
      {event(health, R"(,"startTime":"Fri, 20 Nov 2026 06:00:00 GMT","endTime":"Fri, 31 Nov 2026 06:30:00 GMT")"),
       "field 'detail.endTime': "},
      {event(health, times + R"(,"affectedEntities":{})"), "field 'detail.affectedEntities' must be an array, found an object"},
      {event(health, times + R"(,"affectedEntities":[{"entityArn":"x"}])"),
       "field 'detail.affectedEntities': each must be an object with a string 'entityValue'"},
      {event(health + R"("resources":[7],)", times), "field 'resources': each must be a string"},
      {event(health, times + R"(,"eventRegion":"us\nwest")"), "field 'detail.eventRegion' contains a control character"},
  };
  for (const Case& c : cases) {
    INFO(c.event);
    const IncidentLogResult result = read(c.event);
    REQUIRE(result.ok());
    CHECK(result.log->records_read == 1);
    REQUIRE(result.log->rejected.size() == 1);
    CHECK(result.log->rejected[0].line == 1);
    CHECK_THAT(result.log->rejected[0].reason, Catch::Contains(c.reason));
  }
}

TEST_CASE("aws-health: the same event twice, and lines that are no event", "[sources][aws]") {
  const std::string updated = R"(,"lastUpdatedTime":"2026-11-03T11:05:00Z")";
  // Line 2: the event; line 3 the same again; line 4 the same ARN and update time with another end.
  const std::string text = "{\"events\": [\n{" + kClosedIssue + updated + "},\n{" + kClosedIssue + updated + "},\n{" +
                           R"("arn":"arn:aws:health:us-east-1::event/EC2/X/X_1","service":"EC2","eventTypeCategory":"issue",)"
                           R"("statusCode":"closed","startTime":"2026-11-03T10:00:00Z","endTime":"2026-11-03T12:00:00Z")" +
                           updated + "}\n]}";
  const IncidentLogResult result = read(text);
  REQUIRE(result.ok());
  CHECK(result.log->used_records() == 1);
  REQUIRE(result.log->rejected.size() == 2);
  CHECK(result.log->rejected[0] == RejectedRecord{3, "duplicate of line 2 (identical)"});
  CHECK(result.log->rejected[1] ==
        RejectedRecord{4, "event 'arn:aws:health:us-east-1::event/EC2/X/X_1' given twice with the same lastUpdatedTime "
                          "and different content (first at line 2)"});

  // One event or page a line: a line that is not JSON, or no event, is that line's rejection.
  const std::string lines = "{" + kClosedIssue + "}\n\n{\"events\": [\n{\"nextToken\": 3}\n7\n";
  const IncidentLogResult by_line = read(lines);
  REQUIRE(by_line.ok());
  CHECK(by_line.log->records_read == 4);
  CHECK(by_line.log->used_records() == 1);
  REQUIRE(by_line.log->rejected.size() == 3);
  CHECK_THAT(by_line.log->rejected[0].reason, Catch::StartsWith("not valid JSON at column"));
  CHECK(by_line.log->rejected[0].line == 3);
  CHECK(by_line.log->rejected[1] ==
        RejectedRecord{4, "no 'events' (aws health describe-events), 'detail-type' (an EventBridge AWS Health Event) "
                          "or 'arn' (one event) at the top level"});
  CHECK(by_line.log->rejected[2] ==
        RejectedRecord{5, "expected an object (a describe-events page or an EventBridge event) or an array, found a number"});
}

TEST_CASE("aws-health: a document that is no AWS Health export is an error for the whole input", "[sources][aws]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\n  \"events\": [\n    {\"arn\": }\n  ]\n}", "malformed JSON at line 3, column 13: "},
      {"{\"incidents\": []}", "no 'events' (aws health describe-events), 'detail-type'"},
      {"{\"events\": {}}", "member 'events' must be an array, found an object"},
      {"\"events\"", "expected an object (a describe-events page or an EventBridge event) or an array, found a string"},
      {"", "malformed JSON at line 1"},
  };
  for (const auto& [text, error] : cases) {
    INFO(text);
    const IncidentLogResult result = read(text);
    CHECK_FALSE(result.ok());
    CHECK_THAT(result.error, Catch::StartsWith(error));
  }
}

// November 2026 in UTC: 43,200 min. The EC2 maintenance (02:00-03:00 on 11-10, 60 min) is excluded and
// removed: 43,140 min eligible. Down: the EC2 issue, 10:00:00 to 10:46:00 on 11-03 once its fractions round
// outward (46 min). (43,140 - 46) / 43,140 = 43,094 / 43,140 = 99.8933% < 99.9%: 10% of 500.00 = 50.00 USD.
// The notice, CloudFormation's issue and the upcoming retirement are not for this contract.
TEST_CASE("aws-health: an audit through the CLI", "[sources][aws][cli]") {
  const slaudit::testing::ScratchDir scratch("cli-aws-health");
  scratch.copy_in(kDir + "ec2.sla", "ec2.sla");
  scratch.copy_in(kDir + "describe_events.json", "events.json");
  const slaudit::testing::CliRun run =
      scratch.run(SLAUDIT_CLI, "audit ec2.sla --incidents events.json --incidents-format aws-health --period 2026-11");
  INFO(run.out << run.err);
  CHECK(run.exit == 3);
  CHECK(slaudit::testing::has(run.out, "  events.json: read 5, used 2, rejected 0, not for this contract 3\n"));
  // eligible, down, excluded, availability, tier, credit
  CHECK(slaudit::testing::has(run.out, "  ec2      2026-11   99.9%         43140        46            60     99.8933%~  "
                                       "<99.9%: 10%   50.00  "));
  CHECK(slaudit::testing::has(run.out, "Total owed: 50.00 USD"));
  // The same events in the CLI's ISO 8601 times: the same row.
  scratch.copy_in(kDir + "describe_events_iso.json", "events_iso.json");
  const slaudit::testing::CliRun iso =
      scratch.run(SLAUDIT_CLI, "audit ec2.sla --incidents events_iso.json --incidents-format aws-health --period 2026-11");
  CHECK(iso.exit == 3);
  CHECK(slaudit::testing::has(iso.out, "  ec2      2026-11   99.9%         43140        46            60     99.8933%~  "));
}

TEST_CASE("aws-health: the table's row reads it", "[sources][aws]") {
  const IncidentSource* source = find_incident_source("aws-health");
  REQUIRE(source);
  CHECK(source->read == &read_aws_health);
}
