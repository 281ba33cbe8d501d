// slaudit fmt FILE...: print the canonical form, or rewrite files with --write.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "base/util/file_io.h"
#include "cli/print.h"
#include "language/format/printer.h"
#include "language/grammar/parse.h"

namespace slaudit::cli {

namespace {
struct FmtOptions {
  std::vector<std::string> files;
  bool write = false;
  bool check = false;
};

int run_fmt(const FmtOptions& o) {
  if (!o.write && !o.check && o.files.size() > 1) {
    std::cerr << "slaudit fmt: give one file, or --write or --check for several\n";
    return kUsageOrIo;
  }
  int exit = kOk;
  for (const auto& path : o.files) {
    auto read = read_file(path, kMaxContractBytes, "a contract");
    if (!read.text) {
      std::cerr << "slaudit: " << read.error << "\n";
      exit = kUsageOrIo;
      continue;
    }
    SourceFile source(path, std::move(*read.text));
    auto parsed = parse_contract(source);
    if (parsed.diagnostics.has_errors()) {
      // Never rewrite a file we could not read in full: formatting would lose text.
      std::cerr << render_diagnostics(source, parsed.diagnostics);
      if (exit == kOk) exit = kContractErrors;
      continue;
    }
    const std::string formatted = format_contract(source, parsed.file);
    if (o.check) {
      if (formatted != source.text()) {
        std::cout << path << ": not in canonical form\n";
        if (exit == kOk) exit = kContractErrors;
      }
    } else if (o.write) {
      std::string error;
      if (formatted != source.text() && path != "-" && !write_file(path, formatted, error)) {
        std::cerr << "slaudit: " << error << "\n";
        exit = kUsageOrIo;
      }
    } else {
      std::cout << formatted;
    }
  }
  return exit;
}
}  // namespace

Command add_fmt(CLI::App& app) {
  auto o = std::make_shared<FmtOptions>();
  auto* cmd = app.add_subcommand("fmt", "Print a contract in canonical form (comments kept, meaning unchanged)");
  cmd->add_option("files", o->files, "Contract files (.sla); - reads standard input")->required();
  cmd->add_flag("--write,-w", o->write, "Rewrite the files in place");
  cmd->add_flag("--check", o->check, "Exit 1 when a file is not in canonical form; write nothing");
  cmd->footer("Examples:\n  slaudit fmt contract.sla\n  slaudit fmt --write contracts/examples/*.sla\n"
              "Exit codes: 0 ok, 1 syntax errors (file left untouched) or --check found a change, 2 usage or I/O error.");
  return {cmd, [o] { return run_fmt(*o); }};
}

}  // namespace slaudit::cli
