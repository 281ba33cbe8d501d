// Cutting a log into chunks of whole records: where each cut falls, which line
// each chunk starts on, and that a CSV chunk never ends inside a quoted field.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/incidents/incident_reader.h"
#include "telemetry/incidents/log_chunker.h"

using namespace slaudit;

namespace {

struct Step {
  std::string window;  // what the reader has, from where the last cut ended
  bool final;
  size_t skip, take, first_line;
};

template <class Chunker>
void check_steps(Chunker& chunker, const std::vector<Step>& steps) {
  for (size_t i = 0; i < steps.size(); ++i) {
    const Step& step = steps[i];
    INFO("step " << i << ": " << step.window);
    const LogCut cut = chunker.cut(step.window, step.final);
    CHECK(cut.skip == step.skip);
    CHECK(cut.take == step.take);
    if (cut.take > 0) CHECK(cut.first_line == step.first_line);
  }
}

}  // namespace

TEST_CASE("telemetry log chunker: JSON Lines chunks end after a line end", "[telemetry][chunks]") {
  // Each chunk's lines count from 1: the merger adds the lines before it.
  JsonLinesChunker chunker;
  check_steps(chunker, {
                           // "a\nb\nc": two whole lines (4 bytes); "c" waits for its line end.
                           {"a\nb\nc", false, 0, 4, 1},
                           // No line end: nothing to cut yet.
                           {"c", false, 0, 0, 0},
                           // Two lines, the second blank.
                           {"c\n\nd", false, 0, 3, 1},
                           // The last text, with no line end.
                           {"d", true, 0, 1, 1},
                       });
}

TEST_CASE("telemetry log chunker: CSV reads the header once, then cuts at record ends", "[telemetry][chunks]") {
  CsvChunker chunker;
  check_steps(chunker, {
                           // The header row is not whole yet: wait.
                           {"id,serv", false, 0, 0, 0},
                           // Header (11 bytes "id,service\n") skipped; "A,x\n" is line 2; "B" waits.
                           {"id,service\nA,x\nB", false, 11, 4, 2},
                           // No quote: every line end is a record end (2 lines, 8 bytes).
                           {"B,y\nC,z\nD", false, 0, 8, 3},
                           // A quoted field still open at the last line end: only "D,w\n" (line 5) is whole.
                           {"D,w\nE,\"multi\nline", false, 0, 4, 5},
                           // Closed now: the record on lines 6-7 is whole (15 bytes), "F" waits.
                           {"E,\"multi\nline\"\nF", false, 0, 15, 6},
                           {"F,v", true, 0, 3, 8},
                       });
  REQUIRE(chunker.columns());
  CHECK(chunker.columns()->names == std::vector<std::string>{"id", "service"});
}

TEST_CASE("telemetry log chunker: a CSV quote never closed ends its record at its own line", "[telemetry][chunks]") {
  // The CSV reader gives back the lines after an unterminated quote (csv.h); the chunker
  // waits while more text may close it, and then cuts where the reader ends the record.
  CsvChunker chunker;
  check_steps(chunker, {
                           {"id,cluster\nA,\"bj\nB,x\n", false, 11, 0, 0},
                           {"A,\"bj\nB,x\n", true, 0, 10, 2},
                       });
}

// Issue 14 (found by libFuzzer): a quoted field that closes on a later line
// and is followed by junk is blamed on its opening quote's line, and its
// reason was "unterminated quoted field" when a block ended between the two
// lines. Every block size must give the very same records and reasons.
TEST_CASE("log chunker: CSV rejection reasons are the same for every block size", "[telemetry][hostile]") {
  const std::string log =
      "id,service,start,end\n"
      "A,storage,\"2026-03-08T06:00:00Z\n"      // line 2: a quote opens...
      "B,storage,2026-03-08T07:00:00Z,\n"       // line 3
      "C,storage,2026-03-08T08:00:00Z\"1,\n"    // line 4: ...closes here, then junk
      "D,storage,\"2026-03-08T09:00:00Z\",\n"   // line 5: a good quoted record
      "E,\"x\n"                                 // line 6: a quote that never closes
      "F,storage,2026-03-08T10:00:00Z,\n";
  const auto reasons = [&](size_t block) {
    IncidentReadOptions options;
    options.format = LogFormat::Csv;
    options.read_block_bytes = block;
    const IncidentLogResult result = read_incident_log(log, "log.csv", options);
    REQUIRE(result.ok());
    std::vector<std::string> out;
    for (const RejectedRecord& r : result.log->rejected) out.push_back(std::to_string(r.line) + ": " + r.reason);
    for (const Incident& i : result.log->incidents) out.push_back(std::to_string(i.line) + ": " + i.id);
    return out;
  };
  const std::vector<std::string> whole = reasons(1 << 20);
  // The record of line 2 is blamed on its quote with the junk's reason, not as unterminated.
  REQUIRE_FALSE(whole.empty());
  CHECK_THAT(whole[0], Catch::StartsWith("2: malformed CSV: unexpected '1' at line 4"));
  std::vector<size_t> blocks;
  for (size_t b = 1; b <= 64; ++b) blocks.push_back(b);
  for (size_t b : {65, 100, 127, 128, 200, 255, 256, 4096}) blocks.push_back(b);
  for (size_t block : blocks) {
    INFO("block " << block);
    CHECK(reasons(block) == whole);
  }
}
