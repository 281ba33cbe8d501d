// One table of bad records: each is read after a good record (id INC-0), and
// must come back as exactly one rejection with its line and reason.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/telemetry/incidents/log_fixtures.h"

using namespace slaudit;
using namespace slaudit::test;

namespace {

struct BadRecord {
  LogFormat format;
  std::string record;  // the bad record's text; CSV rows follow kCsvHeader
  size_t line;         // where the rejection must point
  std::string reason;
};

constexpr auto J = LogFormat::JsonLines;
constexpr auto C = LogFormat::Csv;

// Line 1 of every JSON Lines case, line 2 of every CSV case.
const std::string kGoodJson =
    R"({"id":"INC-0","service":"gpu-training","start":"2026-03-08T06:00:00Z","end":"2026-03-08T07:00:00Z",)"
    R"("cause":"provider","scope":{"cluster":"bj-gpu-01","affected":0.25}})";
const std::string kGoodCsv = "INC-0,gpu-training,2026-03-08T06:00:00Z,2026-03-08T07:00:00Z,,,,provider,bj-gpu-01,0.25,";

// A JSON record with the required fields and `more` after them.
std::string json(const std::string& more) {
  return R"({"id":"A","service":"gpu-training","start":"2026-03-08T06:00:00Z")" + more + "}";
}

const std::string kNoOffset = "; add Z or an offset such as +08:00";
const std::string kCauses = "; expected one of provider, customer, force_majeure, third_party, maintenance";
const std::string kContractServices = "; the contract defines 'gpu-training', 'storage', '训练集群'";
const std::string kShareOrCount = "expected a share (0.25 or 25%) or a count (64 gpus, 8 nodes)";

const std::vector<BadRecord> kBadRecords = {
    // ---- malformed records
    {J, R"({"id":"A","service":"gpu-training")", 2,
     "malformed JSON at column 35: syntax error while parsing object - unexpected end of input; expected '}'"},
    {J, R"({id:"A"})", 2,
     "malformed JSON at column 2: syntax error while parsing object key - invalid literal; last read: '{i'; "
     "expected string literal"},
    {J, json(", "), 2,
     "malformed JSON at column 68: syntax error while parsing object key - unexpected '}'; expected string literal"},
    {J, json("") + " {}", 2,
     "malformed JSON at column 68: syntax error while parsing value - unexpected '{'; expected end of input"},
    {J, "[", 2,
     "malformed JSON at column 2: syntax error while parsing value - unexpected end of input; expected '[', '{', "
     "or a literal (JSON Lines has one object per line, not a JSON array)"},
    {J, R"([{"id":"A"}])", 2,
     "expected a JSON object, found an array (JSON Lines has one object per line, not a JSON array)"},
    {J, R"("INC-1")", 2, "expected a JSON object, found a string"},
    // The object is level 1; json()'s text up to "x": is 70 columns, so the 16th '[' (level 17) is column 86.
    {J, json(R"(,"x":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]])"), 2, "malformed JSON at column 86: nesting deeper than 16 levels"},
    {J, json(R"(,"scope":{"affected":1e999})"), 2, "malformed JSON at column 91: number overflow parsing '1e999'"},
    {J, "{\"id\":\"A\xff\"}", 2,
     "malformed JSON at column 9: syntax error while parsing value - invalid string: ill-formed UTF-8 byte; "
     "last read: '\"A\\xff'"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z", 3, "expected 11 fields as in the header, found 3"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,,,", 3, "expected 11 fields as in the header, found 12"},
    {C, R"(A,"gpu"x,2026-03-08T06:00:00Z,,,,,,,,)", 3,
     "malformed CSV: unexpected 'x' after the closing quote of field 2 at column 8; expected ',' or the end of "
     "the line"},
    {C, R"(A,gp"u,2026-03-08T06:00:00Z,,,,,,,,)", 3,
     "malformed CSV: '\"' inside unquoted field 2 at column 5; quote the whole field and double the quotes "
     "inside it"},
    {C, R"(A,"gpu-training,2026-03-08T06:00:00Z,,,,,,,,)", 3,
     "malformed CSV: unterminated quoted field: the quote at line 3, column 3 is never closed"},
    {C, "A,gpu-\xff,2026-03-08T06:00:00Z,,,,,,,,", 3, "invalid UTF-8 in field 'service' at byte 5"},

    // ---- fields: unknown, repeated, wrong JSON type
    // Fleets: an incident takes out one resource, or a zone, or a region.
    {J, json(R"(,"resource":"i-1","zone":"us-east-1a")"), 2,
     "give at most one of 'resource', 'zone' and 'region': an incident takes out one of them"},
    {J, json(R"(,"zone":"a","region":"us-east-1")"), 2,
     "give at most one of 'resource', 'zone' and 'region': an incident takes out one of them"},
    {J, json(R"(,"resource":"i\u00011")"), 2, "field 'resource' contains a control character: 'i\\x011'"},
    {J, json(R"(,"ned":"2026-03-08T07:00:00Z")"), 2, "unknown field 'ned' (did you mean 'end'?)"},
    {J, json(R"(,"Start":"2026-03-08T07:00:00Z")"), 2, "unknown field 'Start' (did you mean 'start'?)"},
    // Unknown fields are kept (record_fields_test.cpp); a near miss of a known one is not.
    {J, json(R"(,"titel":"rack on fire")"), 2, "unknown field 'titel' (did you mean 'title'?)"},
    {J, json(R"(,"":"rack on fire")"), 2, "unknown field ''"},
    // Labels: words for a report's reader, checked as names; a url a report can link.
    {J, json(R"(,"url":"ftp://status.example.com/1")"), 2,
     "field 'url' 'ftp://status.example.com/1' is not an http:// or https:// URL"},
    {J, json(R"(,"link":"mailto:ops@example.com")"), 2, "field 'link' 'mailto:ops@example.com' is not an http:// or https:// URL"},
    {J, json(R"(,"url":"https://")"), 2, "field 'url' 'https://' is not an http:// or https:// URL"},
    {J, json(R"(,"url":"https://status.example.com/a b")"), 2,
     "field 'url' 'https://status.example.com/a b' contains a space"},
    {J, json(R"(,"url":"https://status.example.com/\n")"), 2,
     "field 'url' contains a control character: 'https://status.example.com/\\n'"},
    {J, json(R"(,"url":"https://a.example/1","link":"https://a.example/2")"), 2,
     "give one of 'url' and 'link': they are the same field"},
    {J, json(R"(,"title":"Outage\u202e")"), 2,
     "field 'title' contains a bidirectional formatting character (U+202E), which reorders the text as it is shown: "
     "'Outage\\xe2\\x80\\xae'"},
    {J, json(R"(,"ticket":"OPS-1\t")"), 2, "field 'ticket' contains a control character: 'OPS-1\\t'"},
    {J, json(R"(,"affected":0.5)"), 2,
     "unknown field 'affected' (in JSON Lines, 'cluster' and 'affected' go inside 'scope')"},
    {J, json(R"(,"scope":{"clutser":"bj-gpu-01"})"), 2, "unknown field 'scope.clutser' (did you mean 'scope.cluster'?)"},
    {J, json(R"(,"end":"2026-03-08T07:00:00Z","end":null)"), 2, "field 'end' appears twice"},
    {J, json(R"(,"scope":{"cluster":"a","cluster":"b"})"), 2, "field 'scope.cluster' appears twice"},
    {J, R"({"id":17,"service":"gpu-training","start":"2026-03-08T06:00:00Z"})", 2,
     "field 'id' must be a string, found a number"},
    {J, R"({"id":"A","service":"gpu-training","start":1772953199})", 2, "field 'start' must be a string, found a number"},
    {J, json(R"(,"scope":"bj-gpu-01")"), 2,
     R"(field 'scope' must be an object such as {"cluster": "bj-gpu-01", "affected": 0.25}, found a string)"},

    // ---- required fields
    {J, R"({"service":"gpu-training","start":"2026-03-08T06:00:00Z"})", 2, "missing required field 'id'"},
    {J, R"({"id":"A","start":"2026-03-08T06:00:00Z"})", 2, "missing required field 'service'"},
    {J, R"({"id":"A","service":"gpu-training"})", 2, "missing required field 'start'"},
    {J, R"({"id":"","service":"gpu-training","start":"2026-03-08T06:00:00Z"})", 2, "required field 'id' is empty"},
    {J, R"({"id":null,"service":"gpu-training","start":"2026-03-08T06:00:00Z"})", 2, "required field 'id' is empty"},
    {J, R"({"id":"A","service":"gpu-training","start":""})", 2, "required field 'start' is empty"},
    {C, ",gpu-training,2026-03-08T06:00:00Z,,,,,,,,", 3, "required field 'id' is empty"},
    {C, R"("  ",gpu-training,2026-03-08T06:00:00Z,,,,,,,,)", 3, "required field 'id' is empty"},
    {C, "A,,2026-03-08T06:00:00Z,,,,,,,,", 3, "required field 'service' is empty"},
    {C, "A,gpu-training,,,,,,,,,", 3, "required field 'start' is empty"},
    {J, R"({"id":"A\u0000B","service":"gpu-training","start":"2026-03-08T06:00:00Z"})", 2,
     "field 'id' contains a control character: 'A\\x00B'"},
    {C, "\"A\nB\",gpu-training,2026-03-08T06:00:00Z,,,,,,,,", 3, "field 'id' contains a control character: 'A\\nB'"},

    // ---- timestamps
    {J, R"({"id":"A","service":"gpu-training","start":"2026-03-08T06:00:00"})", 2,
     "timestamp in 'start' has no UTC offset: '2026-03-08T06:00:00'" + kNoOffset},
    {C, "A,gpu-training,2026-03-08 06:00:00,,,,,,,,", 3,
     "timestamp in 'start' has no UTC offset: '2026-03-08 06:00:00'" + kNoOffset},
    {J, json(R"(,"end":"2026-03-08T07:00:00")"), 2, "timestamp in 'end' has no UTC offset: '2026-03-08T07:00:00'" + kNoOffset},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,2026-03-08T07:00:00,,,,,,,", 3,
     "timestamp in 'end' has no UTC offset: '2026-03-08T07:00:00'" + kNoOffset},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,,2026-03-08T05:00:00", 3,
     "timestamp in 'notice' has no UTC offset: '2026-03-08T05:00:00'" + kNoOffset},
    {J, R"({"id":"A","service":"gpu-training","start":"2026-13-08T06:00:00Z"})", 2,
     "bad timestamp in 'start' '2026-13-08T06:00:00Z' at column 6: month 13 is out of range (01-12)"},
    {C, "A,gpu-training,2026-03-32T06:00:00Z,,,,,,,,", 3,
     "bad timestamp in 'start' '2026-03-32T06:00:00Z' at column 9: day 32 is out of range for 2026-03, which has 31 days"},
    {J, R"({"id":"A","service":"gpu-training","start":"2026-03-08T06:00:00.5Z"})", 2,
     "bad timestamp in 'start' '2026-03-08T06:00:00.5Z' at column 20: fractional seconds '.5' are not supported: "
     "the audit has one-second resolution"},
    {J, R"({"id":"A","service":"gpu-training","start":"yesterday"})", 2,
     "bad timestamp in 'start' 'yesterday' at column 1: expected a 4-digit year (YYYY-MM-DD)"},
    {J, json(R"(,"detected":"2026-02-30T00:00:00Z")"), 2,
     "bad timestamp in 'detected' '2026-02-30T00:00:00Z' at column 9: day 30 is out of range for 2026-02, which has 28 days"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,2026-03-08T24:00:00Z,,,,,", 3,
     "bad timestamp in 'recovered' '2026-03-08T24:00:00Z' at column 12: hour 24 is out of range (00-23); write "
     "00:00:00 of the next day"},
    {J, json(R"(,"notice":"2026-02-30T00:00:00Z")"), 2,
     "bad timestamp in 'notice' '2026-02-30T00:00:00Z' at column 9: day 30 is out of range for 2026-02, which has 28 days"},

    // ---- times out of order
    {J, json(R"(,"end":"2026-03-08T05:59:59Z")"), 2, "end 2026-03-08T05:59:59Z is before start 2026-03-08T06:00:00Z"},
    {J, R"({"id":"A","service":"gpu-training","start":"2026-03-08T14:00:00+08:00","end":"2026-03-08T05:59:59Z"})", 2,
     "end 2026-03-08T05:59:59Z is before start 2026-03-08T06:00:00Z"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,2026-03-08T05:00:00Z,,,,,,,", 3,
     "end 2026-03-08T05:00:00Z is before start 2026-03-08T06:00:00Z"},
    {J, json(R"(,"detected":"2026-03-08T05:59:00Z")"), 2, "detected 2026-03-08T05:59:00Z is before start 2026-03-08T06:00:00Z"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,2026-03-08T05:00:00Z,,,,,,", 3,
     "detected 2026-03-08T05:00:00Z is before start 2026-03-08T06:00:00Z"},
    {J, json(R"(,"recovered":"2026-03-08T05:59:00Z")"), 2, "recovered 2026-03-08T05:59:00Z is before start 2026-03-08T06:00:00Z"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,2026-03-08T05:00:00Z,,,,,", 3,
     "recovered 2026-03-08T05:00:00Z is before start 2026-03-08T06:00:00Z"},

    // ---- services, causes, faults
    // A near miss of a contract's service; any other service is another contract's (record_fields_test.cpp).
    {J, R"({"id":"A","service":"gpu-trianing","start":"2026-03-08T06:00:00Z"})", 2,
     "unknown service 'gpu-trianing' (did you mean 'gpu-training'?)" + kContractServices},
    {J, R"({"id":"A","service":"Storage","start":"2026-03-08T06:00:00Z"})", 2,
     "unknown service 'Storage' (did you mean 'storage'?)" + kContractServices},
    {C, "A,storage-x,2026-03-08T06:00:00Z,,,,,,,,", 3,
     "unknown service 'storage-x' (did you mean 'storage'?)" + kContractServices},
    {J, json(R"(,"cause":"vendor")"), 2, "unknown cause 'vendor'" + kCauses},
    {J, json(R"(,"cause":"Provider")"), 2, "unknown cause 'Provider'" + kCauses},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,vendor,,,", 3, "unknown cause 'vendor'" + kCauses},
    {J, json(R"(,"fault":"Node Down")"), 2, "bad fault class 'Node Down'; expected lower_snake_case words such as node_down"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,node__down,,,,", 3,
     "bad fault class 'node__down'; expected lower_snake_case words such as node_down"},

    // ---- affected
    {J, json(R"(,"scope":{"affected":"lots"})"), 2, "bad affected value 'lots': " + kShareOrCount},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,lots,", 3, "bad affected value 'lots': " + kShareOrCount},
    {J, json(R"(,"scope":{"affected":0})"), 2, "bad affected value '0': a share must be greater than 0"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,0,", 3, "bad affected value '0': a share must be greater than 0"},
    {J, json(R"(,"scope":{"affected":-0.5})"), 2, "bad affected value '-0.5': a share must be greater than 0"},
    {J, json(R"(,"scope":{"affected":"0%"})"), 2, "bad affected value '0%': a share must be greater than 0"},
    {J, json(R"(,"scope":{"affected":1.5})"), 2, "bad affected value '1.5': a share must be at most 1 (100%)"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,1.5,", 3, "bad affected value '1.5': a share must be at most 1 (100%)"},
    {J, json(R"(,"scope":{"affected":1.0000000000000001})"), 2,
     "bad affected value '1.0000000000000001': a share must be at most 1 (100%)"},  // a double would say 1
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,150%,", 3, "bad affected value '150%': a share must be at most 1 (100%)"},
    {J, json(R"(,"scope":{"affected":2.5e-1})"), 2,
     "bad affected value '2.5e-1': exponent notation is not supported; write the digits out, e.g. 0.25"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,2.5E-1,", 3,
     "bad affected value '2.5E-1': exponent notation is not supported; write the digits out, e.g. 0.25"},
    {J, json(R"(,"scope":{"affected":0.1234567890123456789})"), 2,
     "bad affected value '0.1234567890123456789': more than 18 digits"},
    {J, json(R"(,"scope":{"affected":{"gpus":-3}})"), 2, R"(bad affected value {"gpus": -3}: a count must be at least 1)"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,-3 gpus,", 3, "bad affected value '-3 gpus': a count must be at least 1"},
    {J, json(R"(,"scope":{"affected":{"gpus":0}})"), 2, R"(bad affected value {"gpus": 0}: a count must be at least 1)"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,0 nodes,", 3, "bad affected value '0 nodes': a count must be at least 1"},
    {J, json(R"(,"scope":{"affected":{"nodes":2.5}})"), 2, R"(bad affected value {"nodes": 2.5}: a count must be a whole number)"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,2.5 nodes,", 3,
     "bad affected value '2.5 nodes': a count must be a whole number"},
    {J, json(R"(,"scope":{"affected":{"nodes":"8"}})"), 2,
     R"(bad affected value: in {"nodes": N}, N must be a number, found a string)"},
    {J, json(R"(,"scope":{"affected":{"cpus":3}})"), 2, R"(bad affected value: expected a share, or {"gpus": N} or {"nodes": N})"},
    {J, json(R"(,"scope":{"affected":{"gpus":3,"nodes":1}})"), 2,
     R"(bad affected value: expected a share, or {"gpus": N} or {"nodes": N})"},
    {J, json(R"(,"scope":{"affected":true})"), 2,
     R"(field 'scope.affected' must be a number, a string or {"gpus": N}, found a boolean)"},
    {C, "A,gpu-training,2026-03-08T06:00:00Z,,,,,,,3 cpus,", 3,
     "bad affected value '3 cpus': unknown unit 'cpus'; expected gpus or nodes"},

    // ---- duplicate ids: the first is kept
    {J,
     R"({"id":"INC-0","service":"gpu-training","start":"2026-03-08T14:00:00+08:00","end":"2026-03-08T07:00:00Z",)"
     R"("scope":{"affected":"25%","cluster":"bj-gpu-01"}})",
     2, "duplicate of line 1 (identical)"},
    {J, kGoodJson, 2, "duplicate of line 1 (identical)"},
    {J,
     R"({"id":"INC-0","service":"gpu-training","start":"2026-03-08T06:00:00Z","end":"2026-03-08T07:00:01Z",)"
     R"("scope":{"cluster":"bj-gpu-01","affected":0.25}})",
     2, "duplicate id 'INC-0' with different content (first at line 1)"},
    {C, "INC-0,gpu-training,2026-03-08T14:00:00+08:00,2026-03-08T07:00:00Z,,,,,bj-gpu-01,25%,", 3,
     "duplicate of line 2 (identical)"},
    {C, "INC-0,gpu-training,2026-03-08T06:00:00Z,2026-03-08T07:00:00Z,,,,,bj-gpu-02,0.25,", 3,
     "duplicate id 'INC-0' with different content (first at line 2)"},
};

std::string log_with(const BadRecord& bad) {
  if (bad.format == LogFormat::Csv) return std::string(kCsvHeader) + kGoodCsv + "\n" + bad.record + "\n";
  return kGoodJson + "\n" + bad.record + "\n";
}

}  // namespace

TEST_CASE("telemetry: every bad record is rejected with its line and the exact reason", "[telemetry]") {
  for (const BadRecord& bad : kBadRecords) {
    INFO(log_format_name(bad.format) << " record: " << bad.record);
    const IncidentLog log = read_log(log_with(bad), bad.format);
    CHECK(log.records_read == 2);
    REQUIRE(log.incidents.size() == 1);
    CHECK(log.incidents[0].id == "INC-0");  // the first of a duplicate pair is the one kept
    REQUIRE(log.rejected.size() == 1);
    CHECK(log.rejected[0].line == bad.line);
    CHECK(log.rejected[0].reason == bad.reason);
  }
}

TEST_CASE("telemetry: a record over 1 MiB is rejected in both formats", "[telemetry]") {
  const std::string big_id(kMaxRecordBytes, 'x');
  SECTION("JSON Lines") {
    const std::string record = R"({"id":")" + big_id + R"(","service":"gpu-training","start":"2026-03-08T06:00:00Z"})";
    const IncidentLog log =
        read_jsonl(kGoodJson + "\n" + record + "\n" + R"({"id":"B","service":"storage","start":"2026-03-08T06:00:00Z"})");
    REQUIRE(log.rejected.size() == 1);
    CHECK(log.rejected[0] == RejectedRecord{2, "record is " + std::to_string(record.size()) + " bytes, over the 1 MiB limit"});
    CHECK(log.incidents.size() == 2);
    CHECK(log.incidents[1].line == 3);
  }
  SECTION("CSV, with the limit counted over a multi-line quoted field") {
    const std::string field = "\"" + std::string(kMaxRecordBytes / 2, 'x') + "\n" + std::string(kMaxRecordBytes / 2, 'y') + "\"";
    const std::string record = field + ",gpu-training,2026-03-08T06:00:00Z,,,,,,,,";
    const IncidentLog log = read_csv(std::string(kCsvHeader) + kGoodCsv + "\n" + record +
                                     "\nB,storage,2026-03-08T06:00:00Z,,,,,,,,\n");
    REQUIRE(log.rejected.size() == 1);
    CHECK(log.rejected[0] == RejectedRecord{3, "record is " + std::to_string(record.size()) + " bytes, over the 1 MiB limit"});
    REQUIRE(log.incidents.size() == 2);
    CHECK(log.incidents[1].line == 5);
  }
  SECTION("exactly 1 MiB is still read") {
    // The bulk in the cluster, a description: an id is a name, at most 1,024 bytes (name_check.h).
    const std::string head = R"({"id":"A","service":"gpu-training","start":"2026-03-08T06:00:00Z","scope":{"cluster":")";
    const std::string tail = R"("}})";
    const std::string record = head + std::string(kMaxRecordBytes - head.size() - tail.size(), 'x') + tail;
    REQUIRE(record.size() == kMaxRecordBytes);
    const IncidentLog log = read_jsonl(record);
    CHECK(log.rejected.empty());
    CHECK(log.incidents.size() == 1);
  }
}
