// Issue 43: nothing injected. Hostile text in every input a report repeats (a
// contract's title and clause comments, incident and resource ids, a claim's
// reference) goes through every CSV and Markdown writer of the built binary:
// no CSV cell may start a spreadsheet formula, and no Markdown output may
// carry live HTML or a live link. On main the incident CSV, the claims pack,
// the ledger's CSVs and the claim letter (whose ``` fence a comment closed)
// let them through.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

// A formula for a spreadsheet, live HTML and a live link for a Markdown
// viewer; no comma or quote, so it is one cell in every input CSV as it is.
const std::string kPayload = "=1+2<img src=x onerror=alert(1)>[x](javascript:alert(1))";

const std::string kContract =
    "contract \"" + kPayload + "\" {\n"
    "  provider \"P\"; customer \"C\";\n"
    "  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency EUR;\n"
    "  service vm { fee 100.00 per month; }\n"
    "  availability vm {\n"
    "    /* a comment that closes a three-backtick fence\n"
    "```\n"
    "<img src=x onerror=alert(1)> [x](javascript:alert(1))\n"
    "```\n"
    "    */\n"
    "    target 99.9%; period calendar month; unavailable when any incident;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "    claim within 30 d after period end;\n"
    "  }\n"
    "}\n";

// 60 min down of 43,200: 99.86% < 99.9%: 10% of 100.00 = 10.00 EUR owed.
const std::string kIncidents = "{\"id\":\"" + kPayload +
                               "\",\"service\":\"vm\",\"start\":\"2026-11-03T02:00:00Z\","
                               "\"end\":\"2026-11-03T03:00:00Z\"}\n";

const std::string kSource = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/";

class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("cli-injection") {
    write("c.sla", kContract);
    write("i.jsonl", kIncidents);
    // The bundled fleet with i-003 (down 40 h: owed) renamed to the payload.
    for (const char* name : {"aws_ec2_fleet.sla", "aws_ec2_fleet.inventory.csv", "aws_ec2_fleet.billing.csv",
                             "aws_ec2_fleet.incidents.csv"})
      write(name, std::regex_replace(slurp_source("library/" + std::string(name)), std::regex("\\bi-003\\b"), kPayload));
    for (const char* name : {"article_claims.sla", "article_claims.inventory.json", "article_claims.measurements.jsonl",
                             "article_claims.incidents.jsonl"})
      write(name, retitled(slurp_source("examples/" + std::string(name))));
    for (const char* name : {"vendor_a.sla", "vendor_b.sla"}) write(name, retitled(slurp_source("compare/" + std::string(name))));
    copy_in(kSource + "compare/replay.incidents.jsonl", "replay.jsonl");
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }

 private:
  static std::string slurp_source(const std::string& name) { return slaudit::testing::slurp(kSource + name); }
  // The contract's title with the payload in front.
  static std::string retitled(const std::string& text) {
    return std::regex_replace(text, std::regex("contract \""), "contract \"" + kPayload + " ",
                              std::regex_constants::format_first_only);
  }
};

// The cells of an RFC 4180 text.
std::vector<std::string> csv_cells(const std::string& csv) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < csv.size(); ++i) {
    const char c = csv[i];
    if (quoted) {
      if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') cells.back() += csv[++i];
      else if (c == '"') quoted = false;
      else cells.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',' || c == '\n') {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

// A cell a spreadsheet would run: = + - @ tab or CR first, and not a plain number.
bool runs_as_formula(const std::string& cell) {
  if (cell.empty() || std::string("=+-@\t\r").find(cell.front()) == std::string::npos) return false;
  return !std::regex_match(cell, std::regex("-[0-9]+([./][0-9]+)?"));
}

// The Markdown with fenced blocks (CommonMark: closed by a line of at least as
// many backticks) and code spans taken out: what a viewer renders as markup.
std::string rendered_as_markup(const std::string& md) {
  std::string out;
  size_t fence = 0;
  size_t at = 0;
  while (at < md.size()) {
    const size_t end = std::min(md.find('\n', at), md.size());
    const std::string line = md.substr(at, end - at);
    at = end + 1;
    const size_t run = line.find_first_not_of('`') == std::string::npos ? line.size() : line.find_first_not_of('`');
    if (fence > 0) {
      if (run >= fence && line.find_first_not_of('`') == std::string::npos) fence = 0;
      continue;
    }
    if (run >= 3) {
      fence = run;
      continue;
    }
    out += line + "\n";
  }
  // Code spans: a run of n backticks up to the next run of exactly n.
  return std::regex_replace(out, std::regex("(`+)[^`]*?\\1"), "");
}

// Live HTML or a live javascript: link: not backslash-escaped, outside code.
bool live_markup(const std::string& md) {
  return std::regex_search(rendered_as_markup(md), std::regex("(^|[^\\\\])<img|[^\\\\]\\]\\(javascript:"));
}

struct Writer {
  const char* name;
  std::string args;  // after which `out` is read
  std::string out;   // a file the command writes; empty: standard output
};

const std::string kAudit = "audit c.sla --incidents i.jsonl --period 2026-11 ";
const std::string kFleet =
    "audit aws_ec2_fleet.sla --inventory aws_ec2_fleet.inventory.csv --billing-export aws_ec2_fleet.billing.csv "
    "--incidents aws_ec2_fleet.incidents.csv --period 2026-11 ";

}  // namespace

TEST_CASE("cli: no CSV writer starts a cell with a formula, whatever the inputs hold", "[cli][hostile][csv]") {
  const Scratch s;
  REQUIRE(s.slaudit(kAudit + "--ledger audits.db").exit == 3);
  REQUIRE(s.slaudit("ledger claim audits.db filed --service vm --period 2026-11 --on 2026-12-05 --reference '" +
                    kPayload + "'")
              .exit == 0);
  const std::vector<Writer> writers = {
      {"audit --format csv", kAudit + "--format csv", ""},
      {"audit --format csv-incidents", kAudit + "--format csv-incidents", ""},
      {"fleet --claims-pack", kFleet + "--claims-pack pack.csv", "pack.csv"},
      {"ledger history --format csv", "ledger history audits.db --format csv", ""},
      {"ledger history --by-period --format csv", "ledger history audits.db --by-period --format csv", ""},
      {"ledger claims --format csv", "ledger claims audits.db --as-of 2026-12-10 --format csv", ""},
  };
  for (const Writer& w : writers) {
    SECTION(w.name) {
      const Run run = s.slaudit(w.args);
      INFO(run.err);
      REQUIRE(run.exit != 2);
      const std::string csv = w.out.empty() ? run.out : s.read(w.out);
      bool payload_seen = false;
      for (const std::string& cell : csv_cells(csv)) {
        INFO(cell);
        CHECK_FALSE(runs_as_formula(cell));
        payload_seen |= has(cell, kPayload.substr(1));
      }
      // The payload is kept, as text: "'=1+2<img ...".
      if (has(w.name, "incidents") || has(w.name, "pack") || has(w.name, "ledger")) CHECK(payload_seen);
    }
  }
}

TEST_CASE("cli: no Markdown writer lets input text become live HTML or a link", "[cli][hostile][markdown]") {
  const Scratch s;
  const std::vector<Writer> writers = {
      {"audit --format markdown", kAudit + "--format markdown", ""},
      {"audit --format letter", kAudit + "--format letter", ""},
      {"claims --format markdown",
       "claims article_claims.sla --inventory article_claims.inventory.json --measurements "
       "article_claims.measurements.jsonl --incidents article_claims.incidents.jsonl --format markdown",
       ""},
      {"compare --format markdown", "compare vendor_a.sla vendor_b.sla --replay replay.jsonl --format markdown", ""},
      {"fleet --format markdown", kFleet + "--format markdown", ""},
      {"fleet --claims-pack pack.md", kFleet + "--claims-pack pack.md", "pack.md"},
  };
  for (const Writer& w : writers) {
    SECTION(w.name) {
      const Run run = s.slaudit(w.args);
      INFO(run.err);
      REQUIRE(run.exit != 2);
      const std::string md = w.out.empty() ? run.out : s.read(w.out);
      INFO(md);
      CHECK(has(md, "img"));  // the text is there, only not live
      CHECK_FALSE(live_markup(md));
    }
  }
}

TEST_CASE("cli audit --format letter: a clause holding ``` is quoted whole, in a longer fence", "[cli][hostile][markdown]") {
  const Scratch s;
  const Run run = s.slaudit(kAudit + "--format letter");
  REQUIRE(run.exit == 3);
  CHECK(has(run.out, "\n````\n  availability vm {\n    /* a comment that closes a three-backtick fence\n```\n<img "));
  CHECK(has(run.out, "  }\n````\n"));
}
