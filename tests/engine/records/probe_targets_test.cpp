// Target interning: whatever order names come in (the guess from the previous
// row right or wrong), a name always gets the same id and an id its name; and
// the CSV reader's reuse of the previous row's timestamp never carries a value
// to a row whose text differs.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "telemetry/probe/probe_csv.h"
#include "engine/records/probe_targets.h"

using namespace slaudit;
using namespace slaudit::probe;

TEST_CASE("probe targets: ids are stable in any order of names", "[probe-io]") {
  struct Case {
    const char* name;
    std::vector<std::string> sequence;
  };
  const std::vector<Case> cases = {
      {"cycling in one order", {"a", "b", "c", "a", "b", "c", "a", "b", "c"}},
      {"the order changes", {"a", "b", "c", "c", "b", "a", "b", "a", "c", "a"}},
      {"one name repeated, then others", {"a", "a", "a", "b", "b", "a", "a"}},
      {"prefixes and empty", {"ab", "a", "abc", "", "a", "ab", "", "abc"}},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      ProbeTargets targets;
      std::vector<std::string> first_seen;
      for (const std::string& n : c.sequence) {
        const TargetId id = targets.intern(n);
        CHECK(targets.name(id) == n);
        if (id == first_seen.size()) first_seen.push_back(n);  // a new name gets the next id
        REQUIRE(id < first_seen.size());
        CHECK(first_seen[id] == n);
      }
      CHECK(targets.size() == first_seen.size());
    }
  }
}

namespace {
struct Collect : ProbeSink {
  std::vector<ProbeSample> samples;
  void add(const ProbeSample& s) override { samples.push_back(s); }
};
}  // namespace

TEST_CASE("probe csv: a repeated timestamp text reuses its instant, any other text is parsed", "[probe-io]") {
  const std::string text =
      "timestamp,target,success\n"
      "2026-11-01T00:00:00Z,a,1\n"
      "2026-11-01T00:00:00Z,b,1\n"
      "2026-11-01T08:00:00+08:00,c,1\n"  // the same instant, another text
      "2026-11-01T00:01:00,d,1\n"        // no offset: rejected, and not remembered
      "2026-11-01T00:01:00,e,1\n"        // so rejected again
      "2026-11-01T00:01:00Z,f,1\n"
      "60,g,1\n"
      "60,h,1\n";
  FILE* tmp = std::tmpfile();
  REQUIRE(tmp != nullptr);
  std::fwrite(text.data(), 1, text.size(), tmp);
  std::fflush(tmp);
  std::rewind(tmp);
  ProbeTargets targets;
  ProbeAccounting accounting;
  Collect sink;
  REQUIRE(read_probe_csv_fd(::fileno(tmp), "t.csv", {0, &targets, &sink, &accounting}).empty());
  std::fclose(tmp);
  REQUIRE(sink.samples.size() == 6);
  const int64_t nov1 = 1793491200;  // 2026-11-01T00:00:00Z
  const int64_t expected[] = {nov1, nov1, nov1, nov1 + 60, 60, 60};
  for (size_t i = 0; i < 6; ++i) CHECK(sink.samples[i].at.time_since_epoch().count() == expected[i]);
  CHECK(accounting.rejected == 2);
  CHECK(accounting.first_rejections[1].record == 6);
  CHECK(accounting.first_rejections[1].reason == "timestamp has no UTC offset");
}
