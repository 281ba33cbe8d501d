#pragma once
// Each subcommand registers itself on the app and runs from its own file;
// `run` returns the process exit code.
#include <CLI/CLI.hpp>
#include <functional>

namespace slaudit::cli {

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

Command add_check(CLI::App& app);
Command add_fmt(CLI::App& app);
Command add_ast(CLI::App& app);
Command add_audit(CLI::App& app);
Command add_rules(CLI::App& app);
Command add_claims(CLI::App& app);
Command add_prometheus_rules(CLI::App& app);
Command add_ledger(CLI::App& app);

}  // namespace slaudit::cli
