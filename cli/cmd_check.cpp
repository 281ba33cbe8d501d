// slaudit check FILE...: parse and check contracts; text or JSON diagnostics.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/io.h"
#include "engine/compile.h"
#include "engine/diag/diagnostic_json.h"

namespace slaudit::cli {

namespace {
struct CheckOptions {
  std::vector<std::string> files;
  std::string format = "text";
};

int run_check(const CheckOptions& o) {
  int exit = kOk;
  nlohmann::json files = nlohmann::json::array();
  for (const auto& path : o.files) {
    auto read = read_file(path);
    if (!read.text) {
      std::cerr << "slaudit: " << read.error << "\n";
      exit = kUsageOrIo;
      continue;
    }
    SourceFile source(path, std::move(*read.text));
    auto compiled = compile_contract(source);
    if (!compiled.ok() && exit == kOk) exit = kContractErrors;
    if (o.format == "json") {
      files.push_back({{"path", path},
                       {"ok", compiled.ok()},
                       {"errors", compiled.diagnostics.error_count()},
                       {"warnings", compiled.diagnostics.size() - compiled.diagnostics.error_count()},
                       {"diagnostics", diagnostics_to_json(source, compiled.diagnostics)}});
      continue;
    }
    std::cout << render_diagnostics(source, compiled.diagnostics);
    const size_t errors = compiled.diagnostics.error_count();
    const size_t warnings = compiled.diagnostics.size() - errors;
    std::cout << path << ": " << (errors ? "FAILED" : "ok") << " (" << errors << " error" << (errors == 1 ? "" : "s")
              << ", " << warnings << " warning" << (warnings == 1 ? "" : "s") << ")\n";
  }
  if (o.format == "json") std::cout << nlohmann::json{{"version", 1}, {"files", files}}.dump(2) << "\n";
  return exit;
}
}  // namespace

Command add_check(CLI::App& app) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Parse and check contract files; report every error with its location");
  cmd->add_option("files", o->files, "Contract files (.sla); - reads standard input")->required();
  cmd->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  cmd->footer("Examples:\n  slaudit check contracts/examples/*.sla\n  slaudit check --format json contract.sla\n"
              "Exit codes: 0 clean (warnings allowed), 1 errors in a contract, 2 usage or I/O error.");
  return {cmd, [o] { return run_check(*o); }};
}

}  // namespace slaudit::cli
