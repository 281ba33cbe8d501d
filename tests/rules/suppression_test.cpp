// Silencing rules in the source: @allow on an item, on a clause's item, on the
// contract; `// slaudit: disable` comments; unknown ids; and the record of
// what was disabled where.
#include <catch2/catch.hpp>

#include "rules/lint_report.h"
#include "rules/support.h"
#include "tests/rules/rule_test_support.h"

using namespace slaudit;

namespace {
const char* const kTwoClaims =
    "contract \"t\" {\n"
    "  @allow(cluster_size_scope) claim \"a\": gpus >= 10000;\n"
    "  claim \"b\": gpus >= 20000;\n"
    "}\n";
}  // namespace

TEST_CASE("rules suppression: @allow on an item silences that item only", "[rules]") {
  const auto linted = testing::lint_text(kTwoClaims);
  CHECK(testing::finding_lines(linted, "cluster-size-scope") ==
        std::vector<std::string>{
            "3:14: warning: the claim 'gpus >= 20000' does not say whether it is one cluster or several added up "
            "[cluster-size-scope]"});
  REQUIRE(linted.lint.disables.size() == 1);
  const auto& d = linted.lint.disables[0];
  CHECK(d.rule == "cluster-size-scope");
  CHECK(d.kind == rules::Disable::Kind::Attribute);
  CHECK_FALSE(d.file_wide);
  CHECK(d.suppressed == 1);
  REQUIRE(linted.lint.suppressed.size() == 1);
  CHECK(linted.lint.suppressed[0].diagnostic.message ==
        "the claim 'gpus >= 10000' does not say whether it is one cluster or several added up");
  CHECK(rules::render_disables_text(*linted.source, linted.lint) ==
        "test.sla:2:3: cluster-size-scope disabled for one item by @allow (1 finding silenced)\n");
}

TEST_CASE("rules suppression: @allow on an item of an availability clause", "[rules]") {
  const auto linted = testing::lint_text(rules::example_contract(
      "  service s { fee 1000.00 per month; billing per hour; }\n"
      "  availability s {\n"
      "    credit of monthly fee { below 99.9%: 10%; }\n"
      "    @allow(\"credit-cap-too-low\") cap 5% of monthly fee;\n"
      "  }\n"
      "  availability s \"other\" { credit of monthly fee { below 99.9%: 10%; } cap 5% of monthly fee; }\n"));
  // The second clause's cap is not covered by the first clause's attribute.
  const auto lines = testing::finding_lines(linted, "credit-cap-too-low");
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].rfind("8:", 0) == 0);
  REQUIRE(linted.lint.disables.size() == 1);
  CHECK(linted.lint.disables[0].suppressed == 1);
}

TEST_CASE("rules suppression: @allow on a clause silences the rule in the whole clause", "[rules]") {
  const auto linted = testing::lint_text(rules::example_contract(
      "  service s { fee 1000.00 per month; billing per hour; }\n"
      "  @allow(maintenance_no_cap, \"maintenance-no-notice\", \"agreed in the 2026 renewal\")\n"
      "  availability s { exclude maintenance; exclude cause in (maintenance); }\n"
      "  availability s \"b\" { exclude maintenance; }\n"));
  CHECK(testing::finding_lines(linted, "maintenance-no-cap").size() == 1);
  CHECK(testing::finding_lines(linted, "maintenance-no-notice").size() == 1);
  REQUIRE(linted.lint.disables.size() == 2);
  CHECK(linted.lint.disables[0].suppressed == 2);
  CHECK(linted.lint.disables[1].suppressed == 2);
  CHECK(linted.lint.disables[0].reason == "agreed in the 2026 renewal");
  CHECK(rules::render_disables_text(*linted.source, linted.lint) ==
        "test.sla:4:3: maintenance-no-cap disabled for one item by @allow (2 findings silenced): agreed in the 2026 "
        "renewal\n"
        "test.sla:4:3: maintenance-no-notice disabled for one item by @allow (2 findings silenced): agreed in the 2026 "
        "renewal\n");
}

TEST_CASE("rules suppression: @allow on the contract silences the rule in the file", "[rules]") {
  const auto linted = testing::lint_text(
      "@allow(cluster_size_scope)\n"
      "contract \"t\" {\n"
      "  claim \"a\": gpus >= 10000;\n"
      "  claim \"b\": gpus >= 20000;\n"
      "}\n");
  CHECK(testing::finding_lines(linted, "cluster-size-scope").empty());
  REQUIRE(linted.lint.disables.size() == 1);
  CHECK(linted.lint.disables[0].file_wide);
  CHECK(linted.lint.disables[0].suppressed == 2);
  CHECK(rules::render_disables_text(*linted.source, linted.lint) ==
        "test.sla:1:1: cluster-size-scope disabled for the file by @allow on the contract (2 findings silenced)\n");
}

TEST_CASE("rules suppression: a `slaudit: disable` comment silences rules in the file", "[rules]") {
  const auto linted = testing::lint_text(
      "// slaudit: disable superlative-claim, billing-no-granularity\n"
      "contract \"t\" {\n"
      "  timezone \"UTC\"; currency USD;\n"
      "  service s { fee 100.00 per month; }\n"
      "  claim \"industry-leading\";\n"
      "  claim \"a\": gpus >= 10000;\n"
      "  /* slaudit: disable checkpoint-no-frequency */\n"
      "}\n");
  CHECK(testing::finding_lines(linted) ==
        std::vector<std::string>{
            "6:14: warning: the claim 'gpus >= 10000' does not say whether it is one cluster or several added up "
            "[cluster-size-scope]"});
  REQUIRE(linted.lint.disables.size() == 3);
  CHECK(linted.lint.disables[0].rule == "superlative-claim");
  CHECK(linted.lint.disables[1].rule == "billing-no-granularity");
  CHECK(linted.lint.disables[2].rule == "checkpoint-no-frequency");
  for (const auto& d : linted.lint.disables) CHECK(d.kind == rules::Disable::Kind::Comment);
  CHECK(linted.lint.disables[2].suppressed == 0);  // listed even when it silenced nothing
  CHECK(rules::render_disables_text(*linted.source, linted.lint) ==
        "test.sla:1:1: superlative-claim disabled for the file by a comment (1 finding silenced)\n"
        "test.sla:1:1: billing-no-granularity disabled for the file by a comment (1 finding silenced)\n"
        "test.sla:7:3: checkpoint-no-frequency disabled for the file by a comment (0 findings silenced)\n");
  const auto json = rules::lint_to_json(*linted.source, linted.lint);
  CHECK(json.at("disabled").size() == 3);
  CHECK(json.at("disabled")[0].at("scope") == "file");
  CHECK(json.at("disabled")[0].at("kind") == "comment");
  CHECK(json.at("suppressed").size() == 2);
  CHECK(json.at("suppressed")[0].at("code") == "billing-no-granularity");
  CHECK(json.at("suppressed")[0].at("disabled_by") == 1);
}

TEST_CASE("rules suppression: an unknown rule id is a warning, not silence", "[rules]") {
  const auto linted = testing::lint_text(
      "// slaudit: disable superlative-claims\n"
      "contract \"t\" {\n"
      "  @allow(cluster_size) claim \"a\": gpus >= 10000;\n"
      "}\n");
  const auto lines = testing::finding_lines(linted);
  CHECK(lines == std::vector<std::string>{
                     "1:1: warning: 'slaudit: disable' names no rule 'superlative-claims'; did you mean "
                     "'superlative-claim'? [unknown-rule]",
                     "3:3: warning: @allow names no rule 'cluster_size' [unknown-rule]",
                     "3:35: warning: the claim 'gpus >= 10000' does not say whether it is one cluster or several "
                     "added up [cluster-size-scope]"});
  CHECK(linted.lint.disables.empty());
}

TEST_CASE("rules suppression: ordinary comments are not directives", "[rules]") {
  const auto linted = testing::lint_text(
      "// this contract says slaudit: disable cluster-size-scope in prose\n"
      "contract \"t\" { claim \"a\": gpus >= 10000; }\n");
  CHECK(testing::finding_lines(linted, "cluster-size-scope").size() == 1);
  CHECK(linted.lint.disables.empty());
}
