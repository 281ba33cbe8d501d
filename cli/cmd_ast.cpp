// slaudit ast FILE: the checked syntax tree as JSON, for tools and tests.
#include <iostream>
#include <memory>

#include "base/text/utf8.h"
#include "cli/commands.h"
#include "base/util/file_io.h"
#include "cli/print.h"
#include "language/compile/compile.h"
#include "language/syntax/ast_json.h"

namespace slaudit::cli {

namespace {
struct AstOptions {
  std::string file;
  bool no_locations = false;
};

int run_ast(const AstOptions& o) {
  auto read = read_file(o.file, kMaxContractBytes, "a contract");
  if (!read.text) {
    std::cerr << "slaudit: " << read.error << "\n";
    return kUsageOrIo;
  }
  SourceFile source(o.file, std::move(*read.text));
  auto compiled = compile_contract(source);
  if (!compiled.ok()) {
    std::cerr << render_diagnostics(source, compiled.diagnostics);
    return kContractErrors;
  }
  std::cout << json_text(ast_to_json(compiled.syntax, o.no_locations ? nullptr : &source)) << "\n";
  return kOk;
}
}  // namespace

Command add_ast(CLI::App& app) {
  auto o = std::make_shared<AstOptions>();
  auto* cmd = app.add_subcommand("ast", "Dump the checked syntax tree as JSON");
  cmd->add_option("file", o->file, "Contract file (.sla); - reads standard input")->required();
  cmd->add_flag("--no-locations", o->no_locations, "Leave out source ranges (compare meaning only)");
  cmd->footer("Example:\n  slaudit ast contracts/examples/gpu_cluster.sla | jq '.contracts[0].items | length'\n"
              "Exit codes: 0 ok, 1 contract errors (printed on standard error), 2 usage or I/O error.");
  return {cmd, [o] { return run_ast(*o); }};
}

}  // namespace slaudit::cli
