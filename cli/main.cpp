// slaudit: a thin shell over the library; every behaviour is testable without it.
#include <malloc.h>
#include <iostream>
#include <vector>

#include "cli/commands.h"
#include "base/util/file_io.h"
#include "cli/print.h"
#include "cli/standard_output.h"

namespace {

int run(int argc, char** argv) {
  // A large audit allocates and frees working vectors of several MiB per
  // period; by default glibc maps each one fresh and unmaps it when freed, so
  // every period pays its page faults again (about 27,000 of them at 1M
  // incidents). Kept in the heap instead, freed memory is reused; peak memory
  // is about the same, since only what was already in use is kept.
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  CLI::App app{"slaudit: encode SLA clauses, audit them against outage logs, flag what is ambiguous"};
  app.set_version_flag("--version", std::string("slaudit ") + SLAUDIT_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  slaudit check contracts/examples/gpu_cluster.sla\n"
      "  slaudit fmt --write contracts/examples/gpu_cluster.sla\n"
      "  slaudit ast contracts/examples/gpu_cluster.sla\n"
      "  slaudit rules cluster-size-scope\n"
      "  slaudit claims contracts/examples/article_claims.sla --inventory ... --measurements ... --incidents ...\n"
      "  slaudit prometheus-rules contract.sla -o rules.yml; slaudit audit contract.sla --prometheus URL --period 2026-11\n"
      "  slaudit audit contract.sla --incidents nov.jsonl --period 2026-11 --ledger audits.db; slaudit ledger history audits.db\n"
      "  slaudit compare contracts/compare/*.sla --generate --seed 7\n"
      "Exit codes: 0 ok, 1 contract or input errors, 2 usage or I/O errors, 3 SLA breached (audit) or a claim not verified\n"
      "  (claims), 4 nothing breached but the evidence incomplete (audit), or a comparison incomplete (compare).");
  std::vector<slaudit::cli::Command> commands;
  for (auto add : {slaudit::cli::add_check, slaudit::cli::add_fmt, slaudit::cli::add_ast, slaudit::cli::add_audit,
                   slaudit::cli::add_rules, slaudit::cli::add_claims, slaudit::cli::add_prometheus_rules,
                   slaudit::cli::add_ledger, slaudit::cli::add_compare})
    commands.push_back(add(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, version or the usage error
    return code == 0 ? 0 : slaudit::cli::kUsageOrIo;
  }
  for (auto& command : commands)
    if (command.app->parsed()) return command.run();
  return slaudit::cli::kUsageOrIo;
}

}  // namespace

int main(int argc, char** argv) {
  slaudit::cli::StandardOutput out;
  std::streambuf* const stdio = std::cout.rdbuf(&out);
  const int code = slaudit::cli::exit_after_output(run(argc, argv), out);
  std::cout.rdbuf(stdio);  // before `out` goes
  return code;
}
