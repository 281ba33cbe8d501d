// `composite NAME { series|parallel (A, B); target P; }`: components resolved
// to clauses or composites anywhere in the contract, the promise computed
// exactly from the components' targets, and each misuse reported at its place.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

// Line 3: web 99.95%; line 4: db 99.99%; line 5: db2 99.9% (labelled "replica"); line 6: batch, no target.
std::string contract(const std::string& composites, const std::string& db2_period = "calendar month") {
  return "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n"
         "  service web { fee 100.00 per month; } availability web { target 99.95%; period calendar month; }\n"
         "  service db { fee 100.00 per month; } availability db { target 99.99%; period calendar month; }\n"
         "  service db2 { fee 100.00 per month; } availability db2 \"replica\" { target 99.9%; period " + db2_period +
         "; }\n"
         "  service batch { fee 100.00 per month; } availability batch { period calendar month; }\n" + composites +
         "}\n";
}

model::Contract compiled(const std::string& text) {
  SourceFile file("t.sla", text);
  auto result = compile_contract(file);
  for (const std::string& line : testing::diagnostic_lines(file, result.diagnostics)) UNSCOPED_INFO(line);
  REQUIRE(result.contract.has_value());
  return *result.contract;
}

}  // namespace

TEST_CASE("composite: the promise from the components' targets, exact", "[check][composite]") {
  struct Case {
    const char* composites;
    Rational promise;  // of the last composite
  };
  const std::vector<Case> cases = {
      // Series: 99.95% x 99.99% = 0.9995 x 0.9999 = 0.99940005.
      {"  composite app { series (web, db); }\n", Rational(99940005, 100000000)},
      // Parallel: 1 - (1 - 0.9999)(1 - 0.999) = 1 - 0.0001 x 0.001 = 0.9999999.
      {"  composite dbs { parallel (db, db2 \"replica\"); }\n", Rational(9999999, 10000000)},
      // Nested, the inner one written after: 0.9995 x 0.9999999 = 0.99949990005.
      {"  composite app { series (web, dbs); }\n  composite dbs { parallel (db, db2); }\n",
       Rational(99949990005LL, 100000000000LL)},
  };
  for (const Case& c : cases) {
    INFO(c.composites);
    const model::Contract m = compiled(contract(c.composites));
    REQUIRE(!m.composites.empty());
    const model::CompositeClause& first = m.composites.front();
    REQUIRE(first.promise.has_value());
    CHECK(*first.promise == c.promise);
  }
}

TEST_CASE("composite: misuse is reported at its place", "[check][diagnostics][composite]") {
  struct Case {
    std::string composites;
    std::vector<std::string> lines;
    std::string db2_period = "calendar month";
  };
  const std::vector<Case> cases = {
      {"  composite app { series (web, nosuch); }\n",
       {"7:32: error: no service nor composite is named 'nosuch' [unknown-component]"}},
      {"  composite app { series (web, db \"primary\"); }\n",
       {"7:32: error: service 'db' has no availability clause labelled \"primary\" [unknown-component]"}},
      {"  composite app { series (web); }\n", {"7:19: error: a composite needs at least two components [composite-shape]"}},
      {"  composite app { target 99%; }\n", {"7:13: error: composite 'app' names no components [composite-shape]"}},
      {"  composite app { series (web, db); parallel (web, db); }\n",
       {"7:37: error: the composite's components (series or parallel) is given twice [duplicate]",
        "7:19: note: first given here"}},
      {"  composite a { series (web, b); }\n  composite b { series (db, a); }\n",
       {"8:29: error: composite 'b' contains itself through 'a' [composite-cycle]"}},
      {"  availability db \"second\" { target 99%; period calendar month; }\n  composite app { series (web, db); }\n",
       {"8:32: error: service 'db' has 2 availability clauses: name one by its label [ambiguous-component]",
        "4:40: note: a clause of 'db'", "7:3: note: a clause of 'db'"}},
      {"  service vm { resources instance; }\n"
       "  availability vm per instance { target 99%; period calendar month; }\n"
       "  composite app { series (web, vm); }\n",
       {"9:32: error: 'vm' is audited for each resource or group of a fleet, not as one service [composite-fleet]",
        "8:3: note: the clause"}},
      {"  composite web { series (db, db2); }\n",
       {"7:13: error: a composite and a service are both named 'web' [duplicate]"}},
      {"  composite app { series (web, db2); }\n",
       {"7:3: error: the components of composite 'app' are audited over different periods [composite-periods]",
        "3:41: note: one period here", "5:41: note: another here"},
       "rolling 30 d"},
      // 99.99% is above 0.9995 x 0.9999 = 99.940005%: the contract does not promise it.
      {"  composite app { series (web, db); target 99.99%; }\n",
       {"7:37: warning: the target 99.99% is above what the components promise together [composite-unreachable]",
        "7:3: note: series multiplies the components' targets; parallel multiplies their downtime"}},
      {"  composite app { series (web, batch); }\n",
       {"7:3: warning: a component of composite 'app' states no target, so the composition promises no figure "
        "[composite-no-promise]"}},
  };
  for (const Case& c : cases) {
    INFO(c.composites);
    SourceFile file("t.sla", contract(c.composites, c.db2_period));
    const auto result = compile_contract(file);
    CHECK(testing::diagnostic_lines(file, result.diagnostics) == c.lines);
  }
}
