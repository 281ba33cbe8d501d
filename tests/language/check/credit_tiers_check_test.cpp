// Credit tables (issue 17 item 3): a table that stops (`below 99.0%: not
// stated;`) and fixed-amount tiers (`below 99%: 2.00 USD;`): what the checker
// accepts, and each misuse with its location, message and hint.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

// Line 4 holds the clause; its first tier starts at column 44
// ("  availability s { " is 19 characters, "credit of monthly fee { " 24).
std::string contract(const std::string& tiers) {
  return "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n  service s { fee 100.00 per month; }\n"
         "  availability s { credit of monthly fee { " + tiers + " } }\n}\n";
}

// What one checked tier holds: its bounds and its credit in words.
struct ExpectedTier {
  const char* below;
  const char* at_least;
  const char* credit;  // "10%", "200 minor", "not stated"
};

struct Accepted {
  const char* name;
  std::string tiers;
  std::vector<ExpectedTier> expected;  // highest `below` first, as the model sorts them
};

struct Refused {
  const char* name;
  std::string tiers;
  std::vector<std::string> expected;
  std::string hint;
};

std::string credit_words(const model::CreditTier& t) {
  if (const model::Percent* p = t.percent()) return p->value.to_string() + "%";
  if (const model::Money* m = t.amount()) return std::to_string(m->minor) + " minor";
  return "not stated";
}

void check_accepted(const Accepted& c) {
  SourceFile file("t.sla", contract(c.tiers));
  const auto compiled = compile_contract(file);
  INFO(testing::diagnostic_lines(file, compiled.diagnostics).size());
  REQUIRE(compiled.contract.has_value());
  const auto& tiers = compiled.contract->availability.at(0).credit->tiers;
  REQUIRE(tiers.size() == c.expected.size());
  for (size_t i = 0; i < tiers.size(); ++i) {
    CHECK(tiers[i].below.value.to_string() == c.expected[i].below);
    CHECK(tiers[i].at_least.value.to_string() == c.expected[i].at_least);
    CHECK(credit_words(tiers[i]) == c.expected[i].credit);
  }
}

void check_refused(const Refused& c) {
  SourceFile file("t.sla", contract(c.tiers));
  const auto compiled = compile_contract(file);
  CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.expected);
  CHECK(testing::first_hint(compiled.diagnostics) == c.hint);
  CHECK_FALSE(compiled.contract.has_value());
}

}  // namespace

TEST_CASE("credit tiers: a table that stops with a tier not stated", "[check][tiers]") {
  const std::vector<Accepted> cases = {
      {"AWS EC2 region: 10% then not stated",
       "below 99.99% and at least 99.0%: 10%; below 99.0%: not stated;",
       {{"99.99", "99.0", "10%"}, {"99.0", "0", "not stated"}}},
      {"written lowest first",
       "below 99.0%: not stated; below 99.9%: 10%;",
       {{"99.9", "99.0", "10%"}, {"99.0", "0", "not stated"}}},
      {"two stated tiers, then not stated",
       "below 99.9%: 10%; below 99.0%: 25%; below 95.0%: not stated;",
       {{"99.9", "99.0", "10%"}, {"99.0", "95.0", "25%"}, {"95.0", "0", "not stated"}}},
  };
  for (const Accepted& c : cases) SECTION(c.name) { check_accepted(c); }
}

TEST_CASE("credit tiers: misuses of not stated, and the hole it would fill", "[check][tiers][diagnostics]") {
  const std::vector<Refused> cases = {
      {"not stated above a stated tier", "below 99.9%: not stated; below 99.0%: 10%;",
       // the tier not stated starts at 44; "below 99.9%: not stated; " is 25 characters: the next at 69
       {"4:44: error: the tier below 99.9% is not stated, yet a tier below it states a credit [tier-not-stated]",
        "4:69: note: the tier below"},
       "only the lowest tier may be 'not stated': the contract's table stops there"},
      {"only not stated", "below 99.0%: not stated;",
       {"4:20: error: the credit states no tier's credit, only 'not stated' [no-tiers]"},
       "write e.g. below 99.9%: 10%; above the tier not stated"},
      {"a hole at the bottom still is one", "below 99.9% and at least 99.0%: 10%;",
       {"4:44: error: no credit tier covers availability below 99.0% [tier-hole]"},
       "drop 'and at least 99.0%' from the lowest tier, add a tier below it, or, if the contract states no "
       "credit there, write 'below 99.0%: not stated;'"},
      {"a tier not stated with its own lower bound leaves a hole below it",
       "below 99.9% and at least 99.0%: 10%; below 99.0% and at least 95.0%: not stated;",
       // "below 99.9% and at least 99.0%: 10%; " is 37 characters: the second tier at 81
       {"4:81: error: no credit tier covers availability below 95.0% [tier-hole]"},
       "drop 'and at least 95.0%' from the lowest tier, add a tier below it, or, if the contract states no "
       "credit there, write 'below 95.0%: not stated;'"},
  };
  for (const Refused& c : cases) SECTION(c.name) { check_refused(c); }
}

TEST_CASE("credit tiers: fixed amounts in the contract's currency", "[check][tiers]") {
  const std::vector<Accepted> cases = {
      {"two amounts", "below 99.9%: 1.00 USD; below 99.0%: 2.50 USD;",
       {{"99.9", "99.0", "100 minor"}, {"99.0", "0", "250 minor"}}},
      {"an amount, then not stated", "below 99%: 2.00 USD; below 95%: not stated;",
       {{"99", "95", "200 minor"}, {"95", "0", "not stated"}}},
  };
  for (const Accepted& c : cases) SECTION(c.name) { check_accepted(c); }
}

TEST_CASE("credit tiers: misuses of fixed amounts", "[check][tiers][diagnostics]") {
  // "below 99%: " is 11 characters: the credit of the first tier starts at 55.
  const std::vector<Refused> cases = {
      {"another currency", "below 99%: 2.00 GBP;",
       {"4:60: error: a tier's credit is in GBP but the contract's currency is USD [currency-mismatch]"},
       "write the amount in USD"},
      {"more decimals than the currency", "below 99%: 2.005 USD;",
       {"4:55: error: a tier's credit '2.005 USD' has more decimal places than USD allows (2) [money-precision]"},
       ""},
      {"a bare number", "below 99%: 2;",
       {"4:55: error: a tier's credit is a percentage of the fee or an amount with its currency code, found '2' "
        "[unit-mismatch]"},
       "write e.g. 2% or 2 USD"},
      {"zero", "below 99%: 0.00 USD;", {"4:55: error: a tier's credit must be above zero [out-of-range]"}, ""},
      {"mixed with percentages", "below 99.9%: 10%; below 99%: 2.00 USD;",
       // "below 99.9%: 10%; " is 18 characters: the amount tier at 62
       {"4:62: error: a credit table mixes percentages of the fee and fixed amounts [tier-mixed-credit]",
        "4:44: note: this tier is a percentage"},
       "write every tier as a percentage or every tier as an amount: a lower tier must be seen to earn at least as "
       "much"},
      {"falling amounts", "below 99.9%: 5.00 USD; below 99%: 2.00 USD;",
       // "below 99.9%: 5.00 USD; " is 23 characters: the second tier at 67
       {"4:67: error: the credit falls from 5.00 USD to 2.00 USD although availability is lower [tier-not-monotonic]",
        "4:44: note: the tier above earns 5.00 USD"},
       "a lower availability earns at least the credit of a higher one"},
  };
  for (const Refused& c : cases) SECTION(c.name) { check_refused(c); }
}
