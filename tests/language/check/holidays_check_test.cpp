// `holidays "CALENDAR";`: the holiday calendar a contract's working days
// follow. Its name is a short code; it is given once; named and never used by
// a working-day count, it is a warning.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

std::string contract(const std::string& holidays, const std::string& claim) {
  return "contract \"t\" {\n  timezone \"Asia/Shanghai\"; currency CNY;\n" + holidays +
         "\n  service s { fee 100.00 per month; }\n"
         "  availability s { target 99.9%; period calendar month;\n"
         "    credit of monthly fee { below 99.9%: 10%; }\n    " + claim + "\n  }\n}\n";
}

const std::string kWorkingDays = "claim within 2 months after period end, not before 5 working days after period end;";

}  // namespace

TEST_CASE("holidays: a named calendar reaches the model", "[check][holidays]") {
  for (const char* name : {"CN", "US-NY", "de_BY", "cn.2026"}) {
    INFO(name);
    SourceFile file("t.sla", contract("  holidays \"" + std::string(name) + "\";", kWorkingDays));
    const auto compiled = compile_contract(file);
    CHECK(testing::diagnostic_lines(file, compiled.diagnostics).empty());
    REQUIRE(compiled.contract.has_value());
    REQUIRE(compiled.contract->holidays.has_value());
    CHECK(compiled.contract->holidays->name == name);
  }
}

TEST_CASE("holidays: misuse is reported at its place", "[check][diagnostics][holidays]") {
  struct Case {
    std::string holidays, claim;
    std::vector<std::string> lines;
  };
  const std::vector<Case> cases = {
      {"  holidays \"C N\";", kWorkingDays,
       {"3:12: error: bad holiday calendar name 'C N' [bad-calendar]"}},
      {"  holidays \"\";", kWorkingDays, {"3:12: error: bad holiday calendar name '' [bad-calendar]"}},
      {"  holidays \"CN\"; holidays \"HK\";", kWorkingDays, {"3:18: error: the holiday calendar is given twice [duplicate]", "3:3: note: first given here"}},
      // Named, but no clause counts working days: it changes nothing.
      {"  holidays \"CN\";", "claim within 30 d after period end;",
       {"3:3: warning: holiday calendar \"CN\" is named, but no clause counts working days: it changes nothing "
        "[unused-calendar]"}},
  };
  for (const Case& c : cases) {
    INFO(c.holidays << " / " << c.claim);
    SourceFile file("t.sla", contract(c.holidays, c.claim));
    const auto compiled = compile_contract(file);
    CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.lines);
  }
}
