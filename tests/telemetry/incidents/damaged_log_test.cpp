// Damaged logs: whatever the bytes, every record is accounted for and every
// reason is one line of valid UTF-8. Fixed seeds keep failures reproducible.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>

#include "base/text/display_width.h"
#include "tests/telemetry/incidents/log_fixtures.h"

using namespace slaudit;
using namespace slaudit::test;

namespace {

const std::string kJsonSample =
    R"({"id":"A","service":"gpu-training","start":"2026-03-08T06:00:00Z","end":"2026-03-08T07:00:00+08:00"})"
    "\n"
    R"({"id":"故障","service":"训练集群","start":"2026-03-08T06:00:00Z","scope":{"cluster":"bj","affected":{"gpus":8}}})"
    "\n\n"
    R"({"id":"C","service":"storage","start":"2026-03-08T06:00:00Z","cause":"customer","scope":{"affected":"25%"}})"
    "\r\n";

const std::string kCsvSample = std::string(kCsvHeader) +
                               "A,gpu-training,2026-03-08T06:00:00Z,2026-03-08T07:00:00Z,,,,,\"bj, 1\",0.5,\n"
                               "\"故障\",训练集群,2026-03-08T06:00:00Z,,,,node_down,,\"multi\nline\",8 nodes,\n"
                               "C,storage,2026-03-08T06:00:00Z,,,,,customer,,25%,\r\n";

// Overwrites, inserts or deletes a few bytes, favouring the ones that matter to syntax.
std::string damaged(std::string text, std::mt19937& random) {
  static const std::string kInteresting = "\",{}[]:\n\r\\ \xff\xe6%.-+eZT0";
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

void check_damaged(const std::string& sample, LogFormat format) {
  std::mt19937 random(20260308);
  for (int round = 0; round < 2000; ++round) {
    // A CSV log keeps its header whole: a header without the required columns
    // is an error for the whole log (incident_reader_test); here the records matter.
    const size_t kept = format == LogFormat::Csv ? kCsvHeader.size() : 0;
    const std::string text = sample.substr(0, kept) + damaged(sample.substr(kept), random);
    INFO("round " << round << ": " << text);
    const IncidentLog log = read_log(text, format);
    CHECK(log.records_read <= static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    for (const RejectedRecord& rejected : log.rejected) {
      CHECK(rejected.line >= 1);
      CHECK(first_invalid_utf8(rejected.reason) == std::string_view::npos);
      CHECK(rejected.reason.find('\n') == std::string::npos);
    }
  }
}

}  // namespace

TEST_CASE("telemetry: damaged JSON Lines logs are always fully accounted for", "[telemetry]") {
  check_damaged(kJsonSample, LogFormat::JsonLines);
}

TEST_CASE("telemetry: damaged CSV logs are always fully accounted for", "[telemetry]") {
  check_damaged(kCsvSample, LogFormat::Csv);
}
