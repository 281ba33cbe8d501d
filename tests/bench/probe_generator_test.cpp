// The benchmark's probe file generator: deterministic from its seed, its row
// count follows the formula it documents, and every row it writes is one the
// probe CSV reader accepts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

#include "bench/gen/probe_generator.h"
#include "base/util/sha256.h"
#include "telemetry/probe/probe_csv.h"

using namespace slaudit;
using slaudit::bench::ProbeGenOptions;
using slaudit::bench::ProbeGenStats;

namespace {

std::string generate(const ProbeGenOptions& o, ProbeGenStats* stats = nullptr) {
  std::string text;
  const ProbeGenStats s = bench::generate_probes(o, [&](std::string_view chunk) { text.append(chunk); });
  if (stats) *stats = s;
  return text;
}

ProbeGenOptions small(uint64_t seed) {
  ProbeGenOptions o;
  o.targets = 50;
  o.minutes = 21 * 1440;  // three weeks: the fleet events of days 9, 15 and 20 fall inside
  o.seed = seed;
  return o;
}

struct Count : probe::ProbeSink {
  uint64_t samples = 0, bad = 0;
  void add(const probe::ProbeSample& s) override {
    ++samples;
    bad += s.ok * 100 < s.total * 95;
  }
};

}  // namespace

TEST_CASE("probe generator: the same seed gives the same bytes, another seed others", "[probe-io]") {
  const std::string a = generate(small(7));
  const std::string b = generate(small(7));
  const std::string c = generate(small(8));
  CHECK(sha256_hex(a) == sha256_hex(b));
  CHECK(sha256_hex(a) != sha256_hex(c));
  CHECK(a.size() > 1000000);
}

TEST_CASE("probe generator: rows = targets x minutes - gap rows + duplicate rows", "[probe-io]") {
  struct Case {
    const char* name;
    ProbeGenOptions::Schema schema;
    ProbeGenOptions::Clock clock;
    bool anomalies;
  };
  const Case cases[] = {
      {"counts, unix", ProbeGenOptions::Schema::Counts, ProbeGenOptions::Clock::Unix, true},
      {"success, iso", ProbeGenOptions::Schema::Success, ProbeGenOptions::Clock::Iso, true},
      {"counts, iso, clean", ProbeGenOptions::Schema::Counts, ProbeGenOptions::Clock::Iso, false},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      ProbeGenOptions o = small(3);
      o.schema = c.schema;
      o.clock = c.clock;
      o.anomalies = c.anomalies;
      ProbeGenStats stats;
      const std::string text = generate(o, &stats);
      const uint64_t lines = uint64_t(std::count(text.begin(), text.end(), '\n'));
      CHECK(lines == 1 + stats.rows);
      CHECK(stats.rows == uint64_t(o.targets) * o.minutes - stats.gap_rows + stats.duplicate_rows);
      CHECK(stats.bytes == text.size());
      // Each target misses at least the fleet-wide 8-minute gap.
      CHECK(stats.gap_rows >= uint64_t(o.targets) * 8);
      CHECK(stats.outage_rows >= uint64_t(o.targets) * (12 + 3));
      if (c.anomalies) {
        // 50 x 30,240 rows at 1 in 20,000 each: about 75 of each; 0 would be a broken generator.
        CHECK(stats.duplicate_rows > 20);
        CHECK(stats.late_rows > 20);
      } else {
        CHECK(stats.duplicate_rows == 0);
        CHECK(stats.late_rows == 0);
      }

      // Read back: every row used, none rejected.
      FILE* tmp = std::tmpfile();
      REQUIRE(tmp != nullptr);
      std::fwrite(text.data(), 1, text.size(), tmp);
      std::fflush(tmp);
      std::rewind(tmp);
      probe::ProbeTargets targets;
      probe::ProbeAccounting accounting;
      Count sink;
      const std::string error = probe::read_probe_csv_fd(::fileno(tmp), "gen.csv", {0, &targets, &sink, &accounting});
      std::fclose(tmp);
      CHECK(error.empty());
      CHECK(accounting.read == stats.rows);
      CHECK(accounting.used == stats.rows);
      CHECK(targets.size() == o.targets);
      // Outages make bad minutes; noise alone (1 or 2 failures of 60+) never does in the counts schema.
      CHECK(sink.bad > 0);
      if (c.schema == ProbeGenOptions::Schema::Counts) CHECK(sink.bad <= stats.outage_rows + stats.duplicate_rows);
    }
  }
}

TEST_CASE("probe generator: one month of 1,000 targets is 43.2 million target-minutes", "[probe-io]") {
  ProbeGenOptions o;  // the defaults: 1,000 targets, 30 days
  CHECK(uint64_t(o.targets) * o.minutes == 43200000);
  CHECK(bench::probe_target_name(42) == "probe-00042");
}
