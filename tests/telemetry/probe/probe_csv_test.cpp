// The streaming probe CSV reader: both schemas, both timestamp forms, and each
// malformed row rejected with its line and reason.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "telemetry/probe/probe_csv.h"

using namespace slaudit;
using namespace slaudit::probe;

namespace {

struct Collect : ProbeSink {
  std::vector<ProbeSample> samples;
  void add(const ProbeSample& s) override { samples.push_back(s); }
};

struct Result {
  std::string error;
  std::vector<ProbeSample> samples;
  ProbeAccounting accounting;
  ProbeTargets targets;
};

// Feeds the text through a temporary file, so the reader sees a real file descriptor.
void read_text(const std::string& text, uint32_t source, Result& r) {
  FILE* tmp = std::tmpfile();
  REQUIRE(tmp != nullptr);
  std::fwrite(text.data(), 1, text.size(), tmp);
  std::fflush(tmp);
  std::rewind(tmp);
  Collect sink;
  r.error = read_probe_csv_fd(::fileno(tmp), "t.csv", {source, &r.targets, &sink, &r.accounting});
  std::fclose(tmp);
  r.samples.insert(r.samples.end(), sink.samples.begin(), sink.samples.end());
}

Result read_text(const std::string& text) {
  Result r;
  read_text(text, 0, r);
  return r;
}

}  // namespace

TEST_CASE("probe csv: counts schema in any column order, Unix and ISO timestamps", "[probe-io]") {
  const Result r = read_text(
      "target,total,timestamp,ok\n"
      "api-1,10,1793491200,9\n"
      "api-2,5,2026-11-01T00:00:00Z,5\r\n"
      "api-1,4,2026-11-01T08:01:00+08:00,0");  // 08:01+08:00 = 00:01Z; no final newline
  REQUIRE(r.error.empty());
  REQUIRE(r.samples.size() == 3);
  CHECK(r.samples[0].at.time_since_epoch().count() == 1793491200);
  CHECK(r.samples[1].at.time_since_epoch().count() == 1793491200);  // 2026-11-01T00:00:00Z
  CHECK(r.samples[2].at.time_since_epoch().count() == 1793491260);
  CHECK(r.samples[0].ok == 9);
  CHECK(r.samples[0].total == 10);
  CHECK(r.samples[2].record == 4);
  CHECK(r.targets.size() == 2);
  CHECK(r.targets.name(r.samples[2].target) == "api-1");
  CHECK(r.samples[0].target == r.samples[2].target);
  CHECK(r.accounting.read == 3);
  CHECK(r.accounting.used == 3);
}

TEST_CASE("probe csv: success schema gives 1/1 or 0/1", "[probe-io]") {
  const Result r = read_text("timestamp,target,success\n60,a,1\n120,a,0\n");
  REQUIRE(r.samples.size() == 2);
  CHECK((r.samples[0].ok == 1 && r.samples[0].total == 1));
  CHECK((r.samples[1].ok == 0 && r.samples[1].total == 1));
}

TEST_CASE("probe csv: unsorted rows pass through in file order", "[probe-io]") {
  const Result r = read_text("timestamp,target,ok,total\n180,a,1,1\n60,a,1,1\n120,a,1,1\n");
  REQUIRE(r.samples.size() == 3);
  CHECK(r.samples[0].at.time_since_epoch().count() == 180);
  CHECK(r.samples[1].at.time_since_epoch().count() == 60);
}

TEST_CASE("probe csv: malformed rows are rejected with line and reason", "[probe-io]") {
  struct Case {
    std::string row;
    std::string reason;
  };
  const std::vector<Case> cases = {
      {"2026-11-01T00:00:00,a,1,1", "timestamp has no UTC offset"},
      {"yesterday,a,1,1", "bad timestamp"},
      {"9999999999999999999,a,1,1", "bad timestamp"},  // Unix seconds past year 9999
      {"60,a,5,4", "ok > total"},
      {"60,a,0,0", "total is 0"},
      {"60,a,x,4", "bad number"},
      {"60,a,-1,4", "bad number"},
      {"60,,1,4", "missing field: target"},
      {"60,a,,4", "missing field: ok or total"},
      {"60,a,1", "wrong column count"},
      {"60,a,1,1,1", "wrong column count"},
  };
  for (const Case& c : cases) {
    SECTION(c.row) {
      // Line 2 is good, line 3 is the bad row: the line number counts the header.
      const Result r = read_text("timestamp,target,ok,total\n60,b,1,1\n" + c.row + "\n");
      REQUIRE(r.error.empty());
      CHECK(r.accounting.read == 2);
      CHECK(r.accounting.used == 1);
      CHECK(r.accounting.rejected == 1);
      REQUIRE(r.accounting.first_rejections.size() == 1);
      CHECK(r.accounting.first_rejections[0].record == 3);
      CHECK(r.accounting.first_rejections[0].reason == c.reason);
    }
  }
}

TEST_CASE("probe csv: only the first rejections are kept, all are counted", "[probe-io]") {
  std::string text = "timestamp,target,ok,total\n";
  for (int i = 0; i < 50; ++i) text += "60,a,2,1\n";
  Result r;
  r.accounting.keep = 5;
  read_text(text, 0, r);
  CHECK(r.accounting.rejected == 50);
  CHECK(r.accounting.first_rejections.size() == 5);
}

TEST_CASE("probe csv: header errors name the input", "[probe-io]") {
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"timestamp,target,ok,total,region\n", "t.csv:1: unknown column 'region' (expected timestamp, target, ok, total or success)"},
      {"timestamp,target,ok\n", "t.csv:1: header must be timestamp,target,ok,total or timestamp,target,success (any order)"},
      {"timestamp,target,target,ok,total\n", "t.csv:1: column 'target' appears twice"},
      {"", "t.csv: empty input (expected a header line)"},
  };
  for (const Case& c : cases) CHECK(read_text(c.text).error == c.error);
}

TEST_CASE("probe csv: several inputs keep their source index and share targets", "[probe-io]") {
  Result r;
  read_text("timestamp,target,ok,total\n60,a,1,1\n", 0, r);
  read_text("timestamp,target,success\n60,b,1\n120,a,0\n", 1, r);
  REQUIRE(r.samples.size() == 3);
  CHECK(r.samples[0].source == 0);
  CHECK(r.samples[2].source == 1);
  CHECK(r.samples[2].target == r.samples[0].target);
  CHECK(r.targets.size() == 2);
}

TEST_CASE("probe csv: rows longer than one read block are parsed whole", "[probe-io]") {
  // A target name of 1 MiB - 16 bytes: line 2 runs from byte 26 to 26 + 3 + (1 MiB - 16) + 4 = 1 MiB + 17,
  // across the first 1 MiB block, and at 1 MiB - 9 bytes it is within the line limit (kMaxProbeLineBytes).
  const std::string target((1 << 20) - 16, 'x');
  const Result r = read_text("timestamp,target,ok,total\n60," + target + ",1,2\n120,y,1,1\n");
  // Read whole: its target is one field of 1 MiB - 16 bytes, too long for a name (at most 1,024 bytes, which
  // reports print), so the row is rejected as such on its own line, and the next line is the next record.
  REQUIRE(r.samples.size() == 1);
  CHECK(r.samples[0].record == 3);
  REQUIRE(r.accounting.first_rejections.size() == 1);
  CHECK(r.accounting.first_rejections[0].record == 2);
  CHECK(r.accounting.first_rejections[0].reason.starts_with("field 'target' is 1048560 bytes long; a name is at most "
                                                            "1024 bytes: "));
  CHECK(r.targets.size() == 1);  // nothing is kept of the refused name
}

TEST_CASE("probe csv: a target that is no name is rejected the first time and never kept", "[probe-io]") {
  // A newline cannot reach a field here (it ends the row); a bidirectional override or a C1 control can.
  const Result r = read_text("timestamp,target,ok,total\n60,a\u202eb,1,2\n60,ok,1,1\n120,a\u202eb,1,1\n");
  REQUIRE(r.samples.size() == 1);
  CHECK(r.targets.size() == 1);
  CHECK(r.accounting.rejected == 2);  // checked again when seen again: a refused name is never interned
  REQUIRE(r.accounting.first_rejections.size() == 2);
  CHECK(r.accounting.first_rejections[0].reason.starts_with("field 'target' contains a bidirectional"));
}

// Lines inside a block are split by one scan for commas and line ends; the
// input's last line (no '\n' after it) by the line splitter. Both must agree:
// each case is read once in the middle of the input and once at its end.
TEST_CASE("probe csv: the block scan and the last line agree on blanks, CRLF and field counts", "[probe-io]") {
  struct Case {
    const char* row;
    const char* outcome;  // "used", "blank" (not a record), or the rejection reason
  };
  const Case cases[] = {
      {"1793491200,a,1,2", "used"},
      {"1793491200,a,1,2\r", "used"},                      // CRLF: the '\r' is not part of total
      {"", "blank"},
      {"\r", "blank"},
      {"1793491200,a,1,2,", "wrong column count"},         // a fifth, empty field
      {"1793491200,a,1,2,\r", "wrong column count"},
      {"1793491200,a,1", "wrong column count"},
      {",,,", "bad timestamp"},
      {"1793491200,a,1,2\r\r", "bad number"},              // only one '\r' ends a line
      {"1793491200,,1,2", "missing field: target"},
      {"1793491200,a-target-name-longer-than-sixteen-bytes,17,20", "used"},
  };
  for (const Case& c : cases) {
    for (const bool last : {false, true}) {
      CAPTURE(c.row, last);
      const std::string text = std::string("timestamp,target,ok,total\n") + c.row +
                               (last ? "" : "\n1793491260,z,1,1\n");
      const Result r = read_text(text);
      REQUIRE(r.error.empty());
      const uint64_t after = last ? 0 : 1;  // the row after it, when there is one
      const std::string outcome = c.outcome;
      if (outcome == "blank") {
        CHECK(r.accounting.read == after);
        CHECK(r.accounting.used == after);
      } else if (outcome == "used") {
        CHECK(r.accounting.read == 1 + after);
        CHECK(r.accounting.used == 1 + after);
        REQUIRE(!r.samples.empty());
        CHECK(r.samples.front().record == 2);
        CHECK(r.samples.front().total != 0);
      } else {
        CHECK(r.accounting.read == 1 + after);
        CHECK(r.accounting.rejected == 1);
        REQUIRE(r.accounting.first_rejections.size() == 1);
        CHECK(r.accounting.first_rejections[0].record == 2);
        CHECK(r.accounting.first_rejections[0].reason == outcome);
      }
      if (!last) {
        REQUIRE(!r.samples.empty());
        CHECK(r.samples.back().record == 3);  // line numbers count blank lines too
      }
    }
  }
}

// Request counts: up to 19 digits, nothing but digits.
// Each length, each digit, and a bad byte just outside '0'..'9' at each position.
TEST_CASE("probe csv: request counts of every length, and bad bytes anywhere in them", "[probe-io]") {
  struct Case {
    std::string ok;
    bool valid;
    uint64_t value;
  };
  std::vector<Case> cases = {
      {"0", true, 0},
      {"7", true, 7},
      {"10", true, 10},
      {"99", true, 99},
      {"100", true, 100},
      {"4096", true, 4096},
      {"12345", true, 12345},
      {"908172", true, 908172},
      {"1234567", true, 1234567},
      {"12345678", true, 12345678},
      {"99999999", true, 99999999},
      {"00000001", true, 1},
      {"123456789", true, 123456789},
      {"9999999999999999999", true, 9999999999999999999ULL},
      {"12345678901234567890", false, 0},            // 20 digits: too long
      {"+1", false, 0},
      {"-1", false, 0},
      {"1.0", false, 0},
      {" 1", false, 0},
      {"1 ", false, 0},
  };
  // '/' and ':' are the bytes either side of the digits; try them at every position of 1 to 9 digits.
  for (const char bad : {'/', ':', 'a', '\x80'}) {
    for (size_t len = 1; len <= 9; ++len)
      for (size_t at = 0; at < len; ++at) {
        std::string text(len, '5');
        text[at] = bad;
        cases.push_back({text, false, 0});
      }
  }
  for (const Case& c : cases) {
    CAPTURE(c.ok);
    // total: 19 nines, below 2^64 and never less than ok.
    const Result r = read_text("timestamp,target,ok,total\n1793491200,a," + c.ok + ",9999999999999999999\n");
    REQUIRE(r.error.empty());
    if (c.valid) {
      REQUIRE(r.samples.size() == 1);
      CHECK(r.samples[0].ok == c.value);
      CHECK(r.samples[0].total == 9999999999999999999ULL);
    } else {
      CHECK(r.samples.empty());
      REQUIRE(r.accounting.first_rejections.size() == 1);
      CHECK(r.accounting.first_rejections[0].reason == "bad number");
    }
  }
  // 8,000 values of 1 to 8 digits (a fixed linear congruential sequence) in one input.
  std::string text = "timestamp,target,ok,total\n";
  std::vector<uint64_t> values;
  uint64_t x = 12345;
  for (int i = 0; i < 8000; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    static constexpr uint64_t kTens[] = {10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    values.push_back((x >> 20) % kTens[i % 8]);
    text += "1793491200,a" + std::to_string(i) + "," + std::to_string(values.back()) + ",100000000\n";
  }
  const Result many = read_text(text);
  REQUIRE(many.samples.size() == values.size());
  for (size_t i = 0; i < values.size(); ++i)
    if (many.samples[i].ok != values[i]) FAIL("row " << i << ": " << many.samples[i].ok << " != " << values[i]);

  // The count as total, and as the last field of the line and of the input.
  const Result r = read_text("timestamp,target,ok,total\n1793491200,a,3,12345678\n1793491200,b,0,87654321");
  REQUIRE(r.samples.size() == 2);
  CHECK(r.samples[0].total == 12345678);
  CHECK(r.samples[1].total == 87654321);
}

TEST_CASE("probe csv: a line past the limit is an error naming the input, the line and the limit", "[probe-io]") {
  const auto read_limited = [](const std::string& text, size_t limit) {
    FILE* tmp = std::tmpfile();
    REQUIRE(tmp != nullptr);
    std::fwrite(text.data(), 1, text.size(), tmp);
    std::fflush(tmp);
    std::rewind(tmp);
    Collect sink;
    ProbeAccounting accounting;
    ProbeTargets targets;
    ProbeInput input{0, &targets, &sink, &accounting};
    input.max_line_bytes = limit;
    std::string error = read_probe_csv_fd(::fileno(tmp), "t.csv", input);
    std::fclose(tmp);
    return error;
  };
  const std::string header = "timestamp,target,ok,total\n";  // 25 bytes + '\n'
  const std::string row = "1793491200,api-1,9,10\n";         // 21 bytes + '\n'
  // Limit 32: lines of 25 and 21 bytes are fine; line 3 of 33 bytes is over it.
  CHECK(read_limited(header + row + row, 32).empty());
  CHECK(read_limited(header + row + std::string(33, 'x') + "\n" + row, 32) ==
        "t.csv:3: a line longer than 32 bytes, the limit for one line of a probe file");
  CHECK(read_limited(header + row + std::string(32, 'x') + "\n", 32).empty());  // at the limit: a rejected row
  // A header that never ends.
  CHECK(read_limited(std::string(100, 'h'), 32) == "t.csv:1: a line longer than 32 bytes, the limit for one line of a probe file");
}
