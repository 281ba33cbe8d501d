// Gzip probe input: detected by magic bytes, inflated block by block,
// concatenated members read in order, and truncated or corrupt data a clear
// error with the input's name.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <utility>
#include <string>
#include <vector>

#include "telemetry/probe/byte_stream.h"
#include "telemetry/probe/probe_csv.h"
#include "tests/support/gzip.h"

using namespace slaudit::probe;
using slaudit::testing::gzip;

namespace {

struct Count : ProbeSink {
  uint64_t samples = 0, ok = 0;
  void add(const ProbeSample& s) override {
    ++samples;
    ok += s.ok;
  }
};

struct Outcome {
  std::string error;
  uint64_t samples = 0, ok = 0, read = 0, rejected = 0;
};

// Writes `bytes` to a temporary file named `name` and reads it as probe CSV.
Outcome read_file_named(const std::string& bytes, const std::string& name) {
  const std::string path = std::string(P_tmpdir) + "/slaudit_probe_io_" + std::to_string(::getpid()) + "_" + name;
  FILE* f = std::fopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  ProbeTargets targets;
  ProbeAccounting accounting;
  Count sink;
  Outcome o;
  o.error = read_probe_csv_file(path, {0, &targets, &sink, &accounting});
  std::remove(path.c_str());
  // The error names the file as the user gave it; tests compare the rest.
  if (const size_t at = o.error.find(path); at != std::string::npos) o.error.replace(at, path.size(), name);
  o.samples = sink.samples;
  o.ok = sink.ok;
  o.read = accounting.read;
  o.rejected = accounting.rejected;
  return o;
}

// A CSV of `rows` rows for one target, every third request failed.
std::string csv(int rows, int first = 0) {
  std::string text = "timestamp,target,ok,total\n";
  for (int i = first; i < first + rows; ++i) text += std::to_string(60 * i) + ",api-" + std::to_string(i % 7) + "," + (i % 3 ? "1" : "0") + ",1\n";
  return text;
}

}  // namespace

TEST_CASE("probe gzip: good, multi-member, truncated, corrupt", "[probe-io]") {
  const std::string big = csv(200000);  // ~4 MB of CSV: many 1 MiB blocks out of one member
  const std::string member = gzip(big);
  std::string flipped = member;
  flipped[member.size() / 2] ^= 0x55;  // in the middle of the deflate data
  std::string bad_crc = member;
  bad_crc[member.size() - 6] ^= 0x01;  // the CRC-32 in the trailer
  // Second member: rows 200000.. without a header line (a header belongs to the first member only).
  std::string second = csv(1000, 200000);
  second.erase(0, second.find('\n') + 1);

  struct Case {
    const char* name;
    std::string bytes;
    const char* file;
    uint64_t samples;        // rows pushed; with an error, at most this many (those before the damage)
    const char* error_part;  // empty: no error
  };
  const std::vector<Case> cases = {
      {"plain csv named .csv", csv(10), "a.csv", 10, ""},
      {"gzip named .gz", member, "a.csv.gz", 200000, ""},
      {"gzip without .gz name (magic decides)", member, "a.csv", 200000, ""},
      {"two members concatenated", member + gzip(second), "a.csv.gz", 201000, ""},
      {"empty second member", member + gzip(""), "a.csv.gz", 200000, ""},
      {"truncated trailer", member.substr(0, member.size() - 4), "t.csv.gz", 200000,
       "t.csv.gz: truncated gzip data: the input ends inside member 1 after"},
      {"truncated in the data", member.substr(0, member.size() / 3), "t.csv.gz", 200000,
       "t.csv.gz: truncated gzip data: the input ends inside member 1"},
      {"only the magic", std::string("\x1f\x8b", 2), "m.gz", 0, "m.gz: truncated gzip data"},
      {"corrupt deflate data", flipped, "c.csv.gz", 200000, "c.csv.gz: corrupt gzip data in member 1 near compressed byte "},
      {"bad CRC-32", bad_crc, "c.csv.gz", 200000, "c.csv.gz: corrupt gzip data in member 1 near compressed byte "},
      {"garbage after a member", member + "garbage!", "g.csv.gz", 200000,
       "g.csv.gz: corrupt gzip data in member 2 near compressed byte "},
      {".gz name, plain content", csv(10), "p.csv.gz", 0, "p.csv.gz: the name ends in .gz but the content is not gzip"},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      const Outcome o = read_file_named(c.bytes, c.file);
      if (std::string(c.error_part).empty()) {
        CHECK(o.error.empty());
        CHECK(o.samples == c.samples);
        CHECK(o.read == c.samples);
        CHECK(o.rejected == 0);
      } else {
        CHECK(o.error.find(c.error_part) == 0);
        CHECK(o.samples <= c.samples);  // what was inflated before the damage was found, at most
      }
    }
  }
}

TEST_CASE("probe gzip: the ok counts of a gzip file equal those of its plain text", "[probe-io]") {
  const std::string text = csv(5000);
  const Outcome plain = read_file_named(text, "x.csv");
  const Outcome packed = read_file_named(gzip(text.substr(0, 1000)) + gzip(text.substr(1000)), "x.csv.gz");
  REQUIRE(plain.error.empty());
  REQUIRE(packed.error.empty());
  CHECK(plain.samples == 5000);
  CHECK(packed.samples == plain.samples);
  CHECK(packed.ok == plain.ok);  // a member boundary inside a line joins the line's halves
}

TEST_CASE("probe gzip: read from a pipe one small write at a time, and from `-`", "[probe-io]") {
  const std::string bytes = gzip(csv(3000));
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  // Children are not needed: the pipe buffer (64 KiB) holds the whole input.
  REQUIRE(bytes.size() < 60000);
  for (size_t at = 0; at < bytes.size(); at += 1) REQUIRE(::write(fds[1], bytes.data() + at, 1) == 1);
  ::close(fds[1]);

  SECTION("a pipe fd") {
    ProbeTargets targets;
    ProbeAccounting accounting;
    Count sink;
    CHECK(read_probe_csv_fd(fds[0], "pipe", {0, &targets, &sink, &accounting}).empty());
    CHECK(sink.samples == 3000);
    CHECK(targets.size() == 7);
  }
  SECTION("`-` reads standard input") {
    const int saved = ::dup(0);
    REQUIRE(::dup2(fds[0], 0) == 0);
    ProbeTargets targets;
    ProbeAccounting accounting;
    Count sink;
    const std::string error = read_probe_csv_file("-", {0, &targets, &sink, &accounting});
    ::dup2(saved, 0);
    ::close(saved);
    CHECK(error.empty());
    CHECK(sink.samples == 3000);
  }
  ::close(fds[0]);
}

namespace {

// Hands out at most `piece` raw bytes a read, as a pipe or a slow disk may.
struct PieceSource : RawSource {
  std::string bytes;
  size_t piece, at = 0;
  PieceSource(std::string b, size_t p) : bytes(std::move(b)), piece(p) {}
  size_t read(char* out, size_t cap, std::string&) override {
    const size_t n = std::min({cap, piece, bytes.size() - at});
    std::copy_n(bytes.data() + at, n, out);
    at += n;
    return n;
  }
};

// Every byte a ByteStream gives (read 4 KiB at a time), and its error.
std::pair<std::string, std::string> inflate_all(const std::string& raw, size_t piece) {
  PieceSource source(raw, piece);
  ByteStream stream(source, "x.gz");
  std::string out;
  char block[4096];
  while (const size_t n = stream.read(block, sizeof block)) out.append(block, n);
  return {out, stream.error()};
}

}  // namespace

// A fuzzing finding: read whole, the bytes inflated before corrupt data in the
// same inflate call were dropped with the error; read in small pieces they had
// already been given. Now they are always given, and the error comes next.
TEST_CASE("probe gzip: the bytes before corrupt data are the same however the input is cut", "[probe-io]") {
  const std::string text = csv(20000);
  const std::string member = gzip(text);
  std::string flipped = member;
  flipped[member.size() / 2] ^= 0x55;
  const std::vector<std::string> damaged = {flipped, member + "garbage!", member.substr(0, member.size() - 4)};
  for (const std::string& raw : damaged) {
    const auto whole = inflate_all(raw, raw.size());
    REQUIRE_FALSE(whole.second.empty());
    for (const size_t piece : {1, 7, 64, 4096}) {
      const auto cut = inflate_all(raw, piece);
      CHECK(cut.first == whole.first);
      CHECK(cut.second == whole.second);
    }
  }
  // Garbage after a whole member: every byte of the member comes before the
  // error; cut short, a true prefix of the text does. (Flipped bits inflate to
  // wrong bytes until the CRC-32 finds them: the rows reader sees them, and
  // the error, as every cut gives them.)
  CHECK(inflate_all(member + "garbage!", 1 << 20).first == text);
  const std::string head = inflate_all(member.substr(0, member.size() - 4), 1 << 20).first;
  CHECK(head == text);  // only the trailer's length is missing: the data is whole
}
