// `bad when pNN latency > BOUND;` in a probe block: the percentile as a share,
// the bound in seconds, and each misuse an error at its place.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "language/format/printer.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

std::string contract(const std::string& bad_when) {
  return "contract \"t\" {\n  timezone \"UTC\";\n  service api { }\n  availability api {\n    target 99%;\n"
         "    unavailable from probes {\n      " + bad_when + "\n    }\n  }\n}\n";
}

struct Accepted {
  const char* line;
  const char* share;    // the percentile as a share
  const char* seconds;  // the bound
};

struct Refused {
  const char* line;
  const char* diagnostic;  // line:column: error ... [code]
};

}  // namespace

TEST_CASE("latency objective: percentile names and bounds that are accepted", "[check][latency]") {
  const std::vector<Accepted> cases = {
      {"bad when p99 latency > 300 ms;", "0.99", "0.3"},      // 300 x 0.001 s
      {"bad when p50 latency > 1 s;", "0.50", "1"},
      {"bad when p999 latency > 2.5 s;", "0.999", "2.5"},     // p999 = 99.9%
      {"bad when p9999 latency > 1500 ms;", "0.9999", "1.5"},
      {"bad when p95 latency > 0.25 s;", "0.95", "0.25"},
      {"bad when p99 latency > 1 min;", "0.99", "60"},
  };
  for (const Accepted& c : cases) {
    INFO(c.line);
    SourceFile file("t.sla", contract(c.line));
    const auto compiled = compile_contract(file);
    REQUIRE(compiled.contract.has_value());
    const auto& rule = *compiled.contract->availability.at(0).measurement->probes;
    CHECK(rule.signal == model::ProbeSignal::Latency);
    CHECK(rule.threshold == *Decimal::parse(c.share));
    CHECK(rule.latency_bound == *Decimal::parse(c.seconds));
  }
}

TEST_CASE("latency objective: each misuse is an error at its place", "[check][latency][diagnostics]") {
  const std::vector<Refused> cases = {
      {"bad when p99 latency >= 300 ms;", "7:28: error: a latency percentile is compared with '>' only"},
      {"bad when p99 latency < 300 ms;", "7:28: error: a latency percentile is compared with '>' only"},
      {"bad when p100 latency > 300 ms;", "7:16: error: 'p100' is not a percentile"},
      {"bad when p990 latency > 300 ms;", "7:16: error: 'p990' is not a percentile"},
      {"bad when p00 latency > 300 ms;", "7:16: error: 'p00' is not a percentile"},
      {"bad when p9 latency > 300 ms;", "7:16: error: 'p9' is not a percentile"},
      {"bad when median latency > 300 ms;", "7:16: error: 'median' is not a percentile"},
      {"bad when p99 latency > 99%;", "7:30: error: the latency bound"},
      {"bad when p99 latency > 0 ms;", "7:30: error: the latency bound must be above zero"},
      {"bad when p99 latency > 0.0001 ms;", "7:30: error: the latency bound must be above zero, at most a day, in whole microseconds"},
      {"bad when p99 latency > 2 d;", "7:30: error: the latency bound must be above zero, at most a day"},
  };
  for (const Refused& c : cases) {
    INFO(c.line);
    SourceFile file("t.sla", contract(c.line));
    const auto compiled = compile_contract(file);
    CHECK_FALSE(compiled.contract.has_value());
    const auto lines = testing::diagnostic_lines(file, compiled.diagnostics);
    REQUIRE_FALSE(lines.empty());
    CHECK_THAT(lines.front(), Catch::StartsWith(c.diagnostic));
  }
}

TEST_CASE("latency objective: ms is for latency bounds, a bucket of 500 ms is refused", "[check][latency]") {
  SourceFile file("t.sla", contract("bucket 500 ms;"));
  const auto compiled = compile_contract(file);
  CHECK_FALSE(compiled.contract.has_value());
  CHECK_THAT(testing::diagnostic_lines(file, compiled.diagnostics).front(), Catch::Contains("[sub-second]"));
}
