// `downtime counted in clock minutes;` / `downtime counted in N min intervals;`:
// what the checker accepts, and each misuse with its location, message and hint.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

std::string contract(const std::string& clause) {
  return "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n  service s { fee 100.00 per month; }\n"
         "  availability s { " + clause + " }\n}\n";
}

struct Accepted {
  const char* clause;
  int64_t length_seconds;
  bool clock_minutes;
};

struct Refused {
  const char* name;
  std::string clause;
  std::vector<std::string> expected;  // line 4: the clause starts at column 20
  std::string hint;
};

}  // namespace

TEST_CASE("downtime counting: the interval lengths the checker accepts", "[check]") {
  const std::vector<Accepted> cases = {
      {"downtime counted in clock minutes;", 60, true},
      {"downtime counted in 1 min intervals;", 60, false},
      {"downtime counted in 5 min intervals;", 300, false},
      {"downtime counted in 300 s intervals;", 300, false},  // 300 s = 5 min
      {"downtime counted in 15 min intervals;", 900, false},
      {"downtime counted in 1 h intervals;", 3600, false},
  };
  for (const Accepted& c : cases) {
    INFO(c.clause);
    SourceFile file("t.sla", contract(c.clause));
    const auto compiled = compile_contract(file);
    REQUIRE(compiled.contract.has_value());
    const auto& rule = compiled.contract->availability.at(0).downtime_intervals;
    REQUIRE(rule.has_value());
    CHECK(rule->length == Seconds{c.length_seconds});
    CHECK(rule->clock_minutes == c.clock_minutes);
    CHECK(rule->range.end > rule->range.begin);
  }
}

TEST_CASE("downtime counting: each misuse is an error at its place", "[check][diagnostics]") {
  const std::vector<Refused> cases = {
      {"interval not dividing an hour", "downtime counted in 7 min intervals;",
       {"4:40: error: an interval length is a whole number of minutes that divides an hour (1, 2, 3, 4, 5, 6, 10, "
        "12, 15, 20, 30 or 60 min) [interval-length]"},
       "write: downtime counted in 5 min intervals;"},
      {"interval not whole minutes", "downtime counted in 90 s intervals;",
       {"4:40: error: an interval length is a whole number of minutes that divides an hour (1, 2, 3, 4, 5, 6, 10, "
        "12, 15, 20, 30 or 60 min) [interval-length]"},
       "write: downtime counted in 5 min intervals;"},
      {"clock unit other than minutes", "downtime counted in clock hours;",
       {"4:46: error: unknown clock unit 'hours' [unknown-name]"},
       "clock unit is one of: minutes"},
      {"intervals misspelt", "downtime counted in 5 min intervalls;",
       {"4:46: error: unknown downtime counting 'intervalls' [unknown-name]"},
       "did you mean 'intervals'?"},
      {"given twice", "downtime counted in clock minutes; downtime counted in 5 min intervals;",
       {"4:55: error: the downtime counting rule is given twice [duplicate]", "4:20: note: first given here"},
       "keep one"},
      {"with the partial-minute rule", "partial minutes rounded up; downtime counted in clock minutes;",
       {"4:48: error: counting downtime in clock intervals and the partial-minute rule both say how a partial "
        "minute counts [downtime-counting]",
        "4:20: note: the partial-minute rule"},
       "keep one: `downtime counted in clock minutes;` counts every clock minute that holds downtime"},
      {"with probes", "unavailable from probes { bucket 1 min; bad when success ratio < 99%; } downtime counted in clock minutes;",
       {"4:92: error: a probe clause counts downtime in its own buckets, not in clock intervals [downtime-counting]",
        "4:20: note: the probe block"},
       "set the bucket instead: bucket 5 min;"},
      {"weighted", "unavailable weighted by affected share; downtime counted in 5 min intervals;",
       {"4:60: error: a weighted clause counts shares of seconds, which clock intervals cannot count whole "
        "[downtime-counting]",
        "4:20: note: the weighting"},
       "drop the weighting or the interval rule"},
  };
  for (const Refused& c : cases) {
    SECTION(c.name) {
      SourceFile file("t.sla", contract(c.clause));
      const auto compiled = compile_contract(file);
      CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.expected);
      CHECK(testing::first_hint(compiled.diagnostics) == c.hint);
      CHECK_FALSE(compiled.contract.has_value());
    }
  }
}
