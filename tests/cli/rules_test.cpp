// `slaudit rules` and `slaudit check` with rules, end to end: the built binary
// (SLAUDIT_CLI) on small files, for output, exit codes and formats.
#include <catch2/catch.hpp>


#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/catalogue.h"
#include "rules/registry.h"
#include "tests/support/cli_run.h"


namespace {

const char* const kVague =
    "contract \"t\" {\n"
    "  timezone \"UTC\"; currency USD;\n"
    "  claim \"x\": gpus >= 10000;\n"
    "  @allow(superlative_claim) claim \"best-in-class\";\n"
    "}\n";

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-rules") { write("vague.sla", kVague); }
  Run run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, args); }
};

}  // namespace

TEST_CASE("cli rules: lists the catalogue, explains one rule, suggests on a typo", "[rules][cli]") {
  const Scratch scratch;
  const Run list = scratch.run("rules");
  CHECK(list.exit == 0);
  CHECK(list.out == slaudit::rules::rules_list_text());
  CHECK(has(list.out, "cluster-size-scope              warning  cluster size without single-cluster or aggregate scope\n"));

  const Run one = scratch.run("rules rdma-no-tenancy");
  CHECK(one.exit == 0);
  CHECK(one.out == slaudit::rules::rule_explanation_text(*slaudit::rules::find_rule("rdma-no-tenancy")));
  CHECK(has(one.out, "Fires on:\n"));
  CHECK(has(one.out, "  | contract \"example\" {\n"));

  const Run typo = scratch.run("rules rdma-no-tenency");
  CHECK(typo.exit == 2);
  CHECK(typo.out.empty());
  CHECK(typo.err == "slaudit: unknown rule 'rdma-no-tenency'; did you mean 'rdma-no-tenancy'? (`slaudit rules` lists them)\n");

  const Run md = scratch.run("rules --format markdown");
  CHECK(md.exit == 0);
  CHECK(md.out == slaudit::rules::rules_markdown());
}

TEST_CASE("cli check: rule findings are warnings (exit 0), --werror makes them fail", "[rules][cli]") {
  const Scratch scratch;
  const Run text = scratch.run("check vague.sla");
  CHECK(text.exit == 0);
  CHECK(has(text.out, "vague.sla:3:14: warning: the claim 'gpus >= 10000' does not say whether it is one cluster or "
                      "several added up [cluster-size-scope]\n"));
  CHECK(has(text.out, "vague.sla:4:3: superlative-claim disabled for one item by @allow (1 finding silenced)\n"));
  CHECK(has(text.out, "vague.sla: ok (0 errors, 1 warning, 0 notes, 1 finding silenced)\n"));

  CHECK(scratch.run("check --werror vague.sla").exit == 1);
  const Run as_error = scratch.run("check --rule-option cluster-size-scope.severity=error vague.sla");
  CHECK(as_error.exit == 1);
  CHECK(has(as_error.out, "vague.sla: FAILED (1 error, 0 warnings, 0 notes, 1 finding silenced)\n"));
  const Run as_note = scratch.run("check --werror --rule-option cluster-size-scope.severity=note vague.sla");
  CHECK(as_note.exit == 0);

  const Run bad = scratch.run("check --rule-option credit-cap-too-low.min=abc vague.sla");
  CHECK(bad.exit == 2);
  CHECK(bad.err == "slaudit: --rule-option credit-cap-too-low.min is a percentage from 0% to 100%; found 'abc'\n");
}

TEST_CASE("cli check: JSON lists findings, what was disabled and what it silenced", "[rules][cli]") {
  const Scratch scratch;
  const Run run = scratch.run("check --format json vague.sla");
  CHECK(run.exit == 0);
  const auto report = nlohmann::json::parse(run.out);
  const auto& file = report.at("files")[0];
  CHECK(file.at("warnings") == 1);
  CHECK(file.at("rules_ran") == true);
  CHECK(file.at("diagnostics")[0].at("code") == "cluster-size-scope");
  CHECK(file.at("disabled")[0].at("rule") == "superlative-claim");
  CHECK(file.at("disabled")[0].at("scope") == "item");
  CHECK(file.at("suppressed")[0].at("code") == "superlative-claim");
}

TEST_CASE("cli check: SARIF for the bundled GPU contract", "[rules][cli]") {
  const Scratch scratch;
  const std::string contract = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/gpu_cluster.sla";
  const Run run = scratch.run("check --format sarif '" + contract + "'");
  CHECK(run.exit == 0);
  const auto log = nlohmann::json::parse(run.out);
  CHECK(log.at("version") == "2.1.0");
  const auto& results = log.at("runs")[0].at("results");
  CHECK(results.size() >= 5);
  bool scope = false, superlative = false;
  for (const auto& r : results) {
    scope |= r.at("ruleId") == "cluster-size-scope";
    superlative |= r.at("ruleId") == "superlative-claim";
  }
  CHECK(scope);
  CHECK(superlative);
  CHECK(scratch.run("check --format sarif '" + contract + "'").out == run.out);
}
