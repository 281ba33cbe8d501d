// Good records, both formats: what a record becomes, and where it came from.
#include <catch2/catch.hpp>

#include <string>

#include "base/time/timestamp.h"
#include "tests/telemetry/incidents/log_fixtures.h"

using namespace slaudit;
using namespace slaudit::test;

namespace {

Instant at(const char* text) { return *parse_timestamp(text).instant; }

Decimal share_of(const Incident& incident) {
  REQUIRE(incident.scope.affected);
  const auto* share = std::get_if<AffectedShare>(&*incident.scope.affected);
  REQUIRE(share);
  return share->share;
}

AffectedCount count_of(const Incident& incident) {
  REQUIRE(incident.scope.affected);
  const auto* count = std::get_if<AffectedCount>(&*incident.scope.affected);
  REQUIRE(count);
  return *count;
}

}  // namespace

TEST_CASE("telemetry: a JSON Lines record becomes an incident with every field", "[telemetry]") {
  const IncidentLog log = read_jsonl(
      R"({"id":"INC-7","service":"gpu-training","start":"2026-03-08T01:59:59-05:00","end":"2026-03-08T08:00:00Z",)"
      R"("detected":"2026-03-08T07:05:00Z","recovered":"2026-03-08 15:55:00+08:00","fault":"gpu_xid",)"
      R"("cause":"maintenance","notice":"2026-03-01T00:00:00Z","scope":{"cluster":"bj-gpu-01","affected":{"gpus":64}}})");
  REQUIRE(log.rejected.empty());
  REQUIRE(log.incidents.size() == 1);
  const Incident& incident = log.incidents[0];
  CHECK(incident.line == 1);
  CHECK(incident.id == "INC-7");
  CHECK(incident.service == "gpu-training");
  CHECK(incident.start == at("2026-03-08T06:59:59Z"));
  CHECK(incident.end == at("2026-03-08T08:00:00Z"));
  CHECK(incident.detected == at("2026-03-08T07:05:00Z"));
  CHECK(incident.recovered == at("2026-03-08T07:55:00Z"));
  CHECK(incident.fault == "gpu_xid");
  CHECK(incident.cause == Cause::Maintenance);
  CHECK(incident.notice == at("2026-03-01T00:00:00Z"));
  CHECK(incident.scope.cluster == "bj-gpu-01");
  CHECK(count_of(incident) == AffectedCount{64, CountUnit::Gpus});
  CHECK_FALSE(incident.is_open());
  CHECK(log.path == "test-log");
  CHECK(log.format == LogFormat::JsonLines);
}

TEST_CASE("telemetry: the same incident in CSV reads the same", "[telemetry]") {
  const IncidentLog csv = read_csv(
      std::string(kCsvHeader) +
      "INC-7,gpu-training,2026-03-08T01:59:59-05:00,2026-03-08T08:00:00Z,2026-03-08T07:05:00Z,"
      "2026-03-08 15:55:00+08:00,gpu_xid,maintenance,bj-gpu-01,64 gpus,2026-03-01T00:00:00Z\n");
  const IncidentLog json = read_jsonl(
      R"({"id":"INC-7","service":"gpu-training","start":"2026-03-08T06:59:59Z","end":"2026-03-08T08:00:00Z",)"
      R"("detected":"2026-03-08T07:05:00Z","recovered":"2026-03-08T07:55:00Z","fault":"gpu_xid",)"
      R"("cause":"maintenance","notice":"2026-03-01T00:00:00Z","scope":{"cluster":"bj-gpu-01","affected":{"gpus":64}}})");
  REQUIRE(csv.incidents.size() == 1);
  REQUIRE(json.incidents.size() == 1);
  CHECK(csv.incidents[0].line == 2);
  CHECK(csv.format == LogFormat::Csv);
  CHECK(same_content(csv.incidents[0], json.incidents[0]));
}

TEST_CASE("telemetry: open incidents have no end", "[telemetry]") {
  const IncidentLog json = read_jsonl(
      R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z"})"
      "\n"
      R"({"id":"B","service":"storage","start":"2026-03-08T06:00:00Z","end":""})"
      "\n"
      R"({"id":"C","service":"storage","start":"2026-03-08T06:00:00Z","end":null})"
      "\n"
      R"({"id":"D","service":"storage","start":"2026-03-08T06:00:00Z","end":"2026-03-08T06:00:00Z"})");
  REQUIRE(json.incidents.size() == 4);
  CHECK(json.incidents[0].is_open());
  CHECK(json.incidents[1].is_open());
  CHECK(json.incidents[2].is_open());
  CHECK_FALSE(json.incidents[3].is_open());  // ends the second it starts: closed, zero length
  const IncidentLog csv = read_csv("id,service,start,end\nA,storage,2026-03-08T06:00:00Z,\nB,storage,2026-03-08T06:00:00Z,  \n");
  REQUIRE(csv.incidents.size() == 2);
  CHECK(csv.incidents[0].is_open());
  CHECK(csv.incidents[1].is_open());
}

TEST_CASE("telemetry: optional fields left out have their documented meaning", "[telemetry]") {
  const IncidentLog log = read_jsonl(R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z"})");
  REQUIRE(log.incidents.size() == 1);
  const Incident& incident = log.incidents[0];
  CHECK(incident.cause == Cause::Provider);  // no cause: the provider's
  CHECK_FALSE(incident.fault);
  CHECK_FALSE(incident.detected);
  CHECK_FALSE(incident.recovered);
  CHECK_FALSE(incident.notice);
  CHECK_FALSE(incident.scope.cluster);
  CHECK_FALSE(incident.scope.affected);  // not assumed to be the whole service
  const IncidentLog csv = read_csv(std::string(kCsvHeader) + "A,storage,2026-03-08T06:00:00Z,,,,,,,,\n");
  REQUIRE(csv.incidents.size() == 1);
  CHECK(same_content(csv.incidents[0], incident));
}

TEST_CASE("telemetry: every cause name is read", "[telemetry]") {
  for (const Cause cause : {Cause::Provider, Cause::Customer, Cause::ForceMajeure, Cause::ThirdParty, Cause::Maintenance}) {
    const std::string name(terms::keyword(cause));
    INFO(name);
    CHECK(terms::cause_from_keyword(name) == cause);
    const IncidentLog log = read_csv("id,service,start,cause\nA,storage,2026-03-08T06:00:00Z," + name + "\n");
    REQUIRE(log.incidents.size() == 1);
    CHECK(log.incidents[0].cause == cause);
  }
}

TEST_CASE("telemetry: shares are exact decimals, never doubles", "[telemetry]") {
  const auto share_in_json = [](const std::string& affected) {
    const IncidentLog log = read_jsonl(R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z","scope":{"affected":)" +
                                       affected + "}}");
    REQUIRE(log.incidents.size() == 1);
    return share_of(log.incidents[0]);
  };
  const auto share_in_csv = [](const std::string& affected) {
    const IncidentLog log = read_csv("id,service,start,affected\nA,storage,2026-03-08T06:00:00Z," + affected + "\n");
    REQUIRE(log.incidents.size() == 1);
    return share_of(log.incidents[0]);
  };
  CHECK(share_in_json("0.1").coefficient() == 1);
  CHECK(share_in_json("0.1").scale() == 1);
  CHECK(share_in_json("0.25") == Decimal(25, 2));
  CHECK(share_in_json("1") == Decimal(1, 0));
  CHECK(share_in_json("1.000") == Decimal(1, 0));
  CHECK(share_in_json("0.333333333333333333") == Decimal(333333333333333333, 18));
  CHECK(share_in_json(R"("25%")") == Decimal(25, 2));
  CHECK(share_in_json(R"("0.25")") == Decimal(25, 2));
  CHECK(share_in_json(R"("99.9%")") == Decimal(999, 3));
  CHECK(share_in_csv("0.25") == Decimal(25, 2));
  CHECK(share_in_csv("25%") == Decimal(25, 2));
  CHECK(share_in_csv("100%") == Decimal(1, 0));
  CHECK(share_in_csv("0.000001") == Decimal(1, 6));
  CHECK(share_in_csv("\" 12.5% \"") == Decimal(125, 3));
}

TEST_CASE("telemetry: counts of GPUs and nodes", "[telemetry]") {
  const IncidentLog json = read_jsonl(
      R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z","scope":{"affected":{"nodes":8}}})"
      "\n"
      R"({"id":"B","service":"storage","start":"2026-03-08T06:00:00Z","scope":{"affected":"64 gpus"}})");
  REQUIRE(json.incidents.size() == 2);
  CHECK(count_of(json.incidents[0]) == AffectedCount{8, CountUnit::Nodes});
  CHECK(count_of(json.incidents[1]) == AffectedCount{64, CountUnit::Gpus});
  const IncidentLog csv = read_csv("id,service,start,affected\nA,storage,2026-03-08T06:00:00Z,8 nodes\n"
                                   "B,storage,2026-03-08T06:00:00Z,1 gpu\nC,storage,2026-03-08T06:00:00Z,1 node\n");
  REQUIRE(csv.incidents.size() == 3);
  CHECK(count_of(csv.incidents[0]) == AffectedCount{8, CountUnit::Nodes});
  CHECK(count_of(csv.incidents[1]) == AffectedCount{1, CountUnit::Gpus});
  CHECK(count_of(csv.incidents[2]) == AffectedCount{1, CountUnit::Nodes});
  CHECK(affected_text(*csv.incidents[0].scope.affected) == "8 nodes");
}

TEST_CASE("telemetry: UTF-8 ids, services and clusters are kept as written", "[telemetry]") {
  const IncidentLog json = read_jsonl(
      R"({"id":"故障-001","service":"训练集群","start":"2026-03-08T06:00:00Z","scope":{"cluster":"北京-一号"}})"
      "\n"
      R"({"id":"\u6545\u969c-002","service":"\u8bad\u7ec3\u96c6\u7fa4","start":"2026-03-08T06:00:00Z"})");
  REQUIRE(json.incidents.size() == 2);
  CHECK(json.incidents[0].id == "故障-001");
  CHECK(json.incidents[0].service == "训练集群");
  CHECK(json.incidents[0].scope.cluster == "北京-一号");
  CHECK(json.incidents[1].id == "故障-002");
  CHECK(json.incidents[1].service == "训练集群");
  const IncidentLog csv = read_csv("id,service,start,cluster\n故障-001,训练集群,2026-03-08T06:00:00Z,\"北京, 一号\"\n");
  REQUIRE(csv.incidents.size() == 1);
  CHECK(csv.incidents[0].id == "故障-001");
  CHECK(csv.incidents[0].scope.cluster == "北京, 一号");
  // A duplicate's reason quotes the UTF-8 id as it is.
  const IncidentLog dup = read_csv("id,service,start\n故障-001,训练集群,2026-03-08T06:00:00Z\n故障-001,storage,2026-03-08T06:00:00Z\n");
  REQUIRE(dup.rejected.size() == 1);
  CHECK(dup.rejected[0] == RejectedRecord{3, "duplicate id '故障-001' with different content (first at line 2)"});
}

TEST_CASE("telemetry: CSV quoting with commas, quotes and newlines keeps line numbers right", "[telemetry]") {
  const std::string content = std::string(kCsvHeader) +
                              "\"INC-1\",gpu-training,2026-03-08T06:00:00Z,,,,,,\"bj, rack 3\nrow 2\nrow 3\",0.5,\n"  // lines 2-4
                              "\"INC-\"\"2\"\"\",storage,2026-03-08T06:00:00Z,,,,,,\"\",,\n"                         // line 5
                              "INC-3,storage,2026-03-08T06:00:00,,,,,,,,\n"                                          // line 6: bad
                              "INC-4,storage,\"2026-03-08T06:00:00Z\",,,,,,\"a\r\nb\",,\n"                          // lines 7-8
                              "INC-5,storag,2026-03-08T06:00:00Z,,,,,,,,\n";                                       // line 9: bad
  const IncidentLog log = read_csv(content);
  CAPTURE(log.rejected);
  REQUIRE(log.incidents.size() == 3);
  CHECK(log.incidents[0].line == 2);
  CHECK(log.incidents[0].scope.cluster == "bj, rack 3\nrow 2\nrow 3");
  CHECK(log.incidents[1].line == 5);
  CHECK(log.incidents[1].id == "INC-\"2\"");
  CHECK_FALSE(log.incidents[1].scope.cluster);
  CHECK(log.incidents[2].line == 7);
  CHECK(log.incidents[2].scope.cluster == "a\r\nb");
  REQUIRE(log.rejected.size() == 2);
  CHECK(log.rejected[0].line == 6);
  CHECK(log.rejected[1].line == 9);
}

TEST_CASE("telemetry: an unterminated quote gives back the lines after it", "[telemetry]") {
  const IncidentLog log = read_csv(std::string(kCsvHeader) +
                                   "A,storage,2026-03-08T06:00:00Z,,,,,,\"bj-gpu-01,,\n"
                                   "B,storage,2026-03-08T06:00:00Z,,,,,,,,\n"
                                   "C,storage,2026-03-08T06:00:00Z,,,,,,,,\n");
  REQUIRE(log.rejected.size() == 1);
  CHECK(log.rejected[0] ==
        RejectedRecord{2, "malformed CSV: unterminated quoted field: the quote at line 2, column 37 is never closed"});
  REQUIRE(log.incidents.size() == 2);
  CHECK(log.incidents[0].line == 3);
  CHECK(log.incidents[1].line == 4);
}

TEST_CASE("telemetry: a CSV syntax error ends its record at the end of that line", "[telemetry]") {
  const IncidentLog log = read_csv(std::string(kCsvHeader) +
                                   "A,\"gpu\"x,2026-03-08T06:00:00Z,,,,,,,,\n"
                                   "B,storage,2026-03-08T06:00:00Z,,,,,,,,\n");
  REQUIRE(log.rejected.size() == 1);
  CHECK(log.rejected[0] ==
        RejectedRecord{2, "malformed CSV: unexpected 'x' after the closing quote of field 2 at column 8; expected ',' "
                          "or the end of the line"});
  REQUIRE(log.incidents.size() == 1);
  CHECK(log.incidents[0].line == 3);
}

TEST_CASE("telemetry: a bad quoted field over several lines is blamed on its opening quote", "[telemetry]") {
  // The stray quote in B's cluster opens a field that runs on to D's quote,
  // where it goes wrong: B is rejected and C and D are read again.
  const IncidentLog log = read_csv(std::string(kCsvHeader) +
                                   "A,storage,2026-03-08T06:00:00Z,,,,,,,,\n"
                                   "B,storage,2026-03-08T06:00:00Z,,,,,,\"bj-gpu-01,,\n"
                                   "C,storage,2026-03-08T06:00:00Z,,,,,,,,\n"
                                   "D,storage,2026-03-08T06:00:00Z,,,,,,\"bj-gpu-02\",,\n");
  CAPTURE(log.rejected);
  REQUIRE(log.rejected.size() == 1);
  CHECK(log.rejected[0] ==
        RejectedRecord{3, "malformed CSV: unexpected 'b' at line 5, column 38 after the closing quote of field 9, "
                          "which opened at line 3, column 37; expected ',' or the end of the line"});
  REQUIRE(log.incidents.size() == 3);
  CHECK(log.incidents[1].id == "C");
  CHECK(log.incidents[1].line == 4);
  CHECK(log.incidents[2].id == "D");
  CHECK(log.incidents[2].scope.cluster == "bj-gpu-02");
}

TEST_CASE("telemetry: CSV columns may come in any order and optional ones may be left out", "[telemetry]") {
  const IncidentLog log = read_csv("start , id,\"service\"\n2026-03-08T06:00:00Z , A ,storage\n");
  REQUIRE(log.incidents.size() == 1);
  CHECK(log.incidents[0].id == "A");  // spaces around an unquoted field are not part of it
  CHECK(log.incidents[0].service == "storage");
}

TEST_CASE("telemetry: a bad CSV header rejects every record, naming the problem", "[telemetry]") {
  struct HeaderCase {
    std::string header;
    std::string row;
    std::string reason;
  };
  const std::vector<HeaderCase> table = {
      {"id,service,start,ned", "A,storage,2026-03-08T06:00:00Z,", "unknown field 'ned' (did you mean 'end'?)"},
      {"id,service,start,scope", "A,storage,2026-03-08T06:00:00Z,",
       "unknown field 'scope' (in CSV, use the columns 'cluster' and 'affected')"},
      {"id,service,start,end,end", "A,storage,2026-03-08T06:00:00Z,,", "field 'end' appears twice"},
      {"id,service,start,", "A,storage,2026-03-08T06:00:00Z,", "the header row (line 1) has an empty name for column 4"},
      {"id,\"service,start", "A,storage,2026-03-08T06:00:00Z",
       "the header row (line 1) is malformed CSV: unterminated quoted field: the quote at line 1, column 4 is never closed"},
      {"id,serv\xe9,start", "A,storage,2026-03-08T06:00:00Z", "the header row (line 1) is not valid UTF-8 in column 2"},
  };
  for (const HeaderCase& row : table) {
    INFO(row.header);
    const IncidentLog log = read_csv(row.header + "\n" + row.row + "\n" + row.row + "\n");
    CHECK(log.records_read == 2);
    CHECK(log.incidents.empty());
    REQUIRE(log.rejected.size() == 2);
    CHECK(log.rejected[0] == RejectedRecord{2, row.reason});
    CHECK(log.rejected[1] == RejectedRecord{3, row.reason});
  }
}

TEST_CASE("telemetry: a CSV header without the required columns, or with CR-only line ends, is an error",
          "[telemetry][hostile]") {
  struct HeaderCase {
    std::string content;
    std::string error;
  };
  const std::vector<HeaderCase> table = {
      // Issue 14: each of these read as a valid empty log (read 0, met, exit 0).
      {"id,service\nA,storage\n", "lacks the required column(s) 'start'"},
      {"name,when\n", "lacks the required column(s) 'id', 'service', 'start'"},
      {"whatever\n", "lacks the required column(s) 'id', 'service', 'start'"},
      {"id,service,start,end\rA,storage,2026-03-08T06:00:00Z,\r", "the file's lines end in CR alone"},
  };
  for (const HeaderCase& c : table) {
    INFO(c.content);
    IncidentReadOptions options;
    options.format = LogFormat::Csv;
    const IncidentLogResult result = read_incident_log(c.content, "log.csv", options);
    CHECK_FALSE(result.ok());
    CHECK_THAT(result.error, Catch::Contains(c.error));
  }
}

TEST_CASE("telemetry: empty logs have no records", "[telemetry]") {
  for (const char* content : {"", "\n\n", "  \r\n"}) {
    CHECK(read_jsonl(content).records_read == 0);
    CHECK(read_csv(content).records_read == 0);
  }
  CHECK(read_csv(std::string(kCsvHeader)).records_read == 0);  // a header alone
}

TEST_CASE("telemetry: blank lines are skipped and counted in nothing", "[telemetry]") {
  const IncidentLog json = read_jsonl(
      "\n"
      R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z"})"
      "\n   \n\t\n"
      R"({"id":"B","service":"storage","start":"2026-03-08T06:00:00"})"
      "\n\n");
  CHECK(json.records_read == 2);
  REQUIRE(json.incidents.size() == 1);
  CHECK(json.incidents[0].line == 2);
  REQUIRE(json.rejected.size() == 1);
  CHECK(json.rejected[0].line == 5);
  const IncidentLog csv = read_csv("\nid,service,start\n\nA,storage,2026-03-08T06:00:00Z\n  \nB,storage,x\n\n");
  CHECK(csv.records_read == 2);
  REQUIRE(csv.incidents.size() == 1);
  CHECK(csv.incidents[0].line == 4);
  REQUIRE(csv.rejected.size() == 1);
  CHECK(csv.rejected[0].line == 6);
}

TEST_CASE("telemetry: CRLF line ends and a UTF-8 BOM are tolerated", "[telemetry]") {
  const std::string bom = "\xEF\xBB\xBF";
  const IncidentLog json = read_jsonl(bom + R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z"})" + "\r\n" +
                                      R"({"id":"B","service":"storage","start":"2026-03-08T06:00:00Z"})" + "\r\n");
  CHECK(json.rejected.empty());
  CHECK(json.incidents.size() == 2);
  const IncidentLog csv = read_csv(bom + "id,service,start\r\nA,storage,2026-03-08T06:00:00Z\r\nB,storage,2026-03-08T06:00:00Z");
  CHECK(csv.rejected.empty());
  REQUIRE(csv.incidents.size() == 2);
  CHECK(csv.incidents[1].line == 3);
  CHECK(csv.incidents[1].start == at("2026-03-08T06:00:00Z"));
}

TEST_CASE("telemetry: a rejected first record does not claim its id", "[telemetry]") {
  const IncidentLog log = read_jsonl(R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00"})"
                                     "\n"
                                     R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z"})");
  REQUIRE(log.incidents.size() == 1);
  CHECK(log.incidents[0].line == 2);
  REQUIRE(log.rejected.size() == 1);
  CHECK(log.rejected[0].line == 1);
}

TEST_CASE("telemetry: the accounting invariant holds on a mixed log", "[telemetry]") {
  std::string content = std::string(kCsvHeader);
  for (int i = 0; i < 200; ++i) {
    const std::string id = "INC-" + std::to_string(i % 150);  // 50 duplicates
    const std::string start = i % 7 == 0 ? "2026-03-08T06:00:00" : "2026-03-08T06:00:00Z";
    const std::string service = i % 11 == 0 ? "nowhere" : "storage";
    content += id + "," + service + "," + start + ",,,,,,,,\n";
    if (i % 13 == 0) content += "broken,\"row\"x\n";
  }
  const IncidentLog log = read_csv(content);
  CAPTURE(log.rejected);
  CHECK(log.records_read == 200 + 16);
  CHECK(log.records_read == log.incidents.size() + log.rejected.size() + log.not_for_contract);
  CHECK_FALSE(log.incidents.empty());
  CHECK_FALSE(log.rejected.empty());
}

TEST_CASE("telemetry: the service check can be left out", "[telemetry]") {
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  const IncidentLogResult result =
      read_incident_log(R"({"id":"A","service":"anything","start":"2026-03-08T06:00:00Z"})", "x", options);
  REQUIRE(result.ok());
  CHECK(result.log->incidents.size() == 1);
  options.services = ServiceNames{};
  const IncidentLogResult none =
      read_incident_log(R"({"id":"A","service":"anything","start":"2026-03-08T06:00:00Z"})", "x", options);
  REQUIRE(none.ok());
  // A contract of no services has no record of its own: 'anything' is another contract's...
  CHECK(none.log->not_for_contract == 1);
  CHECK(none.log->rejected.empty());
  // ...unless read strictly, as before.
  options.strict = true;
  const IncidentLogResult strict =
      read_incident_log(R"({"id":"A","service":"anything","start":"2026-03-08T06:00:00Z"})", "x", options);
  REQUIRE(strict.ok());
  REQUIRE(strict.log->rejected.size() == 1);
  CHECK(strict.log->rejected[0].reason == "unknown service 'anything'; the contract defines no services");
}
