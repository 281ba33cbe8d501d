// The catalogue itself: ids, order, texts, each rule's built-in examples (the
// one that fires fires, the silent one is silent), rule options, and
// docs/rules.md equal to the generated Markdown.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "rules/catalogue.h"
#include "rules/registry.h"
#include "rules/support.h"
#include "tests/rules/rule_test_support.h"

using namespace slaudit;

TEST_CASE("rules catalogue: ids are unique kebab-case and every text is filled in", "[rules]") {
  const std::regex kebab("[a-z][a-z0-9]*(-[a-z0-9]+)*");
  std::set<std::string> seen;
  REQUIRE(rules::all_rules().size() >= 19);
  for (const auto* r : rules::all_rules()) {
    const auto& i = r->info;
    INFO(i.id);
    CHECK(std::regex_match(i.id, kebab));
    CHECK(seen.insert(i.id).second);
    CHECK(std::string(i.summary).size() > 10);
    CHECK(std::string(i.summary).back() != '.');
    CHECK(std::string(i.rationale).size() > 100);
    CHECK(std::string(i.fix).size() > 10);
    CHECK(rules::rule_index(i.id) < rules::all_rules().size());
    CHECK(rules::all_rules()[rules::rule_index(i.id)] == r);
  }
  CHECK(rules::find_rule("no-such-rule") == nullptr);
  CHECK(rules::rule_index("no-such-rule") == rules::all_rules().size());
}

TEST_CASE("rules catalogue: each rule's examples fire and stay silent as documented", "[rules]") {
  for (const auto* r : rules::all_rules()) {
    DYNAMIC_SECTION(r->info.id) {
      const auto fires = testing::lint_text(rules::example_text(*r, true));
      CHECK_FALSE(testing::finding_lines(fires, r->info.id).empty());
      const auto silent = testing::lint_text(rules::example_text(*r, false));
      CHECK(testing::finding_lines(silent, r->info.id).empty());
    }
  }
}

TEST_CASE("rules options: parsed and checked against the catalogue", "[rules]") {
  rules::RuleOptions o;
  CHECK(o.add("credit-cap-too-low.min=25%") == "");
  CHECK(o.add("cluster-size-scope.severity=error") == "");
  CHECK(o.percent("credit-cap-too-low", "min", Decimal::from_int(10)) == Decimal::from_int(25));
  CHECK(o.severity("cluster-size-scope") == Severity::Error);
  CHECK(o.add("credit-cap-too-low") == "a rule option is ID.KEY=VALUE, e.g. credit-cap-too-low.min=10%; found "
                                       "'credit-cap-too-low'");
  CHECK(o.add("credit-cap-too-lo.min=5%") ==
        "unknown rule 'credit-cap-too-lo' in --rule-option; did you mean 'credit-cap-too-low'?");
  CHECK(o.add("credit-cap-too-low.mim=5%") ==
        "rule 'credit-cap-too-low' has no option 'mim'; did you mean 'min'? (options: severity min)");
  CHECK(o.add("credit-cap-too-low.min=150%") ==
        "--rule-option credit-cap-too-low.min is a percentage from 0% to 100%; found '150%'");
  CHECK(o.add("cluster-size-scope.severity=fatal") ==
        "--rule-option cluster-size-scope.severity is error, warning or note; found 'fatal'");
}

TEST_CASE("rules options: the credit cap threshold and a severity override take effect", "[rules]") {
  const std::string contract = rules::example_contract(
      "  service s { fee 1000.00 per month; billing per hour; }\n"
      "  availability s { credit of monthly fee { below 99.9%: 10%; } cap 20% of monthly fee; }\n"
      "  claim \"x\": gpus >= 10000;\n");
  // Default 10%: a 20% cap above the 10% tier is fine.
  CHECK(testing::finding_lines(testing::lint_text(contract), "credit-cap-too-low").empty());
  rules::RuleOptions o;
  REQUIRE(o.add("credit-cap-too-low.min=25%") == "");
  REQUIRE(o.add("cluster-size-scope.severity=error") == "");
  const auto linted = testing::lint_text(contract, o);
  CHECK(testing::finding_lines(linted, "credit-cap-too-low") ==
        std::vector<std::string>{"4:64: warning: the 'cap 20% of monthly fee' of the availability clause of service "
                                 "'s' is below 25% of the monthly fee: it empties the remedy [credit-cap-too-low]"});
  CHECK(testing::finding_lines(linted, "cluster-size-scope") ==
        std::vector<std::string>{"5:14: error: the claim 'gpus >= 10000' does not say whether it is one cluster or "
                                 "several added up [cluster-size-scope]"});
  CHECK(linted.lint.findings.has_errors());
}

TEST_CASE("rules: not run on a contract with errors", "[rules]") {
  SourceFile source("bad.sla", "contract \"t\" { claim \"x\": gpus >= 10 nodes; }\n");
  const auto compiled = compile_contract(source);
  REQUIRE_FALSE(compiled.ok());
  const auto lint = rules::lint_contract(source, compiled, {});
  CHECK_FALSE(lint.ran);
  CHECK(lint.findings.empty());
}

TEST_CASE("rules catalogue: docs/rules.md is the generated catalogue", "[rules]") {
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/rules.md", std::ios::binary);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  // Regenerate with: build/dev/slaudit rules --format markdown > docs/rules.md
  CHECK(text.str() == rules::rules_markdown());
}

TEST_CASE("rules catalogue: the list and one rule's explanation", "[rules]") {
  const std::string list = rules::rules_list_text();
  size_t previous = 0;
  for (const auto& id : rules::rule_ids()) {  // one line each, in registry order
    INFO(id);
    const size_t found = list.find(id + "  ");
    REQUIRE(found != std::string::npos);
    CHECK(found >= previous);
    CHECK((found == 0 || list[found - 1] == '\n'));
    previous = found;
  }
  CHECK(list.rfind("cluster-size-scope  ", 0) == 0);
  const std::string text = rules::rule_explanation_text(*rules::find_rule("credit-cap-too-low"));
  CHECK(text.rfind("credit-cap-too-low (warning): credit cap so low it empties the remedy\n", 0) == 0);
  CHECK(text.find("Why:\n") != std::string::npos);
  CHECK(text.find("  min: the lowest acceptable cap, in percent of the monthly fee; default 10%\n") != std::string::npos);
  CHECK(text.find("  => 7:5: warning: the 'cap 5% of monthly fee' of the availability clause of service 'training' is "
                  "below 10% of the monthly fee: it empties the remedy [credit-cap-too-low]\n") != std::string::npos);
  CHECK(text.find("Silent on:\n") != std::string::npos);
  CHECK(text.find("  => no finding\n") != std::string::npos);
}
