// Issue 20, "reports that are right in every word", on the bundled GPU example
// (contracts/examples/gpu_cluster.sla, its README works the figures): the
// text, Markdown and HTML reports as the built binary prints them.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::has;

const std::string kExamples = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/examples/";

std::string gpu_report(const std::string& format) {
  const slaudit::testing::ScratchDir scratch("cli-audit-wording");
  const slaudit::testing::CliRun run =
      scratch.run(SLAUDIT_CLI, "audit " + kExamples + "gpu_cluster.sla --incidents " + kExamples +
                                   "gpu_cluster.incidents.jsonl --period 2026-11 --explain --format " + format);
  INFO(run.err);
  CHECK(run.exit == 3);  // training breached
  return run.out;
}

}  // namespace

TEST_CASE("audit wording: a cap the credit does not reach is 'not reached', in every format", "[cli][report]") {
  // training: 10% of 1,200,000.00 = 120,000.00 < the cap, 100% of the fee.
  // inference: no credit < the cap, 50% of the fee. The recovery credit 12,000.00 < 10% of the fee.
  const std::string text = gpu_report("text");
  CHECK(has(text, "  120,000.00  not reached (100% of fee)  120,000.00  "));
  CHECK(has(text, "  not reached (50% of fee)  "));
  CHECK(has(text, "credit 12,000.00, cap not reached (10% of fee), owed 12,000.00 CNY"));
  const std::string md = gpu_report("markdown");
  CHECK(has(md, "- Fee 1,200,000.00 CNY, credit 120,000.00 CNY, cap not reached (100% of fee)\n"));
  CHECK(has(md, "- Credit 12,000.00 CNY, cap not reached (10% of fee)\n"));
  const std::string html = gpu_report("html");
  CHECK(has(html, "<dt>Cap</dt><dd>not reached (100% of fee)</dd>"));
  CHECK(has(html, "<dt>Cap</dt><dd>not reached (10% of fee)</dd>"));
  for (const std::string* out : {&text, &md, &html}) {
    CHECK(!has(*out, "none applies"));
    CHECK(!has(*out, "no cap"));  // every clause of the example states one
  }
}

TEST_CASE("audit wording: amounts grouped by thousands for people, plain in JSON", "[cli][report]") {
  for (const char* format : {"text", "markdown", "html"}) {
    INFO(format);
    const std::string out = gpu_report(format);
    CHECK(has(out, "132,000.00 CNY"));  // 120,000.00 + 12,000.00
    CHECK(has(out, "1,200,000.00 CNY"));
    CHECK(!has(out, "132000.00"));
    CHECK(!has(out, "1200000.00 CNY"));  // the derivations too
  }
  const std::string json = gpu_report("json");
  CHECK(has(json, "\"decimal\": \"132000.00\""));
  CHECK(!has(json, "132,000.00"));
}

TEST_CASE("audit wording: the claim deadline stands beside the amount owed", "[cli][report]") {
  // Claims within 30 d after the period's end: 2026-11-30 + 30 d = 2026-12-30.
  CHECK(has(gpu_report("text"), "Total owed: 132,000.00 CNY, claim by 2026-12-30\n"));
  CHECK(has(gpu_report("text"), "  120,000.00  2026-12-30  missed\n"));
  const std::string md = gpu_report("markdown");
  CHECK(has(md, "- **Total credits owed:** 132,000.00 CNY, claim by 2026-12-30\n"));
  CHECK(has(md, "| training | 2026-11 | 99.9% | 99.5021%~ | no | 120,000.00 | 2026-12-30 |\n"));
  const std::string html = gpu_report("html");
  CHECK(has(html, "<dt>Total credits owed</dt><dd>132,000.00 CNY, claim by 2026-12-30</dd>"));
  CHECK(has(html, "<td class=\"num\">120,000.00</td><td>2026-12-30</td>"));
}

namespace {

std::string quickstart_explained(const std::string& format) {
  const std::string dir = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/";
  const slaudit::testing::ScratchDir scratch("cli-audit-wording");
  const slaudit::testing::CliRun run = scratch.run(
      SLAUDIT_CLI, "audit " + dir + "acme.sla --incidents " + dir + "acme.incidents.jsonl --period 2026-11 --explain --format " + format);
  INFO(run.err);
  CHECK(run.exit == 3);
  return run.out;
}

}  // namespace

TEST_CASE("audit wording: a derivation cites the term that produced it, the default only when none is written",
          "[cli][report]") {
  const std::string text = quickstart_explained("text");
  // acme.sla line 19: `excluded time removed from period;` (the example).
  CHECK(has(text, "    eligible: 2581200 s = period - excluded (excluded time removed from period) — "));
  CHECK(has(text, "acme.sla:19\n"));
  // The availability is the clause's (line 13); the counted downtime is the raw one, since the
  // contract states no minimum-downtime or partial-minute rule: that is a default, and said so.
  CHECK(has(text, "= (eligible - down) / eligible = 4297/4302 — "));
  CHECK(has(text, "    down (counted): 3000 s = down (raw): the contract states no minimum-downtime or partial-minute rule "
                  "— (default: the contract does not say)\n"));
  CHECK(!has(text, "after the minimum-downtime rule"));  // acme.sla has none
  // Every line that still says "default" is one whose term acme.sla does not write.
  size_t defaults = 0;
  for (size_t at = text.find("(default: the contract does not say)"); at != std::string::npos;
       at = text.find("(default: the contract does not say)", at + 1))
    ++defaults;
  CHECK(defaults == 1);  // the down (counted) line
  const std::string md = quickstart_explained("markdown");
  CHECK(has(md, "(excluded time removed from period) (`" ));
  CHECK(has(md, "`, line 19: `excluded time removed from period;`)\n"));
  const std::string html = quickstart_explained("html");
  CHECK(has(html, "<code>excluded time removed from period;</code>"));
}
