// The fast paths of log reading never disagree with the general ones:
//  - the plain-line JSON scanner gives the general reader's record, or declines;
//  - a whole log read with the scanner equals the same log read without it;
//  - a file read in blocks (cut anywhere) equals its content read whole.
// Tricky inputs are tables; damaged logs add what a table would not think of.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "telemetry/incidents/json_line_scanner.h"
#include "telemetry/incidents/json_records.h"
#include "tests/telemetry/incidents/log_fixtures.h"

using namespace slaudit;
using namespace slaudit::test;

namespace {

std::string shown(const std::optional<std::string_view>& value) {
  return value ? "'" + std::string(*value) + "'" : std::string("absent");
}

// Every field of a raw record, for comparing two of them with a readable diff.
std::string describe(const RawIncident& raw) {
  std::string out = "line " + std::to_string(raw.line);
  const std::pair<const char*, const std::optional<std::string_view>*> fields[] = {
      {"id", &raw.id},         {"service", &raw.service}, {"start", &raw.start},   {"end", &raw.end},
      {"detected", &raw.detected}, {"recovered", &raw.recovered}, {"fault", &raw.fault}, {"cause", &raw.cause},
      {"notice", &raw.notice}, {"cluster", &raw.cluster}, {"component", &raw.component}};
  for (const auto& [name, value] : fields) out += std::string(" ") + name + "=" + shown(*value);
  out += " affected=";
  if (!raw.affected) return out + "absent";
  return out + std::to_string(static_cast<int>(raw.affected->form)) + ":" + std::string(raw.affected->text) + ":" +
         std::string(count_unit_name(raw.affected->unit));
}

std::string describe(const Incident& incident) {
  const auto name = [](const SharedName& n) { return n ? "'" + *n + "'" : std::string("absent"); };
  const auto time = [](OptionalInstant t) { return t ? std::to_string((*t).time_since_epoch().count()) : std::string("absent"); };
  return "line " + std::to_string(incident.line) + " id='" + incident.id + "' service=" + name(incident.service) +
         " start=" + std::to_string(incident.start.time_since_epoch().count()) + " end=" + time(incident.end) +
         " detected=" + time(incident.detected) + " recovered=" + time(incident.recovered) + " fault=" +
         name(incident.fault) + " cause=" + std::string(terms::keyword(incident.cause)) + " cluster=" +
         name(incident.scope.cluster) + " affected=" +
         (incident.scope.affected ? affected_text(*incident.scope.affected) : "absent") + " notice=" +
         time(incident.notice) + " component=" + name(incident.component);
}

// Two logs read from the same bytes must be the same, to the last field.
void check_same_log(const IncidentLog& a, const IncidentLog& b) {
  CHECK(a.sha256 == b.sha256);
  CHECK(a.records_read == b.records_read);
  CHECK(a.rejected == b.rejected);
  REQUIRE(a.incidents.size() == b.incidents.size());
  for (size_t i = 0; i < a.incidents.size(); ++i) CHECK(describe(a.incidents[i]) == describe(b.incidents[i]));
}

IncidentLog read_with(std::string_view content, LogFormat format, bool scan_plain_lines) {
  IncidentReadOptions options;
  options.format = format;
  options.services = kServices;
  options.scan_plain_lines = scan_plain_lines;
  IncidentLogResult result = read_incident_log(content, "test-log", options);
  REQUIRE(result.ok());
  return std::move(*result.log);
}

IncidentLog read_file_in_blocks(const std::string& content, LogFormat format, size_t block) {
  // One file per process: ctest runs the test cases of this file in parallel.
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("slaudit-fast-path-test-" + std::to_string(::getpid()) + ".log");
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << content;
  }
  IncidentReadOptions options;
  options.format = format;
  options.services = kServices;
  options.read_block_bytes = block;
  IncidentLogResult result = read_incident_log_file(file.string(), options);
  std::filesystem::remove(file);
  REQUIRE(result.ok());
  return std::move(*result.log);
}

const std::string kStart = R"("start":"2026-03-08T06:00:00Z")";
std::string record(const std::string& fields) {
  return R"({"id":"A","service":"storage",)" + kStart + (fields.empty() ? "" : "," + fields) + "}";
}

struct LineCase {
  const char* what;
  std::string line;
  bool plain;  // the scanner takes it (else it must decline)
};

const std::vector<LineCase> kLines = {
    {"every field", R"({"id":"INC-1","service":"gpu-training","start":"2026-03-08T14:00:00+08:00","end":"2026-03-08T07:00:00Z","detected":"2026-03-08T06:05:00Z","recovered":"2026-03-08T06:55:00Z","fault":"gpu_xid","cause":"maintenance","notice":"2026-03-01T00:00:00Z","component":"console","scope":{"cluster":"bj-gpu-01","affected":0.25}})", true},
    {"spaces and tabs between tokens", " {\"id\" : \"A\",\t\"service\": \"storage\", " + kStart + " } ", true},
    {"empty object", "{}", true},
    {"missing required field", R"({"service":"storage"})", true},
    {"null values", record(R"("end":null,"fault":null,"scope":{"cluster":null,"affected":null})"), true},
    {"null scope", record(R"("scope":null)"), true},
    {"empty strings", record(R"("end":"","fault":"","cause":"")"), true},
    {"unicode, valid", R"({"id":"故障-1","service":"训练集群",)" + kStart + R"(,"scope":{"cluster":"北京-一号"}})", true},
    {"unicode, four bytes", record("\"component\":\"\xF0\x9F\x94\xA5\""), true},
    {"DEL is not a control character in JSON", record("\"component\":\"a\x7F\""), true},
    {"share as a string", record(R"("scope":{"affected":"0.25"})"), true},
    {"percent as a string", record(R"("scope":{"affected":"25%"})"), true},
    {"count as a string", record(R"("scope":{"affected":"64 gpus"})"), true},
    {"share as a number", record(R"("scope":{"affected":0.25})"), true},
    {"integer number", record(R"("scope":{"affected":1})"), true},
    {"zero", record(R"("scope":{"affected":0})"), true},
    {"trailing zeros kept", record(R"("scope":{"affected":0.250})"), true},
    {"gpus count", record(R"("scope":{"affected":{"gpus":64}})"), true},
    {"nodes count", record(R"("scope":{"affected":{"nodes":8}})"), true},
    {"fractional count", record(R"("scope":{"affected":{"gpus":1.5}})"), true},
    {"eighteen digits", record(R"("scope":{"affected":{"gpus":123456789012345678}})"), true},
    {"bad timestamp is the builder's business", record(R"("end":"yesterday")"), true},
    {"long id", R"({"id":")" + std::string(100000, 'x') + R"(","service":"storage",)" + kStart + "}", true},
    // declined: the general reader decides
    {"escaped quote", record(R"("component":"a\"b")"), false},
    {"unicode escape", R"({"id":"\u0041","service":"storage",)" + kStart + "}", false},
    {"escaped key", R"({"i\u0064":"A","service":"storage",)" + kStart + "}", false},
    {"invalid UTF-8", record("\"component\":\"\xFF\""), false},
    {"overlong UTF-8", record("\"component\":\"\xC0\xAF\""), false},
    {"UTF-16 surrogate in UTF-8", record("\"component\":\"\xED\xA0\x80\""), false},
    {"past U+10FFFF", record("\"component\":\"\xF4\x90\x80\x80\""), false},
    {"truncated UTF-8", record("\"component\":\"\xE6\x95\""), false},
    {"raw tab inside a string", record("\"component\":\"a\tb\""), false},
    {"carriage return between tokens", "{\"id\":\"A\",\r\"service\":\"storage\"," + kStart + "}", false},
    {"negative number", record(R"("scope":{"affected":-0.5})"), false},
    {"minus zero", record(R"("scope":{"affected":-0})"), false},
    {"exponent", record(R"("scope":{"affected":2.5e-1})"), false},
    {"leading zero", record(R"("scope":{"affected":007})"), false},
    {"nineteen digits", record(R"("scope":{"affected":{"gpus":1234567890123456789}})"), false},
    {"twenty-one digits", record(R"("scope":{"affected":123456789012345678901})"), false},
    {"dot without digits", record(R"("scope":{"affected":1.})"), false},
    {"count given as a string", record(R"("scope":{"affected":{"gpus":"64"}})"), false},
    {"two counts", record(R"("scope":{"affected":{"gpus":64,"nodes":1}})"), false},
    {"empty count", record(R"("scope":{"affected":{}})"), false},
    {"boolean", record(R"("end":true)"), false},
    {"number for a text field", record(R"("fault":5)"), false},
    {"array value", record(R"("fault":["a"])"), false},
    {"repeated field", record(R"("id":"B")"), false},
    {"repeated null field", record(R"("end":null,"end":"2026-03-08T07:00:00Z")"), false},
    {"repeated scope", record(R"("scope":{},"scope":{})"), false},
    {"repeated cluster", record(R"("scope":{"cluster":"a","cluster":"b"})"), false},
    {"unknown field", record(R"("ned":"2026-03-08T07:00:00Z")"), false},
    {"unknown scope field", record(R"("scope":{"clutser":"a"})"), false},
    {"cluster outside scope", record(R"("cluster":"a")"), false},
    {"scope not an object", record(R"("scope":"a")"), false},
    {"trailing comma", R"({"id":"A",})", false},
    {"missing brace", R"({"id":"A")", false},
    {"text after the object", record("") + " x", false},
    {"two objects", record("") + record(""), false},
    {"array", "[1]", false},
    {"a JSON string", R"("A")", false},
    {"unterminated string", R"({"id":"A)", false},
    {"BOM inside the log", "\xEF\xBB\xBF" + record(""), false},
};

}  // namespace

TEST_CASE("telemetry fast path: the plain-line scanner gives the general reader's record or declines",
          "[telemetry][fast-path]") {
  for (const LineCase& c : kLines) {
    INFO(c.what << ": " << c.line);
    const std::optional<RawIncident> plain = scan_plain_json_line(c.line, 7);
    CHECK(plain.has_value() == c.plain);
    if (!plain) continue;
    const RawRecord general = raw_incident_from_json_line(c.line, 7);
    REQUIRE(general.incident.has_value());
    CHECK(describe(*plain) == describe(*general.incident));
  }
}

TEST_CASE("telemetry fast path: each tricky line reads the same into a log with and without the scanner",
          "[telemetry][fast-path]") {
  for (const LineCase& c : kLines) {
    INFO(c.what << ": " << c.line);
    check_same_log(read_with(c.line + "\n", LogFormat::JsonLines, true),
                   read_with(c.line + "\n", LogFormat::JsonLines, false));
  }
}

namespace {

struct LogCase {
  const char* what;
  LogFormat format;
  std::string content;
};

const std::string kA = R"({"id":"A","service":"storage",)" + kStart + "}";
const std::string kADifferent = R"({"id":"A","service":"storage",)" + kStart + R"(,"end":"2026-03-08T07:00:00Z"})";
const std::string kAEscaped = R"({"id":"\u0041","service":"storage",)" + kStart + "}";
const std::string kAOffset = R"({"id":"A","service":"storage","start":"2026-03-08T14:00:00+08:00"})";

const std::vector<LogCase> kLogs = {
    {"CRLF and blank lines", LogFormat::JsonLines, kA + "\r\n\r\n  \t\n" + kADifferent + "\r\n"},
    {"BOM", LogFormat::JsonLines, "\xEF\xBB\xBF" + kA + "\n"},
    {"no newline at the end", LogFormat::JsonLines, kA},
    {"duplicate, identical", LogFormat::JsonLines, kA + "\n" + kA + "\n"},
    {"duplicate, same incident spelled otherwise", LogFormat::JsonLines, kA + "\n" + kAOffset + "\n" + kAEscaped + "\n"},
    {"duplicate, different content", LogFormat::JsonLines, kA + "\n" + kADifferent + "\n"},
    {"a rejected first record claims no id", LogFormat::JsonLines,
     R"({"id":"A","service":"nope",)" + kStart + "}\n" + kADifferent + "\n" + kA + "\n"},
    {"a line over 1 MiB", LogFormat::JsonLines,
     kA + "\n" + R"({"id":"B","service":"storage",)" + kStart + R"(,"component":")" + std::string(1100000, 'c') +
         "\"}\n" + kADifferent + "\n"},
    {"a long line under 1 MiB", LogFormat::JsonLines,
     R"({"id":"B","service":"storage",)" + kStart + R"(,"component":")" + std::string(300000, 'c') + "\"}\n"},
    {"mixed good and bad lines", LogFormat::JsonLines,
     kA + "\nnot json\n[1]\n" + R"({"id":"B","service":"storage","start":"2026-03-08T06:00:00"})" + "\n" +
         R"({"id":"C","service":"训练集群",)" + kStart + R"(,"scope":{"affected":{"gpus":8}}})" + "\n"},
    {"CSV: quoted fields over lines, CRLF, blank lines", LogFormat::Csv,
     std::string(kCsvHeader) + "A,storage,2026-03-08T06:00:00Z,,,,,,\"bj,\r\nrack 3\",25%,\r\n\r\n" +
         "B,storage,2026-03-08T06:00:00Z,,,,,,\"say \"\"hi\"\"\",8 nodes,\n"},
    {"CSV: duplicates", LogFormat::Csv,
     std::string(kCsvHeader) + "A,storage,2026-03-08T06:00:00Z,,,,,,,,\n" +
         "A,storage,2026-03-08T14:00:00+08:00,,,,,,,,\nA,storage,2026-03-08T06:00:00Z,2026-03-08T07:00:00Z,,,,,,,\n"},
    {"CSV: an unterminated quote gives back the lines after it", LogFormat::Csv,
     std::string(kCsvHeader) + "A,storage,2026-03-08T06:00:00Z,,,,,,\"bj,,\nB,storage,2026-03-08T06:00:00Z,,,,,,,,\n" +
         "C,storage,2026-03-08T06:00:00Z,,,,,,,,\n"},
    {"CSV: a bad quote over lines is blamed on its opening line", LogFormat::Csv,
     std::string(kCsvHeader) + "A,storage,2026-03-08T06:00:00Z,,,,,,\"bj\nB\"x,storage,,,,,,,,,\n" +
         "C,storage,2026-03-08T06:00:00Z,,,,,,,,\n"},
    {"CSV: a record over 1 MiB", LogFormat::Csv,
     std::string(kCsvHeader) + "A,storage,2026-03-08T06:00:00Z,,,,,,\"" + std::string(1100000, 'c') + "\",,\n" +
         "B,storage,2026-03-08T06:00:00Z,,,,,,,,\n"},
    {"CSV: repeated column", LogFormat::Csv, "id,service,start,id\nA,storage,2026-03-08T06:00:00Z,B\n"},
    {"CSV: BOM and no final newline", LogFormat::Csv, "\xEF\xBB\xBFid,service,start\nA,storage,2026-03-08T06:00:00Z"},
};

}  // namespace

TEST_CASE("telemetry fast path: tricky logs read the same with and without the scanner, whole and in blocks",
          "[telemetry][fast-path]") {
  for (const LogCase& c : kLogs) {
    INFO(c.what);
    const IncidentLog whole = read_with(c.content, c.format, true);
    check_same_log(whole, read_with(c.content, c.format, false));
    for (const size_t block : {size_t{1}, size_t{2}, size_t{7}, size_t{64}, size_t{4096}, kReadBlockBytes}) {
      INFO("block of " << block << " bytes");
      check_same_log(whole, read_file_in_blocks(c.content, c.format, block));
    }
  }
}

TEST_CASE("telemetry fast path: the tricky logs give the documented results", "[telemetry][fast-path]") {
  // The comparisons above would pass if both paths were wrong the same way; pin a few results.
  const IncidentLog duplicates = read_jsonl(kA + "\n" + kAOffset + "\n" + kAEscaped + "\n" + kADifferent + "\n");
  CHECK(duplicates.incidents.size() == 1);
  CHECK(duplicates.rejected == std::vector<RejectedRecord>{{2, "duplicate of line 1 (identical)"},
                                                          {3, "duplicate of line 1 (identical)"},
                                                          {4, "duplicate id 'A' with different content (first at line 1)"}});
  const IncidentLog long_line = read_file_in_blocks(kLogs[7].content, LogFormat::JsonLines, 4096);
  CHECK(long_line.incidents.size() == 1);
  REQUIRE(long_line.rejected.size() == 2);
  CHECK(long_line.rejected[0].line == 2);
  CHECK(long_line.rejected[0].reason.starts_with("record is 11000"));
  CHECK(long_line.rejected[1].reason == "duplicate id 'A' with different content (first at line 1)");
}

namespace {

// Overwrites, inserts or deletes a few bytes, favouring the ones that matter to syntax.
std::string damaged(std::string text, std::mt19937& random) {
  static const std::string kInteresting = "\",{}[]:\n\r\\ \t\xff\xe6\x80%.-+eZT0nul";
  const int edits = 1 + static_cast<int>(random() % 4);
  for (int i = 0; i < edits && !text.empty(); ++i) {
    const size_t at = random() % text.size();
    const char c = random() % 2 ? kInteresting[random() % kInteresting.size()] : static_cast<char>(random() % 256);
    switch (random() % 3) {
      case 0: text[at] = c; break;
      case 1: text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c); break;
      default: text.erase(at, 1); break;
    }
  }
  return text;
}

const std::string kJsonSample =
    kLines[0].line + "\n" + kLines[7].line + "\n\n" + record(R"("scope":{"affected":{"gpus":64}},"cause":"customer")") +
    "\r\n" + kA + "\n" + kAOffset + "\n";
const std::string kCsvSample = std::string(kCsvHeader) +
                               "A,gpu-training,2026-03-08T06:00:00Z,2026-03-08T07:00:00Z,,,,,\"bj, 1\",0.5,\n"
                               "\"故障\",训练集群,2026-03-08T06:00:00Z,,,,node_down,,\"multi\nline\",8 nodes,\n"
                               "A,gpu-training,2026-03-08T14:00:00+08:00,2026-03-08T07:00:00Z,,,,,\"bj, 1\",50%,\r\n";

}  // namespace

TEST_CASE("telemetry fast path: damaged logs read the same with and without the scanner, whole and in blocks",
          "[telemetry][fast-path]") {
  std::mt19937 random(20261203);
  for (int round = 0; round < 1500; ++round) {
    const std::string json = damaged(kJsonSample, random);
    INFO("round " << round << ": " << json);
    const IncidentLog whole = read_with(json, LogFormat::JsonLines, true);
    check_same_log(whole, read_with(json, LogFormat::JsonLines, false));
    if (round % 10 == 0) check_same_log(whole, read_file_in_blocks(json, LogFormat::JsonLines, 1 + random() % 64));
  }
  for (int round = 0; round < 300; ++round) {
    // The header is kept whole: a header without the required columns is an
    // error for the whole log (incident_reader_test), and here the records matter.
    const std::string csv =
        std::string(kCsvHeader) + damaged(kCsvSample.substr(kCsvHeader.size()), random);
    INFO("round " << round << ": " << csv);
    check_same_log(read_with(csv, LogFormat::Csv, true), read_file_in_blocks(csv, LogFormat::Csv, 1 + random() % 64));
  }
}

TEST_CASE("telemetry fast path: a string's troublesome byte is seen at every position, across 16-byte blocks",
          "[telemetry][fast-path]") {
  // The scanner looks at strings sixteen bytes at a time: put each kind of
  // byte that matters at every position of cluster names 1 to 40 bytes long,
  // so it falls in the first block, the last, the tail and on every boundary.
  struct Odd {
    const char* what;
    std::string bytes;
    bool plain;  // the scanner reads it itself (else it declines and the general reader decides)
  };
  const Odd odds[] = {
      {"escaped quote", "\\\"", false},   {"escaped letter", "\\n", false},
      {"control byte", "\x01", false},    {"tab", "\t", false},
      {"two-byte UTF-8", "\xC3\xA9", true}, {"three-byte UTF-8", "\xE4\xB8\x87", true},
      {"bad UTF-8", "\xC3(", false},      {"DEL", "\x7F", true},
  };
  for (const Odd& odd : odds) {
    for (size_t length = 1; length <= 40; ++length) {
      for (size_t at = 0; at < length; ++at) {
        std::string name(length, 'c');
        name.replace(at, 1, odd.bytes);
        const std::string line = record(R"("scope":{"cluster":")" + name + R"("})");
        INFO(odd.what << " at " << at << " of " << length << ": " << line);
        const std::optional<RawIncident> plain = scan_plain_json_line(line, 7);
        REQUIRE(plain.has_value() == odd.plain);
        const RawRecord general = raw_incident_from_json_line(line, 7);
        if (plain) {
          REQUIRE(general.incident.has_value());
          CHECK(describe(*plain) == describe(*general.incident));
          CHECK(plain->cluster == std::optional<std::string_view>(name));
        }
      }
    }
  }
}
