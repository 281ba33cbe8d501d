// `slaudit audit --statement FILE` end to end (issue 17, item 7; docs/audit.md
// section 26): the built binary on the worked example of the docs, in every
// format, with its rejections (file:line), exit codes and usage errors.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <fstream>
#include <string>

#include "base/util/sha256.h"
#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

// docs/audit.md section 26. contracts/quickstart/acme.sla: Europe/Berlin, EUR, fee 500.00 a month,
// target 99.9%, 10% below 99.9%, 25% below 99.0%, cap 100% of the fee, claim within 30 d after period end.
const std::string kStatement =
    "service,period,availability,credit_paid\n"
    "vm,2026-09,98.7%,125.00 EUR\n"  // < 99.0%: 25% x 500.00 = 125.00; paid 125.00: matches
    "vm,2026-10,99.95%,0.00\n"       // >= 99.9%: met, 0.00; paid 0.00: matches
    "vm,2026-11,99.2%,25.00\n"       // < 99.9%: 10% x 500.00 = 50.00; paid 25.00: underpaid by 25.00
    "vm,2026-08,99.2.1%,\n"          // a bad figure
    "vm,2025-11,99%,\n";             // before the contract's effective dates

struct Scratch : slaudit::testing::ScratchDir {
  Scratch() : ScratchDir("cli-statement") {
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", "acme.sla");
    write("acme.statement.csv", kStatement);
  }
  CliRun run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, "audit acme.sla " + args); }
};

const std::string kRange = "--statement acme.statement.csv --period 2026-09-01..2026-11-30";

}  // namespace

TEST_CASE("cli statement: the docs' worked example, in text", "[cli][statement][docs]") {
  const Scratch scratch;
  const CliRun run = scratch.run(kRange);
  INFO(run.err);
  CHECK(run.exit == 3);  // November's 99.2% misses the 99.9% target, and is underpaid
  CHECK(has(run.out, "Statement (the provider's figures; amounts in EUR)\n"));
  CHECK(has(run.out, "  vm       2026-09   98.7%  acme.statement.csv:2   99.9%  missed  125.00  125.00        0.00  matches\n"));
  CHECK(has(run.out, "  vm       2026-10  99.95%  acme.statement.csv:3   99.9%  met       0.00    0.00        0.00  matches\n"));
  CHECK(has(run.out, "  vm       2026-11   99.2%  acme.statement.csv:4   99.9%  missed   50.00   25.00       25.00  underpaid\n"));
  CHECK(has(run.out, "  vm 2026-11: credit paid 25.00 EUR (acme.statement.csv:4), owed 50.00 EUR: underpaid by 25.00 EUR\n"));
  CHECK(has(run.out, "  vm 2026-09: credit paid 125.00 EUR (acme.statement.csv:2), owed 125.00 EUR: matches\n"));
  CHECK(has(run.out, "  owed 175.00 EUR at the stated figures, paid 150.00 EUR: underpaid by 25.00 EUR\n"));
  CHECK(has(run.out, "  acme.statement.csv: read 5, used 3, rejected 2\n"));
  CHECK(has(run.out, "  acme.statement.csv:5: bad availability '99.2.1%': expected a percentage such as 99.2% or 99.95\n"));
  CHECK(has(run.out, "  acme.statement.csv:6: service 'vm' has no audited period '2025-11' in the range 2026-09-01..2026-11-30 "
                     "(audited: 2026-09, 2026-10, 2026-11); a period outside the contract's effective dates or "
                     "--period is not audited\n"));
  CHECK(has(run.out, "Evidence incomplete: 1 row(s) of the statement acme.statement.csv rejected (listed under Records)\n"));
  CHECK(has(run.out, "Evidence incomplete: 1 row(s) of the statement acme.statement.csv name no audited period "
                     "(listed under Records)\n"));
  CHECK(has(run.err, "warning: 2 statement row(s) rejected"));
  // The statement is an input, named by the SHA-256 of its bytes.
  CHECK(has(run.out, "statement  acme.statement.csv  " + slaudit::sha256_hex(kStatement)));
  // The figure is the period's availability: 99.2% of November's 43,200 min leaves 345.6 min implied down.
  // 43,200 x (1 - 0.992) = 345.6 min; October (DST ends: 44,700 min) x 0.0005 = 22.35; September 43,200 x 0.013 = 561.6.
  CHECK(has(run.out, "  vm       2026-11   99.9%         43200     345.6             0      99.2000%  <99.9%: 10%   50.00"));
  CHECK(has(run.out, "  vm       2026-10   99.9%         44700     22.35             0      99.9500%  -              0.00"));
  CHECK(has(run.out, "  vm       2026-09   99.9%         43200     561.6             0      98.7000%  <99%: 25%    125.00"));

  const CliRun explained = scratch.run(kRange + " --explain");
  CHECK(has(explained.out, "    availability: 99.2000% = stated by the provider's statement (acme.statement.csv:4): 99.2% = "
                           "124/125 — acme.sla:13\n"));
  // 2,592,000 s x (1 - 124/125) = 20,736 s.
  CHECK(has(explained.out, "    down (implied): 20736 s = eligible x (1 - stated availability): the downtime the stated "
                           "figure stands for — acme.sla:13\n"));

  // --strict: the rejected rows make it exit 1, the report still printed.
  CHECK(scratch.run(kRange + " --strict").exit == 1);
}

TEST_CASE("cli statement: JSON, Markdown and HTML carry the comparison", "[cli][statement]") {
  const Scratch scratch;
  const CliRun json = scratch.run(kRange + " --format json");
  CHECK(json.exit == 3);
  const auto report = nlohmann::json::parse(json.out);
  REQUIRE(report["periods"].size() == 3);
  const auto& november = report["periods"][2];
  CHECK(november["period"] == "2026-11");
  CHECK(november["availability"]["num"] == "124");
  CHECK(november["availability"]["den"] == "125");
  CHECK(november["met"] == false);
  CHECK(november["statement"] == nlohmann::json::parse(R"({
      "difference": {"decimal": "25.00", "minor": 2500}, "line": 4, "owed": {"decimal": "50.00", "minor": 5000},
      "paid": {"decimal": "25.00", "minor": 2500}, "path": "acme.statement.csv", "payment": "underpaid",
      "stated": "99.2%"})"));
  CHECK(report["periods"][0]["statement"]["payment"] == "matches");
  CHECK(report["periods"][0]["owed"]["minor"] == 12500);
  CHECK(report["total_owed"]["minor"] == 17500);
  CHECK(report["records"][0] == nlohmann::json({{"path", "acme.statement.csv"}, {"read", 5}, {"used", 3}, {"rejected", 2}}));
  CHECK(report["rejected"][0]["line"] == 5);
  CHECK(report["inputs"][1]["role"] == "statement");
  // Keys the schema knows, and none else.
  std::ifstream in(std::string(SLAUDIT_SOURCE_DIR) + "/docs/audit-report.schema.json");
  const auto schema = nlohmann::json::parse(in)["$defs"];
  for (const auto& [key, value] : november.items()) CHECK(schema["period"]["properties"].contains(key));
  for (const auto& name : schema["statement"]["required"]) CHECK(november["statement"].contains(name.get<std::string>()));
  for (const auto& [key, value] : november["statement"].items()) CHECK(schema["statement"]["properties"].contains(key));

  const CliRun md = scratch.run(kRange + " --format markdown");
  CHECK(md.exit == 3);
  CHECK(has(md.out, "## Statement\n"));
  CHECK(has(md.out, "| vm | 2026-11 | 99.2% | acme.statement.csv:4 | 99.9% | no | 50.00 | 25.00 | 25.00 | underpaid |\n"));
  CHECK(has(md.out, "owed 175.00 EUR at the stated figures, paid 150.00 EUR: underpaid by 25.00 EUR"));
  CHECK(has(md.out, "| acme.statement.csv | 5 | bad availability '99.2.1%': expected a percentage such as 99.2% or 99.95 |"));

  const CliRun html = scratch.run(kRange + " --format html");
  CHECK(html.exit == 3);
  CHECK(has(html.out, "<section id=\"statement\">"));
  CHECK(has(html.out, "<td class=\"num\">99.2%</td><td>acme.statement.csv:4</td>"));
  CHECK(has(html.out, "<td class=\"missed\">underpaid</td>"));
  CHECK(has(html.out, "owed 175.00 EUR at the stated figures, paid 150.00 EUR: underpaid by 25.00 EUR"));
}

TEST_CASE("cli statement: exit codes follow the figures, not the payment alone", "[cli][statement]") {
  const Scratch scratch;
  // October alone: 99.95% met, paid 0.00: matches, every SLA met on complete evidence.
  scratch.write("october.csv", "period,availability,credit_paid\n2026-10,99.95%,0.00\n");
  const CliRun met = scratch.run("--statement october.csv --period 2026-10");
  CHECK(met.exit == 0);
  CHECK(has(met.out, "Result: every SLA met\n"));
  // Met and paid 5.00 anyway: overpaid, no breach.
  scratch.write("over.jsonl", "{\"period\":\"2026-10\",\"availability\":99.95,\"credit_paid\":\"5.00 EUR\"}\n");
  const CliRun over = scratch.run("--statement over.jsonl --period 2026-10");
  CHECK(over.exit == 0);
  CHECK(has(over.out, "overpaid by 5.00 EUR"));
  // December has no row: not assessed, exit 4.
  const CliRun december = scratch.run("--statement october.csv --period 2026-10-01..2026-12-31");
  CHECK(december.exit == 4);
  CHECK(has(december.out, "the statement gives no availability for vm 2026-12: availability is not assessed"));
}

TEST_CASE("cli statement: usage errors", "[cli][statement]") {
  const Scratch scratch;
  scratch.write("log.jsonl", "");
  const CliRun both = scratch.run("--statement acme.statement.csv --incidents log.jsonl --period 2026-11");
  CHECK(both.exit == 2);
  CHECK(has(both.err, "--incidents excludes --statement"));
  scratch.write("statement.txt", kStatement);
  const CliRun unknown = scratch.run("--statement statement.txt --period 2026-11");
  CHECK(unknown.exit == 2);
  CHECK(has(unknown.err, "slaudit audit: cannot tell the format of the statement statement.txt from its name; give "
                         "--statement-format csv or jsonl"));
  const CliRun named = scratch.run("--statement statement.txt --statement-format csv --period 2026-09-01..2026-11-30");
  CHECK(named.exit == 3);
  const CliRun missing = scratch.run("--statement nowhere.csv --period 2026-11");
  CHECK(missing.exit == 2);
  scratch.write("p.csv", "timestamp,target,success\n");
  const CliRun probes = scratch.run("--statement acme.statement.csv --probes p.csv --period 2026-11");
  CHECK(probes.exit == 2);
  CHECK(has(probes.err, "--statement gives each period's availability; it cannot be combined with --incidents, "
                        "--probes or --prometheus"));
}
