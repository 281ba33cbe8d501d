// The fields a record may carry beyond slaudit's own: unknown ones are kept
// unread and listed once per log (not --strict), near misses of a known field
// are still rejected, and title, url (link) and ticket become the incident's
// labels. The same incidents read the same with and without the extras.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/telemetry/incidents/log_fixtures.h"

using namespace slaudit;
using namespace slaudit::test;

namespace {

IncidentLog read_with(std::string_view content, LogFormat format, bool strict, bool scan_plain = true) {
  IncidentReadOptions options;
  options.format = format;
  options.services = kServices;
  options.strict = strict;
  options.scan_plain_lines = scan_plain;
  IncidentLogResult result = read_incident_log(content, "log", options);
  REQUIRE(result.ok());
  check_accounting(*result.log);
  return std::move(*result.log);
}

// Three records, two with `owner`, one with `priority`; the second also with a `ticket`-like `case_ref`.
const std::string kJsonWithExtras =
    R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z","end":"2026-03-08T07:00:00Z","owner":"ops"})"
    "\n"
    R"({"id":"B","service":"storage","start":"2026-03-09T06:00:00Z","owner":{"team":"db"},"priority":2,"case_ref":null})"
    "\n"
    R"({"id":"C","service":"gpu-training","start":"2026-03-10T06:00:00Z","end":"2026-03-10T06:30:00Z"})"
    "\n";
const std::string kJsonPlain =
    R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z","end":"2026-03-08T07:00:00Z"})"
    "\n"
    R"({"id":"B","service":"storage","start":"2026-03-09T06:00:00Z"})"
    "\n"
    R"({"id":"C","service":"gpu-training","start":"2026-03-10T06:00:00Z","end":"2026-03-10T06:30:00Z"})"
    "\n";
const std::string kCsvWithExtras =
    "priority,id,service,start,end,owner\n"
    "P2,A,storage,2026-03-08T06:00:00Z,2026-03-08T07:00:00Z,ops\n"
    ",B,storage,2026-03-09T06:00:00Z,,\n"
    "P3,C,gpu-training,2026-03-10T06:00:00Z,2026-03-10T06:30:00Z,db\n";
const std::string kCsvPlain =
    "id,service,start,end\n"
    "A,storage,2026-03-08T06:00:00Z,2026-03-08T07:00:00Z\n"
    "B,storage,2026-03-09T06:00:00Z,\n"
    "C,gpu-training,2026-03-10T06:00:00Z,2026-03-10T06:30:00Z\n";

void check_same_incidents(const IncidentLog& a, const IncidentLog& b) {
  REQUIRE(a.incidents.size() == b.incidents.size());
  for (size_t i = 0; i < a.incidents.size(); ++i) {
    INFO("incident " << a.incidents[i].id);
    CHECK(same_content(a.incidents[i], b.incidents[i]));
    CHECK(a.incidents[i].line == b.incidents[i].line);
  }
}

}  // namespace

TEST_CASE("record fields: unknown JSON Lines fields are read as absent and listed once", "[telemetry][record-fields]") {
  for (const bool scan_plain : {true, false}) {
    INFO("scanner " << scan_plain);
    const IncidentLog log = read_with(kJsonWithExtras, LogFormat::JsonLines, false, scan_plain);
    CHECK(log.rejected.empty());
    check_same_incidents(log, read_with(kJsonPlain, LogFormat::JsonLines, false));
    // Sorted by name; each with the records holding it: owner in A and B, the others in B only.
    CHECK(log.notes == std::vector<std::string>{
                           "log: fields not used (read as absent): 'case_ref' (1), 'owner' (2), 'priority' (1)"});
  }
}

TEST_CASE("record fields: unknown CSV columns are read as absent and listed once", "[telemetry][record-fields]") {
  const IncidentLog log = read_with(kCsvWithExtras, LogFormat::Csv, false);
  CHECK(log.rejected.empty());
  check_same_incidents(log, read_with(kCsvPlain, LogFormat::Csv, false));
  // A CSV column is in every row, empty cells included: 3 records each.
  CHECK(log.notes == std::vector<std::string>{"log: fields not used (read as absent): 'owner' (3), 'priority' (3)"});
}

TEST_CASE("record fields: --strict rejects unknown fields as before", "[telemetry][record-fields]") {
  const IncidentLog json = read_with(kJsonWithExtras, LogFormat::JsonLines, true);
  CHECK(json.rejected == std::vector<RejectedRecord>{{1, "unknown field 'owner'"}, {2, "unknown field 'owner'"}});
  CHECK(json.incidents.size() == 1);
  CHECK(json.notes.empty());
  const IncidentLog csv = read_with(kCsvWithExtras, LogFormat::Csv, true);
  CHECK(csv.rejected == std::vector<RejectedRecord>{
                            {2, "unknown field 'priority'"}, {3, "unknown field 'priority'"}, {4, "unknown field 'priority'"}});
  CHECK(csv.notes.empty());
}

TEST_CASE("record fields: a near miss of a known field is rejected, strict or not", "[telemetry][record-fields]") {
  struct NearMiss {
    std::string name, known;
  };
  // One edit away (a swap counts one), or the same letters in another case; two for names over 4 bytes.
  const std::vector<NearMiss> cases = {
      {"ned", "end"}, {"End", "end"}, {"stat", "start"}, {"START", "start"}, {"servcie", "service"},
      {"detcted", "detected"}, {"Link", "link"}, {"tikcet", "ticket"}, {"regoin", "region"}, {"ulr", "url"},
  };
  for (const NearMiss& c : cases) {
    for (const bool strict : {false, true}) {
      INFO(c.name << " strict " << strict);
      const std::string reason = "unknown field '" + c.name + "' (did you mean '" + c.known + "'?)";
      const IncidentLog json = read_with(
          R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z",")" + c.name + R"(":"x"})", LogFormat::JsonLines,
          strict);
      CHECK(json.rejected == std::vector<RejectedRecord>{{1, reason}});
      const IncidentLog csv =
          read_with("id,service,start," + c.name + "\nA,storage,2026-03-08T06:00:00Z,x\n", LogFormat::Csv, strict);
      CHECK(csv.rejected == std::vector<RejectedRecord>{{2, reason}});
    }
  }
}

TEST_CASE("record fields: names far from every field are kept", "[telemetry][record-fields]") {
  // Names of up to 4 bytes allow one edit, longer ones two: each of these is further from every field.
  for (const std::string name : {"name", "owner", "priority", "severity", "tags", "runbook", "x"}) {
    INFO(name);
    const IncidentLog log = read_with(
        R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z",")" + name + R"(":"x"})", LogFormat::JsonLines, false);
    CHECK(log.rejected.empty());
    CHECK(log.incidents.size() == 1);
  }
}

TEST_CASE("record fields: title, url or link, and ticket are the incident's labels", "[telemetry][record-fields]") {
  const std::string json =
      R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z","title":"Elevated errors on uploads",)"
      R"("url":"https://status.example.com/incidents/abc","ticket":"OPS-1234"})"
      "\n"
      R"({"id":"B","service":"storage","start":"2026-03-09T06:00:00Z","link":"HTTP://status.example.com/b"})"
      "\n"
      R"({"id":"C","service":"storage","start":"2026-03-10T06:00:00Z","title":"","url":null})"
      "\n";
  for (const bool scan_plain : {true, false}) {
    const IncidentLog log = read_with(json, LogFormat::JsonLines, false, scan_plain);
    REQUIRE(log.incidents.size() == 3);
    REQUIRE(log.incidents[0].labels);
    CHECK(*log.incidents[0].labels ==
          IncidentLabels{"Elevated errors on uploads", "https://status.example.com/incidents/abc", "OPS-1234"});
    REQUIRE(log.incidents[1].labels);
    CHECK(*log.incidents[1].labels == IncidentLabels{"", "HTTP://status.example.com/b", ""});
    CHECK(!log.incidents[2].labels);  // empty and null are absent: no labels at all
    CHECK(log.notes.empty());
  }
  const IncidentLog csv = read_with(
      "id,service,start,title,link,ticket\n"
      "A,storage,2026-03-08T06:00:00Z,\"Elevated errors, uploads\",https://status.example.com/a,OPS-1\n",
      LogFormat::Csv, false);
  REQUIRE(csv.incidents.size() == 1);
  REQUIRE(csv.incidents[0].labels);
  CHECK(*csv.incidents[0].labels == IncidentLabels{"Elevated errors, uploads", "https://status.example.com/a", "OPS-1"});
}

TEST_CASE("record fields: a title may be 1,024 bytes, not one more", "[telemetry][record-fields]") {
  const auto log_with_title = [](size_t bytes) {
    return R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z","title":")" + std::string(bytes, 't') + "\"}";
  };
  CHECK(read_with(log_with_title(1024), LogFormat::JsonLines, false).incidents.size() == 1);
  const IncidentLog log = read_with(log_with_title(1025), LogFormat::JsonLines, false);
  REQUIRE(log.rejected.size() == 1);
  CHECK(log.rejected[0].reason.starts_with("field 'title' is 1025 bytes long"));
}

TEST_CASE("record fields: the note of a log with a new field on every line stays bounded", "[telemetry][record-fields]") {
  // 300 distinct names, past the 256 kept: 20 are listed by name, the rest said in two words.
  std::string log;
  for (int i = 0; i < 300; ++i) {
    log += R"({"id":"A)" + std::to_string(i) + R"(","service":"storage","start":"2026-03-08T06:00:00Z","extra_)" +
           std::to_string(1000 + i) + "\":1}\n";
  }
  const IncidentLog read = read_with(log, LogFormat::JsonLines, false);
  CHECK(read.incidents.size() == 300);
  REQUIRE(read.notes.size() == 1);
  CHECK(read.notes[0].starts_with("log: fields not used (read as absent): 'extra_1000' (1), 'extra_1001' (1)"));
  CHECK(read.notes[0].ends_with("'extra_1019' (1) and other fields"));
}

TEST_CASE("record fields: a record for a service the contract does not define is not for this contract",
          "[telemetry][record-fields]") {
  // The contract (kServices) defines gpu-training, storage and 训练集群; the log is shared with others'.
  const std::string log =
      R"({"id":"A","service":"storage","start":"2026-03-08T06:00:00Z","end":"2026-03-08T07:00:00Z"})"
      "\n"
      R"({"id":"g1","service":"gce","start":"2026-03-08T06:00:00Z"})"
      "\n"
      R"({"id":"e1","service":"ec2","start":"2026-03-08T06:00:00Z","ned":"a near miss: rejected before its service is read"})"
      "\n"
      R"({"id":"g2","service":"gce","start":"not a time"})"
      "\n"
      R"({"id":"A","service":"gce","start":"2026-03-09T06:00:00Z"})"
      "\n"
      R"({"id":"B","service":"storag","start":"2026-03-09T06:00:00Z"})"
      "\n"
      R"({"id":"e2","service":"ec2","start":"2026-03-09T06:00:00Z"})"
      "\n"
      R"({"id":"g3","service":"gce","start":"2026-03-09T06:00:00Z"})"
      "\n";
  const IncidentLog read = read_with(log, LogFormat::JsonLines, false);
  // 8 read = 1 used (A) + 2 rejected (e1's near-miss field, B's near-miss service) + 5 not for this contract
  // (g1, g2, A-on-gce, g3: gce 4; e2: ec2 1). A foreign record claims no id: A on gce is no duplicate.
  CHECK(read.records_read == 8);
  CHECK(read.incidents.size() == 1);
  CHECK(read.used_records() == 1);
  CHECK(read.rejected == std::vector<RejectedRecord>{
                             {3, "unknown field 'ned' (did you mean 'end'?)"},
                             {6, "unknown service 'storag' (did you mean 'storage'?); the contract defines "
                                 "'gpu-training', 'storage', '训练集群'"}});
  CHECK(read.not_for_contract == 5);
  CHECK(read.notes == std::vector<std::string>{
                          "log: records for services this contract does not define (not for this contract): "
                          "'gce' (4), 'ec2' (1)"});
  // --strict: every one of them rejected, as before.
  const IncidentLog strict = read_with(log, LogFormat::JsonLines, true);
  CHECK(strict.not_for_contract == 0);
  CHECK(strict.rejected.size() == 7);
  CHECK(strict.rejected[0] ==
        RejectedRecord{2, "unknown service 'gce'; the contract defines 'gpu-training', 'storage', '训练集群'"});
  CHECK(strict.notes.empty());
}

TEST_CASE("record fields: records not for this contract are counted alike whole and in blocks", "[telemetry][record-fields]") {
  std::string log = "id,service,start\n";
  for (int i = 0; i < 500; ++i)
    log += "r" + std::to_string(i) + "," + (i % 5 == 0 ? "storage" : i % 5 == 1 ? "ec2" : "gce") + ",2026-03-08T06:00:00Z\n";
  IncidentReadOptions options;
  options.format = LogFormat::Csv;
  options.services = kServices;
  for (const size_t block : {size_t{64}, size_t{4096}, kReadBlockBytes}) {
    INFO("block " << block);
    options.read_block_bytes = block;
    const IncidentLogResult result = read_incident_log(log, "log", options);
    REQUIRE(result.ok());
    check_accounting(*result.log);
    // 500 rows: storage every fifth (100 used), ec2 100, gce 300.
    CHECK(result.log->incidents.size() == 100);
    CHECK(result.log->not_for_contract == 400);
    CHECK(result.log->notes == std::vector<std::string>{
                                   "log: records for services this contract does not define (not for this contract): "
                                   "'gce' (300), 'ec2' (100)"});
  }
}
