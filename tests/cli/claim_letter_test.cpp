// `slaudit audit --format letter` and `letter-html` (issue 20; docs/audit.md
// section 30): a claim letter per period owing a credit, on the quickstart.
#include <catch2/catch.hpp>

#include <string>

#include "base/util/sha256.h"
#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

struct Scratch : slaudit::testing::ScratchDir {
  Scratch() : ScratchDir("cli-claim-letter") {
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", "acme.sla");
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.incidents.jsonl", "acme.jsonl");
  }
  CliRun run(const std::string& args) const {
    return ScratchDir::run(SLAUDIT_CLI, "audit acme.sla --incidents acme.jsonl " + args);
  }
};

}  // namespace

TEST_CASE("cli claim letter: the quickstart's November claim, in Markdown", "[cli][letter]") {
  const Scratch scratch;
  const CliRun run = scratch.run("--period 2026-11 --format letter");
  INFO(run.err);
  CHECK(run.exit == 3);
  CHECK(has(run.out, "# Service credit claim: vm, 2026-11, under \"Acme hosting\"\n\n- **To:** Acme Cloud\n"
                     "- **From:** Example GmbH\n"));
  // No filing day given: a blank with the deadline (30 November + 30 d).
  CHECK(has(run.out, "(to be filed by 2026-12-30)"));
  // 2,581,200 s eligible = 43,020 min; 3,000 s down = 50 min; 10% of 500.00 EUR.
  CHECK(has(run.out, "we claim 50.00 EUR for 2026-11: the service was available 99.8837%~ of the eligible time, "
                     "against a target of 99.9%."));
  CHECK(has(run.out, "## The commitment (`acme.sla:13`)\n\n```\n  availability vm {\n    target 99.9%;\n"));
  CHECK(has(run.out, "| Eligible time | 43020 min |\n| Downtime counted | 50 min |\n"));
  CHECK(has(run.out, "| Amount claimed | 50.00 EUR |\n| Claim deadline | 2026-12-30 |\n"));
  // Only the incident counted as downtime: a-2 (maintenance with notice) and a-3 (customer) are excluded.
  CHECK(has(run.out, "| a-1 | 2026-11-04T10:00:00+01:00 | 2026-11-04T10:50:00+01:00 | 50 |\n"));
  CHECK_FALSE(has(run.out, "| a-2 |"));
  CHECK(has(run.out, "| incidents | `acme.jsonl` | `" + slaudit::sha256_hex(scratch.read("acme.jsonl")) + "` |\n"));

  const CliRun filed = scratch.run("--period 2026-11 --format letter --claimed 2026-12-10");
  CHECK(has(filed.out, "- **Date:** 2026-12-10\n"));
}

TEST_CASE("cli claim letter: HTML, a letter a page, values escaped", "[cli][letter]") {
  const Scratch scratch;
  std::string contract = scratch.read("acme.sla");
  contract.replace(contract.find("Acme Cloud"), 10, "Acme <Cloud> & Co");
  scratch.write("acme.sla", contract);
  const CliRun run = scratch.run("--period 2026-10-01..2026-11-30 --format letter-html");
  INFO(run.err);
  CHECK(has(run.out, "<dd>Acme &lt;Cloud&gt; &amp; Co</dd>"));
  CHECK(has(run.out, "article{page-break-after:always"));
  // October has no downtime counted: one letter, for November.
  size_t articles = 0;
  for (size_t at = run.out.find("<article>"); at != std::string::npos; at = run.out.find("<article>", at + 1)) ++articles;
  CHECK(articles == 1);
}

TEST_CASE("cli claim letter: nothing owed, nothing to claim", "[cli][letter]") {
  const Scratch scratch;
  // The November log is stated to cover October too: without --covers, October is not assessed (exit 4).
  const CliRun run = scratch.run("--period 2026-10 --format letter --covers 2026-10-01T00:00:00+02:00/2026-12-01T00:00:00+01:00");
  CHECK(run.exit == 0);
  CHECK(run.out == "# No claim to make\n\nNo audited period of \"Acme hosting\" (2026-10) owes a credit.\n");
}
