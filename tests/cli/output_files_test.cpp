// What slaudit writes: a full disk is an I/O error (exit 2, a message), never
// the verdict over a report that was not written; a file written with -o is
// replaced whole or not at all; an output that names an input is refused
// before anything is read or written (cli/output_files.h, cli/print.h).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-output-files") {
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", "acme.sla");
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.incidents.jsonl", "acme.jsonl");
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/library/amazon_s3_standard.sla", "s3.sla");
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
  // slaudit with its standard output on /dev/full (a shell of its own, so the
  // capture of the output does not take the place of /dev/full).
  Run slaudit_to_full_disk(const std::string& args) const {
    return run("/bin/sh", "-c \"'" + std::string(SLAUDIT_CLI) + "' " + args + " > /dev/full\"");
  }
};

const char* const kAudit = "audit acme.sla --incidents acme.jsonl --period 2026-11";

}  // namespace

TEST_CASE("cli output: a report to a full disk exits 2 with a message, whatever the verdict", "[cli][output]") {
  const Scratch s;
  REQUIRE(s.slaudit(std::string(kAudit) + " --ledger audits.db").exit == 3);  // breached: 50.00 EUR owed
  const char* const commands[] = {
      "audit acme.sla --incidents acme.jsonl --period 2026-11 --format json",  // exit 3 when written
      "audit acme.sla --incidents acme.jsonl --period 2026-11",
      "ledger history audits.db",                                               // exit 0 when written
      "ledger claims audits.db --as-of 2026-12-06",
      "ledger claims audits.db --as-of 2026-12-06 --format json",
  };
  for (const char* command : commands) {
    INFO(command);
    const Run full = s.slaudit_to_full_disk(command);
    CHECK(full.exit == 2);
    CHECK(has(full.err, "slaudit: cannot write standard output: No space left on device"));
  }
}

TEST_CASE("cli output: -o writes through a temporary file, and a full device says so", "[cli][output]") {
  const Scratch s;
  const Run written = s.slaudit("prometheus-rules s3.sla --period 2026-11 -o rules.yml");
  INFO(written.err);
  CHECK(written.exit == 0);
  CHECK(has(s.read("rules.yml"), "slaudit:probe_ok:bucket"));
  CHECK_FALSE(std::filesystem::exists(s.path() / "rules.yml.slaudit-tmp"));
  const Run full = s.slaudit("prometheus-rules s3.sla --period 2026-11 -o /dev/full");
  CHECK(full.exit == 2);
  CHECK(has(full.err, "slaudit prometheus-rules: cannot write '/dev/full': No space left on device"));
}

TEST_CASE("cli output: an output that is an input is refused before anything is written", "[cli][output]") {
  const Scratch s;
  std::filesystem::create_symlink("s3.sla", s.path() / "link.sla");
  const std::string contract = s.read("s3.sla");
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"prometheus-rules s3.sla -o s3.sla",
       "slaudit prometheus-rules: -o s3.sla is the same file as the contract s3.sla"},
      {"prometheus-rules s3.sla -o ./link.sla",  // another name, one file
       "slaudit prometheus-rules: -o ./link.sla is the same file as the contract s3.sla"},
      {"audit acme.sla --incidents acme.jsonl --period 2026-11 --ledger ./acme.jsonl",
       "slaudit audit: --ledger ./acme.jsonl is the same file as --incidents acme.jsonl"},
      {"audit s3.sla --inventory inv.csv --incidents acme.jsonl --ledger new.db --claims-pack sub/../new.db",
       "slaudit audit: --claims-pack sub/../new.db is the same file as --ledger new.db"},  // neither exists yet
      {"audit s3.sla --inventory inv.csv --incidents acme.jsonl --claims-pack link.sla",
       "slaudit audit: --claims-pack link.sla is the same file as the contract s3.sla"},
  };
  std::filesystem::create_directory(s.path() / "sub");
  for (const Case& c : cases) {
    INFO(c.args);
    const Run r = s.slaudit(c.args);
    CHECK(r.exit == 2);
    CHECK(has(r.err, c.message));
    CHECK(s.read("s3.sla") == contract);
    CHECK(s.read("acme.jsonl").starts_with("{"));
    CHECK_FALSE(std::filesystem::exists(s.path() / "new.db"));
  }
}
