// Choosing the format, reading files, and the digest that names a log.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "base/util/sha256.h"
#include "tests/telemetry/incidents/log_fixtures.h"

using namespace slaudit;
using namespace slaudit::test;

TEST_CASE("telemetry: the format follows the file extension", "[telemetry]") {
  CHECK(log_format_for_path("incidents.jsonl") == LogFormat::JsonLines);
  CHECK(log_format_for_path("dir.v2/incidents.ndjson") == LogFormat::JsonLines);
  CHECK(log_format_for_path("incidents.json") == LogFormat::JsonLines);
  CHECK(log_format_for_path("INCIDENTS.CSV") == LogFormat::Csv);
  CHECK(log_format_for_path("incidents.csv") == LogFormat::Csv);
  CHECK_FALSE(log_format_for_path("incidents.txt"));
  CHECK_FALSE(log_format_for_path("incidents"));
  CHECK_FALSE(log_format_for_path("csv"));
  CHECK(log_format_from_name("csv") == LogFormat::Csv);
  CHECK(log_format_from_name("jsonl") == LogFormat::JsonLines);
  CHECK_FALSE(log_format_from_name("xml"));
}

TEST_CASE("telemetry: an explicit format wins over the extension, no format is an error", "[telemetry]") {
  IncidentReadOptions options;
  const std::string csv = "id,service,start\nA,storage,2026-03-08T06:00:00Z\n";
  const IncidentLogResult unknown = read_incident_log(csv, "incidents.txt", options);
  CHECK_FALSE(unknown.ok());
  CHECK(unknown.error ==
        "cannot tell the format of 'incidents.txt' from its extension; use .jsonl, .ndjson, .json or .csv, or name the format");
  options.format = LogFormat::Csv;
  const IncidentLogResult chosen = read_incident_log(csv, "incidents.txt", options);
  REQUIRE(chosen.ok());
  CHECK(chosen.log->incidents.size() == 1);
  const IncidentLogResult by_extension = read_incident_log(csv, "incidents.csv", IncidentReadOptions{});
  REQUIRE(by_extension.ok());
  CHECK(by_extension.log->format == LogFormat::Csv);
}

TEST_CASE("telemetry: a pretty-printed JSON array is rejected line by line, with a hint", "[telemetry]") {
  const IncidentLog log = read_jsonl("[\n  {\"id\": \"A\", \"service\": \"storage\", \"start\": \"2026-03-08T06:00:00Z\"}\n]\n");
  CHECK(log.records_read == 3);
  REQUIRE(log.rejected.size() == 2);
  CHECK(log.rejected[0].line == 1);
  CHECK(log.rejected[0].reason.ends_with("(JSON Lines has one object per line, not a JSON array)"));
  CHECK(log.rejected[1].line == 3);
  CHECK(log.incidents.size() == 1);  // the object on its own line is a fine record
}

TEST_CASE("telemetry: the file reader reads a file or says why it cannot", "[telemetry]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::filesystem::path file = dir / "slaudit-telemetry-test.csv";
  {
    std::ofstream out(file, std::ios::binary);
    out << "id,service,start\nA,storage,2026-03-08T06:00:00Z\n";
  }
  IncidentReadOptions options;
  options.services = kServices;
  const IncidentLogResult read = read_incident_log_file(file.string(), options);
  REQUIRE(read.ok());
  CHECK(read.log->path == file.string());
  CHECK(read.log->incidents.size() == 1);
  CHECK(read.log->sha256 == sha256_hex("id,service,start\nA,storage,2026-03-08T06:00:00Z\n"));
  std::filesystem::remove(file);

  const IncidentLogResult missing = read_incident_log_file((dir / "slaudit-no-such-file.csv").string(), options);
  CHECK_FALSE(missing.ok());
  CHECK(missing.error == "cannot read '" + (dir / "slaudit-no-such-file.csv").string() + "': No such file or directory");

  options.format = LogFormat::Csv;
  const IncidentLogResult directory = read_incident_log_file(dir.string(), options);
  CHECK_FALSE(directory.ok());
  CHECK(directory.error == "cannot read '" + dir.string() + "': Is a directory");
}

TEST_CASE("telemetry: SHA-256 digests name a log exactly", "[telemetry]") {
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex(std::string_view("a\0b", 3)) != sha256_hex("ab"));
  const std::string content = "\xEF\xBB\xBFid,service,start\r\n";
  CHECK(read_csv(content).sha256 == sha256_hex(content));  // of the bytes as read, BOM and all
}

TEST_CASE("telemetry: a record that runs past the unfinished-record limit stops the read with its byte", "[telemetry]") {
  // Limit 64 bytes, blocks of 16: line 1 (50 bytes with its line end) is whole; line 2 starts at
  // byte 51 and has no end within 64 bytes, so the read stops there, whatever follows.
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "slaudit-unfinished-record.jsonl";
  const std::string first = R"({"id":"A","service":"storage","start":"2026-03-08"})";
  const std::string whole = first.substr(0, 49) + "\n";  // 49 bytes of text + '\n' = 50 bytes
  IncidentReadOptions options;
  options.services = kServices;
  options.read_block_bytes = 16;
  options.max_unfinished_bytes = 64;
  const auto write = [&](const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
  };
  write(whole + std::string(65, 'x') + "\n" + whole);
  const IncidentLogResult over = read_incident_log_file(file.string(), options);
  CHECK_FALSE(over.ok());
  CHECK(over.error == "the record starting at byte 51 runs past 64 bytes without ending "
                                      "(a record may be at most 1 MiB (1048576 bytes)); the log is not read further");
  // A record of 64 bytes (with its line end: 65) ends before the limit: read and rejected as usual.
  write(whole + std::string(64, 'x') + "\n" + whole);
  const IncidentLogResult fits = read_incident_log_file(file.string(), options);
  REQUIRE(fits.ok());
  CHECK(fits.log->records_read == 3);
  std::filesystem::remove(file);
}
