// `slaudit audit --as-of INSTANT --window LENGTH` (issue 17, item 9;
// docs/audit.md section 28): the rolling window ending at the instant audited
// as one period of its own, its availability against the target and its error
// budget, never a credit; and the options it refuses.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/schema_walk.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

std::string contract(const std::string& extra) {
  return "contract \"budget\" {\n"
         "  effective 2026-01-01 to 2027-12-31; timezone \"UTC\"; currency USD;\n"
         "  service api { fee 100.00 per month; }\n"
         "  availability api {\n"
         "    target 99.9%; period calendar month;" + extra + "\n"
         "    credit of monthly fee { below 99.9%: 10%; }\n"
         "  }\n"
         "}\n";
}

// The log of docs/audit.md section 28 (and tests/cli/as_of_test.cpp).
const std::string kLog =
    "{\"id\":\"a\",\"service\":\"api\",\"start\":\"2026-11-19T10:00:00Z\",\"end\":\"2026-11-19T10:20:00Z\"}\n"
    "{\"id\":\"b\",\"service\":\"api\",\"start\":\"2026-11-20T11:30:00Z\",\"end\":\"2026-11-20T11:40:00Z\"}\n"
    "{\"id\":\"c\",\"service\":\"api\",\"start\":\"2026-11-20T11:50:00Z\"}\n"
    "{\"id\":\"d\",\"service\":\"api\",\"start\":\"2026-11-25T00:00:00Z\",\"end\":\"2026-11-25T05:00:00Z\"}\n";

struct Scratch : slaudit::testing::ScratchDir {
  explicit Scratch(const std::string& extra = "", const std::string& log = kLog) : ScratchDir("cli-window") {
    write("b.sla", contract(extra));
    write("b.jsonl", log);
  }
  CliRun run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, "audit b.sla --incidents b.jsonl " + args); }
};

}  // namespace

TEST_CASE("cli window: the last 7 days as of an instant, in text", "[cli][budget][window]") {
  const Scratch scratch;
  const CliRun run = scratch.run("--as-of 2026-11-20T12:00:00Z --window 7d");
  INFO(run.out << run.err);
  // The window 2026-11-13T12:00Z..2026-11-20T12:00Z: 7 x 1,440 = 10,080 min. Down: a 20 + b 10 + c 10 (open, cut
  // at the instant) = 40 min; d is after it. (10,080 - 40) / 10,080 = 251/252 = 99.6031...% < 99.9%: below target.
  CHECK(run.exit == 3);
  CHECK(has(run.out, "range the last 7 d as of 2026-11-20T12:00:00Z"));
  CHECK(has(run.out, "  api      2026-11-13T12:00:00Z/2026-11-20T12:00:00Z   99.9%         10080        40             0"
                     "     99.6031%~  -       0.00  no cap  0.00  -         missed (incomplete)\n"));
  CHECK(has(run.out, "a rolling window, not a period of the contract: its availability against the target only; no "
                     "credit, cap or claim is judged for it"));
  // Budget 0.001 x 10,080 = 10.08 min, spent 40: overspent. Burn 1 h: 20 min / 60 / 0.001 = 333.33;
  // 1 d (from the 19th 12:00): the same 20 min / 1,440 / 0.001 = 13.89.
  CHECK(has(run.out, "Error budget as of 2026-11-20T12:00:00Z over the last 7 d (minutes; a burn rate of 1 spends the "
                     "window's whole budget in a window's time)\n"));
  CHECK(has(run.out, "  api      2026-11-13T12:00:00Z/2026-11-20T12:00:00Z   99.9%   10.08     40  -29.92  333.33~   "
                     "13.89~  spent\n"));
  CHECK(has(run.out, "Total owed: 0.00 USD"));
}

TEST_CASE("cli window: a day's window, and JSON", "[cli][budget][window]") {
  const Scratch scratch;
  const CliRun json = scratch.run("--as-of 2026-11-20T12:00:00Z --window 24h --format json");
  INFO(json.err);
  // 2026-11-19T12:00Z..2026-11-20T12:00Z: a (10:00-10:20 on the 19th) is before it; b 10 + c 10 = 20 min
  // of 1,440: 1,420/1,440 = 71/72 = 98.6111...%. Budget 1.44 min: spent.
  CHECK(json.exit == 3);
  const nlohmann::json report = nlohmann::json::parse(json.out);
  CHECK(report.at("as_of").at("window_seconds") == 86400);
  const nlohmann::json& p = report.at("periods").at(0);
  CHECK(p.at("period") == "2026-11-19T12:00:00Z/2026-11-20T12:00:00Z");
  CHECK(p.at("availability").at("num") == "71");
  CHECK(p.at("availability").at("den") == "72");
  CHECK(p.at("owed").at("minor") == 0);
  CHECK(p.at("credit").at("minor") == 0);
  CHECK(p.at("verdict") == "breached");
  const nlohmann::json& b = report.at("as_of").at("budgets").at(0);
  CHECK(b.at("allowed_seconds").at("num") == "432");  // 0.001 x 86,400 = 86.4 s = 432/5
  CHECK(b.at("allowed_seconds").at("den") == "5");
  CHECK(b.at("spent_seconds").at("num") == "1200");
  CHECK(b.at("runs_out").is_null());
  CHECK(report.at("evidence_complete") == false);
  // The report follows its schema (window_seconds is the new field).
  const auto schema = slaudit::testing::check_against_docs_schema("audit-report.schema.json", report);
  INFO(schema.first_problem());
  CHECK(schema.clean());
}

TEST_CASE("cli window: a downtime run across the window's start is judged by its whole length", "[cli][window]") {
  // Downtime under 15 min is ignored. e runs 11:50-12:10 on the 13th: 20 min, 10 of them inside the window
  // from 12:00; judged by its 20 min it counts, 10 min. a: 20 min. Down 30 of 10,080 min.
  const Scratch scratch(
      " ignore downtime shorter than 15 min;",
      "{\"id\":\"e\",\"service\":\"api\",\"start\":\"2026-11-13T11:50:00Z\",\"end\":\"2026-11-13T12:10:00Z\"}\n"
      "{\"id\":\"a\",\"service\":\"api\",\"start\":\"2026-11-19T10:00:00Z\",\"end\":\"2026-11-19T10:20:00Z\"}\n");
  const CliRun run = scratch.run("--as-of 2026-11-20T12:00:00Z --window 7d --format json");
  INFO(run.err);
  const nlohmann::json report = nlohmann::json::parse(run.out);
  CHECK(report.at("periods").at(0).at("down_raw_seconds") == 1800);
}

TEST_CASE("cli window: what it refuses", "[cli][window]") {
  const Scratch scratch;
  struct Case {
    const char* args;
    const char* message;
  };
  const Case cases[] = {
      {"--window 7d --period 2026-11", "--window is the rolling window ending at --as-of; give --as-of too"},
      {"--as-of 2026-11-20T12:00:00Z --window 30", "bad --window '30': expected whole days or hours"},
      {"--as-of 2026-11-20T12:00:00Z --window 30m", "bad --window '30m'"},
      {"--as-of 2026-11-20T12:00:00Z --window 0h", "must be from 1 hour to 366 days"},
      {"--as-of 2026-11-20T12:00:00Z --window 367d", "must be from 1 hour to 366 days"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const CliRun run = scratch.run(c.args);
    CHECK(run.exit == 2);
    CHECK(has(run.err, c.message));
  }
}
