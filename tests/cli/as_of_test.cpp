// `slaudit audit --as-of INSTANT` end to end (issue 17, item 10; docs/audit.md
// section 28): the period in progress and its error budget in text, JSON and
// HTML, the exit code of an unfinished period, and the options it refuses.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

const std::string kContract =
    "contract \"budget\" {\n"
    "  effective 2026-01-01 to 2027-12-31; timezone \"UTC\"; currency USD;\n"
    "  service api { fee 100.00 per month; }\n"
    "  availability api {\n"
    "    target 99.9%; period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "  }\n"
    "}\n";

// The worked example of docs/audit.md section 28: budget 0.001 x 43,200 min = 43.2 min.
const std::string kLog =
    "{\"id\":\"a\",\"service\":\"api\",\"start\":\"2026-11-19T10:00:00Z\",\"end\":\"2026-11-19T10:20:00Z\"}\n"
    "{\"id\":\"b\",\"service\":\"api\",\"start\":\"2026-11-20T11:30:00Z\",\"end\":\"2026-11-20T11:40:00Z\"}\n"
    "{\"id\":\"c\",\"service\":\"api\",\"start\":\"2026-11-20T11:50:00Z\"}\n"
    "{\"id\":\"d\",\"service\":\"api\",\"start\":\"2026-11-25T00:00:00Z\",\"end\":\"2026-11-25T05:00:00Z\"}\n";

struct Scratch : slaudit::testing::ScratchDir {
  Scratch() : ScratchDir("cli-as-of") {
    write("b.sla", kContract);
    write("b.jsonl", kLog);
  }
  CliRun run(const std::string& args) const { return ScratchDir::run(SLAUDIT_CLI, "audit b.sla --incidents b.jsonl " + args); }
};

}  // namespace

TEST_CASE("cli as-of: the budget of the period in progress, in text", "[cli][budget][docs]") {
  const Scratch scratch;
  const CliRun run = scratch.run("--as-of 2026-11-20T12:00:00Z");
  INFO(run.err);
  CHECK(run.exit == 4);  // met so far, but the period is not over: never "all met"
  // Spent: a 20 + b 10 + c 10 (open, cut at 12:00) = 40 min; d starts after the instant.
  // Burn 1 h: 20 min / 60 min / 0.001 = 333.33; 1 d: 20 min / 1,440 min / 0.001 = 13.89;
  // the 3.2 min left at 20 min a day last 230.4 min: 15:50:24.
  CHECK(has(run.out, "Error budget as of 2026-11-20T12:00:00Z (minutes; a burn rate of 1 spends the whole budget by "
                     "the period's end)\n"
                     "  service  period   target  budget  spent  left  burn 1h  burn 1d  runs out\n"
                     "  api      2026-11   99.9%    43.2     40   3.2  333.33~   13.89~  2026-11-20T15:50:24Z\n"));
  CHECK(has(run.out, "note: audited as of 2026-11-20T12:00:00Z: incidents known by then, open ones counted as down up "
                     "to it; 1 incident record(s) starting at or after it left out, not yet known then\n"));
  CHECK(has(run.out, "evidence incomplete: in progress: audited as of 2026-11-20T12:00:00Z"));
  CHECK(has(run.out, "Result: no breach found, but the evidence is incomplete"));
}

TEST_CASE("cli as-of: JSON and HTML carry the budget, and an overspent budget is a breach", "[cli][budget]") {
  const Scratch scratch;
  const CliRun json = scratch.run("--as-of 2026-11-20T12:00:00Z --format json");
  const nlohmann::json report = nlohmann::json::parse(json.out);
  const nlohmann::json& b = report.at("as_of").at("budgets").at(0);
  CHECK(report.at("as_of").at("instant") == "2026-11-20T12:00:00Z");
  CHECK(b.at("allowed_seconds").at("num") == "2592");
  CHECK(b.at("spent_seconds").at("num") == "2400");
  CHECK(b.at("left_seconds").at("num") == "192");
  CHECK(b.at("last_hour").at("burn_rate").at("num") == "1000");
  CHECK(b.at("last_hour").at("burn_rate").at("den") == "3");
  CHECK(b.at("runs_out") == "2026-11-20T15:50:24Z");
  CHECK(report.at("evidence_complete") == false);

  const CliRun markdown = scratch.run("--as-of 2026-11-20T12:00:00Z --format markdown");
  CHECK(has(markdown.out, "| api | 2026-11 | 99.9% | 43.2 | 40 | 3.2 | 333.33~ | 13.89~ | 2026-11-20T15:50:24Z |\n"));

  const CliRun html = scratch.run("--as-of 2026-11-20T12:00:00Z --format html");
  CHECK(has(html.out, "<h2>Error budget as of 2026-11-20T12:00:00Z</h2>"));
  CHECK(has(html.out, "<td>2026-11-20T15:50:24Z</td>"));

  // As of the 25th 03:00, c has run open for days: the budget is spent and the month is already missed.
  const CliRun late = scratch.run("--as-of 2026-11-25T03:00:00Z");
  CHECK(late.exit == 3);
  CHECK(has(late.out, "spent\n"));
}

TEST_CASE("cli as-of: what it refuses", "[cli][budget]") {
  const Scratch scratch;
  const CliRun period = scratch.run("--as-of 2026-11-20T12:00:00Z --period 2026-11");
  CHECK(period.exit == 2);
  CHECK(has(period.err, "slaudit audit: --as-of audits the periods in progress at an instant from an incident log; "
                        "it takes no --period"));
  const CliRun bad = scratch.run("--as-of 2026-11-20");
  CHECK(bad.exit == 2);
  CHECK(has(bad.err, "slaudit audit: bad --as-of '2026-11-20'"));
}

TEST_CASE("cli as-of: a contract without effective dates is audited over the whole period in progress", "[cli][budget]") {
  // Without `effective`, the instant's day once bounded the service: the month
  // was audited as the one day 11-20 (1,440 min, a partial period), and the
  // incident of the 19th was not counted.
  slaudit::testing::ScratchDir scratch("cli-as-of-undated");
  std::string undated = kContract;
  undated.replace(undated.find("effective 2026-01-01 to 2027-12-31; "), std::string("effective 2026-01-01 to 2027-12-31; ").size(), "");
  scratch.write("u.sla", undated);
  scratch.write("b.jsonl", kLog);
  const CliRun run = scratch.run(SLAUDIT_CLI, "audit u.sla --incidents b.jsonl --as-of 2026-11-20T12:00:00Z --format json");
  INFO(run.err);
  const auto report = nlohmann::json::parse(run.out);
  REQUIRE(report["periods"].size() == 1);
  const auto& p = report["periods"][0];
  // The whole of November, 2,592,000 s; down 20 + 10 + 10 min = 2,400 s, as with the dated contract:
  // (2,592,000 - 2,400) / 2,592,000 = 1079/1080 = 99.9074%.
  CHECK(p["period"] == "2026-11");
  CHECK(p["partial"] == false);
  CHECK(p["eligible_seconds"]["num"] == "2592000");
  CHECK(p["down_raw_seconds"] == 2400);
  CHECK(p["availability"]["num"] == "1079");
  CHECK(p["availability"]["den"] == "1080");
  CHECK(run.exit == 4);
}
