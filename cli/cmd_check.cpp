// slaudit check FILE...: parse and check contracts, run the rule catalogue;
// text, JSON or SARIF diagnostics.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/io.h"
#include "engine/compile.h"
#include "engine/diag/diagnostic_json.h"
#include "rules/lint.h"
#include "rules/lint_report.h"
#include "rules/sarif.h"

namespace slaudit::cli {

namespace {
struct CheckOptions {
  std::vector<std::string> files;
  std::string format = "text";
  std::vector<std::string> rule_options;
  bool werror = false;
};

size_t count(const Diagnostics& diagnostics, Severity severity) {
  size_t n = 0;
  for (const auto& d : diagnostics.items()) n += d.severity == severity;
  return n;
}

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

int run_check(const CheckOptions& o) {
  rules::RuleOptions rule_options;
  for (const auto& spec : o.rule_options)
    if (auto error = rule_options.add(spec); !error.empty()) {
      std::cerr << "slaudit: " << error << "\n";
      return kUsageOrIo;
    }
  int exit = kOk;
  nlohmann::json files = nlohmann::json::array();
  std::vector<rules::SarifInput> sarif_inputs;
  std::vector<std::string> io_errors;
  for (const auto& path : o.files) {
    auto read = read_file(path);
    if (!read.text) {
      std::cerr << "slaudit: " << read.error << "\n";
      io_errors.push_back(read.error);
      exit = kUsageOrIo;
      continue;
    }
    auto source = std::make_shared<SourceFile>(path, std::move(*read.text));
    auto compiled = std::make_shared<CompiledContract>(compile_contract(*source));
    auto lint = std::make_shared<rules::LintResult>(rules::lint_contract(*source, *compiled, rule_options));
    Diagnostics all = compiled->diagnostics;
    all.append(lint->findings);
    const size_t errors = all.error_count(), warnings = count(all, Severity::Warning), notes = count(all, Severity::Note);
    if ((errors || (o.werror && warnings)) && exit == kOk) exit = kContractErrors;
    if (o.format == "sarif") {
      sarif_inputs.push_back({source, compiled, lint});
    } else if (o.format == "json") {
      auto entry = nlohmann::json{{"path", path},
                                  {"ok", errors == 0},
                                  {"errors", errors},
                                  {"warnings", warnings},
                                  {"notes", notes},
                                  {"diagnostics", diagnostics_to_json(*source, all)}};
      entry.update(rules::lint_to_json(*source, *lint));
      files.push_back(std::move(entry));
    } else {
      std::cout << render_diagnostics(*source, all) << rules::render_disables_text(*source, *lint);
      std::cout << path << ": " << (errors ? "FAILED" : "ok") << " (" << plural(errors, "error") << ", "
                << plural(warnings, "warning") << ", " << plural(notes, "note") << ", "
                << plural(lint->suppressed.size(), "finding") << " silenced"
                << (lint->ran ? "" : "; rules not run on a contract with errors") << ")\n";
    }
  }
  if (o.format == "json") std::cout << nlohmann::json{{"version", 1}, {"files", files}}.dump(2) << "\n";
  if (o.format == "sarif") std::cout << rules::sarif_log(sarif_inputs, io_errors).dump(2) << "\n";
  return exit;
}
}  // namespace

Command add_check(CLI::App& app) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand(
      "check", "Parse and check contract files, run the ambiguity rules; report every finding with its location");
  cmd->add_option("files", o->files, "Contract files (.sla); - reads standard input")->required();
  cmd->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json", "sarif"}));
  cmd->add_option("--rule-option", o->rule_options,
                  "ID.KEY=VALUE for a rule, e.g. credit-cap-too-low.min=25% or cluster-size-scope.severity=error");
  cmd->add_flag("--werror", o->werror, "Exit 1 when any rule finding or checker warning is left unsilenced");
  cmd->footer("Examples:\n  slaudit check contracts/examples/*.sla\n  slaudit check --format json contract.sla\n"
              "  slaudit check --format sarif contract.sla > slaudit.sarif\n"
              "  slaudit check --rule-option credit-cap-too-low.min=25% contract.sla\n"
              "Silence a rule with @allow(rule-id) on an item or `// slaudit: disable rule-id` in the file;\n"
              "`slaudit rules` lists the rules.\n"
              "Exit codes: 0 clean (warnings and notes allowed), 1 errors in a contract (or warnings with --werror),\n"
              "2 usage or I/O error.");
  return {cmd, [o] { return run_check(*o); }};
}

}  // namespace slaudit::cli
