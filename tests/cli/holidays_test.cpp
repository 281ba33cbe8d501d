// `slaudit audit --holidays FILE` end to end (issue 17, item 4; docs/audit.md
// section 27): the earliest claim day counted with the contract's holiday
// calendar, the file's digest in the report, and each way it can be wrong.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "base/util/sha256.h"
#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::CliRun;
using slaudit::testing::has;

const std::string kContract =
    "contract \"t\" {\n"
    "  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
    "  holidays \"X\";\n"
    "  service s { fee 1000.00 per month; }\n"
    "  availability s {\n"
    "    target 99.9%; period calendar month;\n"
    "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }\n"
    "    claim within 2 months after period end, not before 5 working days after period end;\n"
    "  }\n"
    "}\n";

// 2 days down of September's 30: 28/30 = 93.33% -> the 100% tier, 1,000.00 CNY.
const std::string kLog =
    "{\"id\":\"big\",\"service\":\"s\",\"start\":\"2026-09-10T00:00:00+08:00\",\"end\":\"2026-09-12T00:00:00+08:00\"}\n";

// Calendar X: 1-7 October 2026 off, Saturday 10 October worked; calendar Y is another jurisdiction's.
const std::string kHolidays =
    "date,calendar,day,name\n"
    "2026-10-01,X,holiday,National Day\n2026-10-02,X,holiday,\n2026-10-03,X,holiday,\n2026-10-04,X,holiday,\n"
    "2026-10-05,X,holiday,\n2026-10-06,X,holiday,\n2026-10-07,X,holiday,\n"
    "2026-10-10,X,working,make-up working day\n"
    "2026-10-01,Y,holiday,\n";

struct Scratch : slaudit::testing::ScratchDir {
  Scratch() : ScratchDir("cli-holidays") {
    write("t.sla", kContract);
    write("t.jsonl", kLog);
    write("h.csv", kHolidays);
  }
  CliRun run(const std::string& args, const std::string& period = "2026-09") const {
    return ScratchDir::run(SLAUDIT_CLI, "audit t.sla --incidents t.jsonl --period " + period + " " + args);
  }
};

}  // namespace

TEST_CASE("cli holidays: the earliest claim day follows the calendar", "[cli][holidays]") {
  const Scratch scratch;
  // September ends Wednesday 30th. Calendar X: Thu 8 (1), Fri 9 (2), Sat 10 worked (3), Mon 12 (4), Tue 13 (5).
  const CliRun early = scratch.run("--holidays h.csv --claimed 2026-10-09 --explain");
  INFO(early.err);
  CHECK(early.exit == 3);  // breached; the credit is lost to the early claim
  CHECK(has(early.out, "claim filed too early on 2026-10-09, earliest 2026-10-13, deadline 2026-11-30"));
  CHECK(has(early.out, "claimed 2026-10-09, before the earliest day 2026-10-13 (the 5th working day of calendar X)"));
  CHECK(has(early.out, "Total owed: 0.00 CNY"));
  CHECK(has(early.out, "note: working days: Monday to Friday, less 7 holiday(s) and plus 1 make-up working day(s) of "
                       "calendar \"X\" (h.csv), which lists days in 2026\n"));
  CHECK(has(early.out, "  holidays   h.csv    " + slaudit::sha256_hex(kHolidays) + "\n"));

  const CliRun in_time = scratch.run("--holidays h.csv --claimed 2026-10-13 --format json");
  INFO(in_time.err);
  CHECK(in_time.exit == 3);
  const nlohmann::json report = nlohmann::json::parse(in_time.out);
  const nlohmann::json& claim = report.at("periods").at(0).at("claim");
  CHECK(claim.at("earliest") == "2026-10-13");
  CHECK(claim.at("state") == "in_time");
  CHECK(report.at("total_owed").at("minor") == 100000);  // 100% of 1,000.00 CNY
  bool listed = false;
  for (const auto& input : report.at("inputs"))
    listed |= input.at("role") == "holidays" && input.at("path") == "h.csv" &&
              input.at("sha256") == slaudit::sha256_hex(kHolidays);
  CHECK(listed);
}

TEST_CASE("cli holidays: a calendar missing, short or malformed stops the audit with exit 2", "[cli][holidays]") {
  const Scratch scratch;
  struct Case {
    std::string args, error, period = "2026-09";
  };
  scratch.write("bad.csv", "date,calendar,day\n2026-10-01,X,holiday\n2026-10-01,X,working\n2026-10-32,X,holiday\n");
  const std::vector<Case> cases = {
      {"", "slaudit audit: the contract counts working days with holiday calendar \"X\": give its days with "
           "--holidays FILE (CSV: date,calendar,day; docs/audit.md)"},
      {"--holidays bad.csv", "bad.csv:3: second row for calendar 'X' and day 2026-10-01 (first at line 2)"},
      {"--holidays bad.csv", "bad.csv:4: bad date in 'date' '2026-10-32'; expected a real day as YYYY-MM-DD"},
      // December ends Thursday 31st: its count runs into 2027, which h.csv does not list.
      {"--holidays h.csv",
       "t.sla:8: error: holiday calendar \"X\" (h.csv) lists no day in 2027, and the earliest claim day of s 2026-12 "
       "counts working days into it; add that year's holidays (and make-up working days)",
       "2026-12"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const CliRun run = scratch.run(c.args, c.period);
    CHECK(run.exit == 2);
    CHECK(has(run.err, c.error));
    CHECK(run.out.empty());
  }
  // Only calendar Y in the file: nothing to count X's working days with.
  scratch.write("y.csv", "date,calendar,day\n2026-10-01,Y,holiday\n");
  const CliRun other = scratch.run("--holidays y.csv");
  CHECK(other.exit == 2);
  CHECK(has(other.err, "slaudit audit: y.csv lists no day of calendar \"X\", which the contract names (it lists: \"Y\")"));
}

TEST_CASE("cli holidays: a contract without a calendar does not read the file", "[cli][holidays]") {
  const Scratch scratch;
  std::string plain = kContract;
  plain.replace(plain.find("  holidays \"X\";\n"), 16, "");
  scratch.write("t.sla", plain);
  const CliRun run = scratch.run("--holidays h.csv");
  CHECK(run.exit == 3);
  CHECK(has(run.err, "slaudit audit: warning: the contract names no holiday calendar (holidays \"...\";): working "
                     "days are Monday to Friday, and h.csv was not read"));
  CHECK(has(run.out, "2026-10-07"));  // the 5th Monday-to-Friday day after Wednesday 30 September
  CHECK_FALSE(has(run.out, "h.csv"));
}

TEST_CASE("cli holidays: an iCalendar file gives the holidays, without make-up days", "[cli][holidays]") {
  const Scratch scratch;
  scratch.write("x.ics",
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261001\r\n"
                "DTEND;VALUE=DATE:20261008\r\nSUMMARY:National Day\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n");
  // 1-7 October off and no worked Saturday: Thu 8 (1), Fri 9 (2), Mon 12 (3), Tue 13 (4), Wed 14 (5).
  const CliRun run = scratch.run("--holidays x.ics --format json");
  INFO(run.err);
  CHECK(run.exit == 3);
  CHECK(has(run.out, "\"earliest\": \"2026-10-14\""));
  scratch.write("bad.ics", "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20261001T090000Z\nEND:VEVENT\nEND:VCALENDAR\n");
  const CliRun bad = scratch.run("--holidays bad.ics");
  CHECK(bad.exit == 2);
  CHECK(has(bad.err, "bad.ics:2: DTSTART '20261001T090000Z' is not a day"));
}
