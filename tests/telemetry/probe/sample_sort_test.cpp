// The external sort of probe samples: in memory or spilled to disk in runs,
// every sample comes back once, in order of (time, target, input, record).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <tuple>

#include "telemetry/probe/sample_sort.h"

using namespace slaudit;
using namespace slaudit::probe;

namespace {

struct Collect : ProbeSink {
  std::vector<ProbeSample> got;
  size_t batches = 0;
  void add(const ProbeSample& s) override { got.push_back(s); }
  void add_batch(std::span<const ProbeSample> samples) override {
    ++batches;
    got.insert(got.end(), samples.begin(), samples.end());
  }
};

auto key(const ProbeSample& s) { return std::make_tuple(s.at, s.target, s.source, s.record); }

std::vector<ProbeSample> shuffled_samples(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<ProbeSample> out(n);
  for (size_t i = 0; i < n; ++i) {
    ProbeSample& s = out[i];
    s.at = Instant{Seconds{1'790'000'000 + static_cast<int64_t>(rng() % 5000)}};
    s.target = rng() % 7;
    s.kind = rng() % 2 ? SampleKind::Ratio : SampleKind::Counts;
    s.source = rng() % 3;
    s.record = i + 1;  // unique per sample, so the order is total
    s.total = 1 + rng() % 100;
    s.ok = rng() % (s.total + 1);
    s.bound = static_cast<uint16_t>(rng() % 128);  // a latency bound, 0..127, kept in a spilled sample too
  }
  return out;
}

}  // namespace

TEST_CASE("sample sort: every sample back once, in order, whatever the run size", "[probe][sort]") {
  const std::vector<ProbeSample> input = shuffled_samples(10'000, 7);
  std::vector<ProbeSample> expected = input;
  std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) { return key(a) < key(b); });
  // In memory (one run), a few runs, many runs, one sample a run.
  for (size_t run : {size_t{1} << 20, size_t{3000}, size_t{97}, size_t{1}}) {
    if (run == 1) {  // 10,000 files would be slow for nothing: 500 samples, 500 runs
      SampleSorter sorter(1);
      std::vector<ProbeSample> small(input.begin(), input.begin() + 500);
      sorter.add_batch(small);
      Collect out;
      CHECK(sorter.replay(out).empty());
      CHECK(sorter.runs() == 500);
      std::sort(small.begin(), small.end(), [](const auto& a, const auto& b) { return key(a) < key(b); });
      REQUIRE(out.got.size() == small.size());
      for (size_t i = 0; i < small.size(); ++i) CHECK(key(out.got[i]) == key(small[i]));
      continue;
    }
    INFO("run of " << run << " samples");
    SampleSorter sorter(run);
    for (size_t i = 0; i < input.size(); i += 1000)
      sorter.add_batch({input.data() + i, std::min<size_t>(1000, input.size() - i)});
    Collect out;
    CHECK(sorter.replay(out).empty());
    CHECK(sorter.samples() == input.size());
    CHECK(sorter.runs() == (run >= input.size() ? 0 : (input.size() + run - 1) / run));
    CHECK(sorter.spilled_bytes() == (sorter.runs() == 0 ? 0 : input.size() * 40));
    REQUIRE(out.got.size() == expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      const ProbeSample& a = out.got[i];
      const ProbeSample& b = expected[i];
      if (key(a) != key(b) || a.ok != b.ok || a.total != b.total || a.kind != b.kind ||
          a.bound != b.bound) {
        FAIL("sample " << i << " differs");
      }
    }
  }
}

TEST_CASE("sample sort: a temporary folder that cannot be written is an error, not a crash", "[probe][sort]") {
  SampleSorter sorter(2, "/nonexistent-slaudit-dir");
  const std::vector<ProbeSample> input = shuffled_samples(5, 1);
  sorter.add_batch(input);
  Collect out;
  const std::string error = sorter.replay(out);
  CHECK(error.starts_with("cannot write a temporary file in /nonexistent-slaudit-dir: "));
  CHECK(out.got.empty());
}
