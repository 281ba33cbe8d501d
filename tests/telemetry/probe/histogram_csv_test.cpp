// Latency histograms in CSV (telemetry/probe/histogram_csv.h): one sample per
// row and latency bound of the contract, ok = the count within the bound,
// total = the +Inf count; every header and row error with its reason.
#include <catch2/catch.hpp>

#include <chrono>
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

std::vector<Decimal> seconds(std::initializer_list<const char*> texts) {
  std::vector<Decimal> out;
  for (const char* t : texts) out.push_back(*Decimal::parse(t));
  return out;
}

Result read_histogram(const std::string& text, const std::vector<Decimal>& bounds) {
  Result r;
  FILE* tmp = std::tmpfile();
  REQUIRE(tmp != nullptr);
  std::fwrite(text.data(), 1, text.size(), tmp);
  std::fflush(tmp);
  std::rewind(tmp);
  Collect sink;
  ProbeInput input{0, &r.targets, &sink, &r.accounting};
  input.latency_bounds = &bounds;
  r.error = read_probe_csv_fd(::fileno(tmp), "h.csv", input);
  std::fclose(tmp);
  r.samples = std::move(sink.samples);
  return r;
}

}  // namespace

TEST_CASE("histogram csv: a sample per row and bound, within the bound over every request", "[probe-io][latency]") {
  // Bounds 0.3 s (bound 1) and 1 s (bound 2) as a contract with two latency clauses gives them.
  const Result r = read_histogram(
      "timestamp,target,le=0.1,le=1,le=0.30,le=+Inf\n"  // columns in any order; 0.30 = 0.3
      "2026-11-01T00:00:00Z,api,900,1000,990,1000\n"
      "1793491500,web,10,20,15,20\r\n",  // 1793491500 = 2026-11-01T00:05:00Z
      seconds({"0.3", "1"}));
  REQUIRE(r.error.empty());
  REQUIRE(r.samples.size() == 4);  // 2 rows x 2 bounds
  CHECK(r.samples[0].bound == 1);
  CHECK(r.samples[0].ok == 990);  // le=0.30
  CHECK(r.samples[0].total == 1000);
  CHECK(r.samples[1].bound == 2);
  CHECK(r.samples[1].ok == 1000);  // le=1
  CHECK(r.samples[2].ok == 15);
  CHECK(r.samples[2].total == 20);
  CHECK(r.samples[2].at.time_since_epoch().count() == 1793491500);
  CHECK(r.samples[2].record == 3);
  CHECK(r.targets.name(r.samples[2].target) == "web");
  CHECK(r.accounting.read == 2);
  CHECK(r.accounting.used == 2);
  CHECK(r.accounting.rejected == 0);
}

TEST_CASE("histogram csv: header errors name what is wrong", "[probe-io][latency]") {
  struct Case {
    const char* header;
    const char* bounds;  // "" for none
    const char* expected;
  };
  const Case cases[] = {
      {"timestamp,target,le=0.3", "0.3", "needs the column le=+Inf"},
      {"timestamp,le=0.3,le=+Inf", "0.3", "needs the columns timestamp and target"},
      {"timestamp,target,le=0.3,le=+Inf,ok", "0.3", "unknown column 'ok'"},
      {"timestamp,target,le=0.3,le=0.30,le=+Inf", "0.3", "are the same bound"},
      {"timestamp,target,le=3e-1,le=+Inf", "0.3", "a plain decimal"},
      {"timestamp,target,target,le=+Inf", "0.3", "column 'target' appears twice"},
      {"timestamp,target,le=0.25,le=0.5,le=+Inf", "0.3", "no column le=0.3"},
      {"timestamp,target,le=0.3,le=+Inf", "", "no clause of the contract says"},
  };
  for (const Case& c : cases) {
    INFO(c.header);
    const Result r = read_histogram(std::string(c.header) + "\n2026-11-01T00:00:00Z,api,1,1\n",
                                    *c.bounds ? seconds({c.bounds}) : std::vector<Decimal>{});
    CHECK_THAT(r.error, Catch::Contains(c.expected));
    CHECK_THAT(r.error, Catch::StartsWith("h.csv:1: "));
    CHECK(r.samples.empty());
  }
}

TEST_CASE("histogram csv: a header of 100,000 bounds is checked for repeats in n log n", "[probe-io][latency]") {
  // le=1 .. le=100000 (990,000 bytes, within the 1 MiB line limit), then le=7.0, the same bound as le=7.
  // Comparing each column with every earlier one made 5 * 10^9 comparisons (about 15 s); sorted, a few million.
  std::string header = "timestamp,target";
  for (int k = 1; k <= 100000; ++k) header += ",le=" + std::to_string(k);
  header += ",le=7.0,le=+Inf";
  const auto start = std::chrono::steady_clock::now();
  const Result r = read_histogram(header + "\n", seconds({"0.3"}));
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(r.error == "h.csv:1: columns 'le=7' and 'le=7.0' are the same bound");
  CHECK(elapsed < std::chrono::seconds(3));  // well under 1 s in a release build, a few under sanitizers
}

TEST_CASE("histogram csv: of several repeated bounds, the first repeat in the header is named", "[probe-io][latency]") {
  const Result r = read_histogram("timestamp,target,le=2,le=0.5,le=+Inf,le=0.50,le=2.0,le=+inf\n", seconds({"0.5"}));
  CHECK(r.error == "h.csv:1: columns 'le=0.5' and 'le=0.50' are the same bound");
}

TEST_CASE("histogram csv: each bad row rejected with its line and reason", "[probe-io][latency]") {
  struct Case {
    const char* row;
    const char* reason;
  };
  const Case cases[] = {
      {"2026-11-01T00:00:00Z,api,5,10", "wrong column count"},
      {"2026-11-01T00:00:00,api,5,10,10", "timestamp has no UTC offset"},
      {"yesterday,api,5,10,10", "bad timestamp"},
      {"2026-11-01T00:00:00Z,,5,10,10", "missing field: target"},
      {"2026-11-01T00:00:00Z,api,,10,10", "missing field: a bucket count"},
      {"2026-11-01T00:00:00Z,api,5,x,10", "bad number in a bucket count"},
      {"2026-11-01T00:00:00Z,api,5,-1,10", "bad number in a bucket count"},
      {"2026-11-01T00:00:00Z,api,6,5,10", "cumulative"},   // le=0.1 counts 6, le=0.3 only 5
      {"2026-11-01T00:00:00Z,api,5,10,9", "cumulative"},   // +Inf below le=0.3
      {"2026-11-01T00:00:00Z,api,0,0,0", "no requests (le=+Inf is 0)"},
  };
  for (const Case& c : cases) {
    INFO(c.row);
    const Result r = read_histogram(std::string("timestamp,target,le=0.1,le=0.3,le=+Inf\n") + c.row + "\n",
                                    seconds({"0.3"}));
    REQUIRE(r.error.empty());
    CHECK(r.samples.empty());
    CHECK(r.accounting.read == 1);
    CHECK(r.accounting.rejected == 1);
    REQUIRE(r.accounting.first_rejections.size() == 1);
    CHECK(r.accounting.first_rejections[0].record == 2);
    CHECK_THAT(r.accounting.first_rejections[0].reason, Catch::Contains(c.reason));
  }
}

TEST_CASE("histogram csv: blank lines are not records, a plain probe file is not a histogram", "[probe-io][latency]") {
  const Result h = read_histogram("timestamp,target,le=0.3,le=+Inf\n\n2026-11-01T00:00:00Z,api,1,2\n\n",
                                  seconds({"0.3"}));
  REQUIRE(h.error.empty());
  CHECK(h.accounting.read == 1);
  REQUIRE(h.samples.size() == 1);
  // A probe file read with latency bounds known gives probe samples (bound 0), as before.
  const Result p = read_histogram("timestamp,target,ok,total\n2026-11-01T00:00:00Z,api,1,2\n", seconds({"0.3"}));
  REQUIRE(p.error.empty());
  REQUIRE(p.samples.size() == 1);
  CHECK(p.samples[0].bound == 0);
}
