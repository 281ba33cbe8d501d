// `fee AMOUNT per hour;` may hold up to six more decimals than the currency
// (an hourly price, not a charge); a monthly fee keeps the currency's decimals.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

std::string contract(const std::string& fee) {
  return "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n  service s { fee 100.00 per month; }\n"
         "  service t { fee " + fee + "; }\n}\n";
}

struct Accepted {
  const char* fee;
  Rational minor;  // cents
};

}  // namespace

TEST_CASE("hourly price: the decimals an hourly fee may have", "[check]") {
  const std::vector<Accepted> cases = {
      {"0.0416 per hour", Rational(416, 100)},         // 4.16 cents
      {"0.018 per hour", Rational(18, 10)},            // 1.8 cents
      {"0.00000001 per hour", Rational(1, 1000000)},   // 2 + 6 decimals: a millionth of a cent
      {"0.34 per hour", Rational(34)},
      {"9.99 per month", Rational(999)},
  };
  for (const Accepted& c : cases) {
    INFO(c.fee);
    SourceFile file("t.sla", contract(c.fee));
    const auto compiled = compile_contract(file);
    REQUIRE(compiled.contract.has_value());
    const auto& fee = compiled.contract->services.at(1).fee;
    REQUIRE(fee.has_value());
    CHECK(fee->minor == c.minor);
  }
}

TEST_CASE("hourly price: more decimals than a price may have is an error at its place", "[check][diagnostics]") {
  SourceFile hourly("t.sla", contract("0.000000001 per hour"));
  auto compiled = compile_contract(hourly);
  CHECK(testing::diagnostic_lines(hourly, compiled.diagnostics) ==
        std::vector<std::string>{"4:19: error: the fee '0.000000001' has more decimal places than an hourly price "
                                 "in USD may have (8) [money-precision]"});
  // A monthly fee is a charge: the currency's decimals, as before.
  SourceFile monthly("t.sla", contract("9.999 per month"));
  compiled = compile_contract(monthly);
  CHECK(testing::diagnostic_lines(monthly, compiled.diagnostics) ==
        std::vector<std::string>{"4:19: error: the fee '9.999' has more decimal places than USD allows (2) "
                                 "[money-precision]"});
}
