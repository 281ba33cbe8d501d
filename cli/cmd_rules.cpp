// slaudit rules [ID]: list the rule catalogue, explain one rule, or write it as Markdown.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "base/util/file_io.h"
#include "cli/print.h"
#include "rules/catalogue.h"
#include "rules/registry.h"
#include "rules/support.h"

namespace slaudit::cli {

namespace {
struct RulesOptions {
  std::string id;
  std::string format = "text";
};

int run_rules(const RulesOptions& o) {
  if (o.format == "markdown") {
    if (!o.id.empty()) {
      std::cerr << "slaudit: --format markdown writes the whole catalogue; leave out the rule id\n";
      return kUsageOrIo;
    }
    std::cout << rules::rules_markdown();
    return kOk;
  }
  if (o.id.empty()) {
    std::cout << rules::rules_list_text();
    return kOk;
  }
  const rules::Rule* rule = rules::find_rule(o.id);
  if (!rule) {
    std::cerr << "slaudit: unknown rule '" << o.id << "'" << rules::suggestion(o.id, rules::rule_ids())
              << " (`slaudit rules` lists them)\n";
    return kUsageOrIo;
  }
  std::cout << rules::rule_explanation_text(*rule);
  return kOk;
}
}  // namespace

Command add_rules(CLI::App& app) {
  auto o = std::make_shared<RulesOptions>();
  auto* cmd = app.add_subcommand("rules", "List the ambiguity rules, or explain one");
  cmd->add_option("id", o->id, "A rule id: explain it (rationale, fix, examples)");
  cmd->add_option("--format", o->format, "Output format; markdown writes the catalogue of docs/rules.md")
      ->check(CLI::IsMember({"text", "markdown"}));
  cmd->footer("Examples:\n  slaudit rules\n  slaudit rules cluster-size-scope\n"
              "  slaudit rules --format markdown > docs/rules.md\n"
              "Exit codes: 0 ok, 2 unknown rule or usage error.");
  return {cmd, [o] { return run_rules(*o); }};
}

}  // namespace slaudit::cli
