// The largest amounts a contract may state (base/num/amount_limit.h): a fee
// per month up to 10^15 minor units, per hour up to 10^11, so that every sum
// of them is exact in int64; past it, an error at the amount's place.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

std::string contract(const std::string& fee) {
  return "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n  service s { fee 100.00 per month; }\n"
         "  service t { fee " + fee + "; }\n}\n";
}

}  // namespace

TEST_CASE("amount limit: a fee up to the limit is read, one past it is an error at its place", "[check][diagnostics]") {
  struct Case {
    const char* fee;
    const char* error;  // "" when accepted
  };
  const Case cases[] = {
      {"10000000000000.00 per month", ""},  // 10^15 cents: 12 of them (a year) and 9,223 in a sum fit int64
      {"10000000000000.01 per month",
       "4:19: error: the fee '10000000000000.01' is over the largest amount slaudit audits, 10000000000000.00 USD "
       "[out-of-range]"},
      // The fee: a year of it (1.2 * 10^20 cents) was printed as -64,467,440,737,095,516.28.
      {"9999999999999999.99 per month",
       "4:19: error: the fee '9999999999999999.99' is over the largest amount slaudit audits, 10000000000000.00 USD "
       "[out-of-range]"},
      {"1000000000.00 per hour", ""},  // 10^11 cents: 8,784 hours of it (a leap year) are 8.784 * 10^14
      {"1000000000.000001 per hour",
       "4:19: error: the fee '1000000000.000001' is over the largest hourly price slaudit audits, 1000000000.00 USD "
       "per hour [out-of-range]"},
  };
  for (const Case& c : cases) {
    INFO(c.fee);
    SourceFile file("t.sla", contract(c.fee));
    const auto compiled = compile_contract(file);
    const std::vector<std::string> lines = testing::diagnostic_lines(file, compiled.diagnostics);
    if (*c.error == '\0') {
      CHECK(lines.empty());
      CHECK(compiled.contract.has_value());
    } else {
      CHECK(lines == std::vector<std::string>{c.error});
    }
  }
}
