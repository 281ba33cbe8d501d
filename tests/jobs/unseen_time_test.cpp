// Time the evidence has not seen is never "met" (docs/audit.md section 33):
// a period not ended at the audit's instant is in progress, one not begun or
// outside the span the incident log covers is not assessed. Every case pins
// the instant with --now: nothing here depends on today's date.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/cli_run.h"
#include "tests/support/schema_walk.h"

namespace {

using Run = slaudit::testing::CliRun;
using slaudit::testing::has;

// The README's quickstart: acme.sla (effective 2026, Europe/Berlin, 99.9%
// monthly) and a log of November 2026 only (50 min down: breached, 50.00 EUR).
class Scratch : public slaudit::testing::ScratchDir {
 public:
  Scratch() : ScratchDir("unseen-time") {
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.sla", "acme.sla");
    copy_in(std::string(SLAUDIT_SOURCE_DIR) + "/contracts/quickstart/acme.incidents.jsonl", "acme.jsonl");
  }
  Run slaudit(const std::string& args) const { return run(SLAUDIT_CLI, args); }
};

constexpr const char* kAudit = "audit acme.sla --incidents acme.jsonl ";
constexpr const char* kDecember7 = " --now 2026-12-07T00:00:00Z";

nlohmann::json period_of(const nlohmann::json& report, const std::string& label) {
  for (const auto& p : report.at("periods"))
    if (p.at("period") == label) return p;
  FAIL("no period " << label);
  return {};
}

}  // namespace

TEST_CASE("unseen time: a period not ended at the audit's instant is in progress, never met", "[audit][unseen]") {
  const Scratch s;
  // The log's span: November (the log) stated, so that only the instant decides December.
  const std::string covers = " --covers 2026-11-01T00:00:00+01:00/2026-12-08T00:00:00+01:00";
  const Run text = s.slaudit(std::string(kAudit) + "--period 2026-12" + kDecember7 + covers);
  INFO(text.out << text.err);
  CHECK(text.exit == 4);  // was 0: "100.0000% met", "every SLA met"
  CHECK(!has(text.out, "every SLA met"));
  CHECK(has(text.out, "judged as of 2026-12-07T00:00:00Z"));
  CHECK(has(text.out, "in progress at 2026-12-07T00:00:00Z (the audit's instant)"));

  const Run json = s.slaudit(std::string(kAudit) + "--period 2026-12 --format json" + kDecember7 + covers);
  const auto report = nlohmann::json::parse(json.out);
  CHECK(report.at("evidence_complete") == false);
  CHECK(report.at("judged_at") == "2026-12-07T00:00:00Z");
  const auto schema = slaudit::testing::check_against_docs_schema("audit-report.schema.json", report);
  CHECK(schema.first_problem() == "");
  CHECK(period_of(report, "2026-12").at("verdict") == "met");  // so far: the gap makes it provisional

  // Every format states the instant; CSV in the period's evidence gaps.
  for (const char* format : {"markdown", "html", "csv"}) {
    const Run other = s.slaudit(std::string(kAudit) + "--period 2026-12 --format " + format + kDecember7 + covers);
    INFO(format);
    CHECK(other.exit == 4);
    CHECK(has(other.out, "2026-12-07T00:00:00Z"));
  }

  // Once December has ended (Berlin: 2027-01-01T00:00+01:00), the same audit is final.
  const Run later = s.slaudit(std::string(kAudit) + "--period 2026-12 --now 2027-01-01T00:00:00+01:00 --covers "
                              "2026-11-01T00:00:00+01:00/2027-01-01T00:00:00+01:00");
  INFO(later.out << later.err);
  CHECK(later.exit == 0);
  CHECK(has(later.out, "every SLA met"));
  CHECK(!has(later.out, "judged as of"));  // the instant decided nothing: reports of ended periods are unchanged
}

TEST_CASE("unseen time: a period not begun at the audit's instant is not assessed", "[audit][unseen]") {
  const Scratch s;
  // 2027-06 is outside the contract (effective 2026): nothing to audit, exit 4 as documented.
  const Run outside = s.slaudit(std::string(kAudit) + "--period 2027-06" + kDecember7);
  CHECK(outside.exit == 4);
  // Within the contract, a month after the instant: not begun.
  s.write("long.sla", s.read("acme.sla").replace(s.read("acme.sla").find("2026-12-31"), 10, "2027-12-31"));
  const Run run = s.slaudit("audit long.sla --incidents acme.jsonl --period 2027-06 --format json" + std::string(kDecember7) +
                            " --covers 2026-11-01T00:00:00Z/2027-12-01T00:00:00Z");
  INFO(run.out << run.err);
  CHECK(run.exit == 4);  // was 0
  const auto report = nlohmann::json::parse(run.out);
  const auto june = period_of(report, "2027-06");
  CHECK(june.at("verdict") == "not_assessed");
  CHECK(june.at("availability").is_null());
  CHECK(june.at("evidence_gaps").at(0) == "not begun at 2026-12-07T00:00:00Z (the audit's instant): not assessed");
  CHECK(report.at("verdict") == "not_assessed");
}

TEST_CASE("unseen time: periods outside the span a log covers are not assessed", "[audit][unseen]") {
  const Scratch s;
  // No --period: the whole of 2026. The log states no span: it is taken to cover
  // November only (the period holding its first record to the one holding its last).
  const Run run = s.slaudit(std::string(kAudit) + "--format json" + kDecember7);
  INFO(run.err);
  CHECK(run.exit == 3);  // November is breached (50.00 EUR) whatever else
  const auto report = nlohmann::json::parse(run.out);
  for (const char* month : {"2026-01", "2026-05", "2026-10", "2026-12"}) {
    INFO(month);
    const auto p = period_of(report, month);
    CHECK(p.at("verdict") == "not_assessed");  // was "met": 100% from a log that never looked at it
    CHECK(p.at("evidence_gaps").at(0) == "outside the span the incident log acme.jsonl covers: not assessed");
    // The note says why, and how to state the span: November's records, 09:00 on the 4th (10:00 Berlin)
    // to 15:00 on the 20th (the customer's outage's end, 16:00 Berlin).
    CHECK(p.at("notes").back() ==
          "outside the span of the incident log acme.jsonl, which states none: its records run from "
          "2026-11-04T09:00:00Z to 2026-11-20T15:00:00Z, so nothing says this period was looked at; state the span "
          "the log covers with --covers FROM/TO");
  }
  CHECK(period_of(report, "2026-11").at("verdict") == "breached");
  CHECK(report.at("total_owed").at("minor") == 5000);

  // A stated span: the months inside it are assessed, those outside are not,
  // one partly inside has a gap.
  const Run stated = s.slaudit(std::string(kAudit) + "--period 2026-Q4 --format json" + kDecember7 +
                               " --covers 2026-10-15T00:00:00+02:00/2026-12-01T00:00:00+01:00");
  INFO(stated.err);
  const auto q4 = nlohmann::json::parse(stated.out);
  CHECK(period_of(q4, "2026-10").at("verdict") == "met");
  CHECK(has(period_of(q4, "2026-10").at("evidence_gaps").at(0).get<std::string>(), "covers only"));
  CHECK(period_of(q4, "2026-11").at("evidence_gaps").empty());
  CHECK(period_of(q4, "2026-12").at("verdict") == "not_assessed");

  // An empty log states nothing: not one period is met on it.
  s.write("empty.jsonl", "");
  const Run empty = s.slaudit("audit acme.sla --incidents empty.jsonl --period 2026-11" + std::string(kDecember7));
  CHECK(empty.exit == 4);
  CHECK(has(empty.out, "holds no record and states no span"));
  // Stated, an empty log is evidence of no outage over its span.
  const Run quiet = s.slaudit("audit acme.sla --incidents empty.jsonl --period 2026-11" + std::string(kDecember7) +
                              " --covers 2026-11-01T00:00:00+01:00/2026-12-01T00:00:00+01:00");
  INFO(quiet.out << quiet.err);
  CHECK(quiet.exit == 0);
  CHECK(has(quiet.out, "covers 2026-10-31T23:00:00Z/2026-11-30T23:00:00Z (--covers)"));
}

TEST_CASE("unseen time: as of an instant, a month the log does not cover has no budget", "[audit][unseen][budget]") {
  const Scratch s;
  // 3 December, from a log of November: December is not assessed, and no budget is offered for it (before:
  // 44.64 of 44.64 min left, as if someone had looked).
  const Run run = s.slaudit(std::string(kAudit) + "--as-of 2026-12-03T00:00:00Z --format json");
  INFO(run.err);
  CHECK(run.exit == 4);
  const auto report = nlohmann::json::parse(run.out);
  CHECK(period_of(report, "2026-12").at("verdict") == "not_assessed");
  CHECK(report.at("as_of").at("budgets").empty());
  // Stated to cover it, December so far has a budget: 0.1% of 44,640 min = 44.64 min.
  const Run covered = s.slaudit(std::string(kAudit) + "--as-of 2026-12-03T00:00:00Z --format json "
                                "--covers 2026-11-01T00:00:00+01:00/2026-12-03T00:00:00Z");
  const auto budgets = nlohmann::json::parse(covered.out).at("as_of").at("budgets");
  REQUIRE(budgets.size() == 1);
  CHECK(budgets.at(0).at("period") == "2026-12");
}

TEST_CASE("unseen time: --now and --covers are checked", "[audit][unseen]") {
  const Scratch s;
  struct Case {
    const char* args;
    const char* says;
  } cases[] = {
      {"--period 2026-11 --now tomorrow", "bad --now 'tomorrow'"},
      {"--period 2026-11 --covers 2026-11-01T00:00:00Z", "bad --covers '2026-11-01T00:00:00Z'"},
      {"--period 2026-11 --covers 2026-12-01T00:00:00Z/2026-11-01T00:00:00Z", "TO must be after FROM"},
      {"--as-of 2026-11-20T00:00:00Z --now 2026-11-20T00:00:00Z", "give --as-of or --now, not both"},
  };
  for (const Case& c : cases) {
    const Run run = s.slaudit(std::string(kAudit) + c.args);
    INFO(c.args << "\n" << run.err);
    CHECK(run.exit == 2);
    CHECK(has(run.err, c.says));
  }
}

TEST_CASE("unseen time: a recovery clause outside the contract's dates is not audited", "[audit][unseen]") {
  const Scratch s;
  std::string contract = s.read("acme.sla");
  contract.insert(contract.rfind('}'), "  recovery vm { faults (node_down); within 30 min from occurred to recovered; "
                                       "credit 1% of monthly fee per breach; }\n");
  s.write("recovery.sla", contract);
  const Run run = s.slaudit("audit recovery.sla --incidents acme.jsonl --period 2027-06" + std::string(kDecember7));
  INFO(run.out << run.err);
  CHECK(run.exit == 4);  // was 0, "every SLA met"
  CHECK(!has(run.out, "every SLA met"));
  CHECK(has(run.err, "no period of the contract falls in the range 2027-06"));
}

TEST_CASE("unseen time: a recovery clause over a range not ended is not final", "[audit][unseen]") {
  const Scratch s;
  // Recovery only: a node_down of 50 min on 4 November is over 30 min, a breach; none in December.
  s.write("recovery.sla",
          "contract \"Recovery\" {\n  effective 2026-01-01 to 2026-12-31; timezone \"UTC\"; currency EUR;\n"
          "  service vm { fee 500.00 per month; }\n"
          "  recovery vm { faults (node_down); within 30 min from occurred to recovered; "
          "credit 1% of monthly fee per breach; }\n}\n");
  const std::string audit = "audit recovery.sla --incidents acme.jsonl --covers 2026-11-01T00:00:00Z/2026-12-08T00:00:00Z ";
  const Run december = s.slaudit(audit + "--period 2026-12" + kDecember7);
  INFO(december.out << december.err);
  CHECK(december.exit == 4);  // was 0: no breach yet in a month a week old
  CHECK(has(december.out, "in progress at 2026-12-07T00:00:00Z (the audit's instant): the range runs to "
                          "2027-01-01T00:00:00Z, so the recovery clauses' figures are not final"));
  const Run november = s.slaudit(audit + "--period 2026-11" + kDecember7);
  CHECK(november.exit == 3);  // ended, and breached
  CHECK(!has(november.out, "judged as of"));
  // Not begun: not assessed, and the JSON report says why.
  const Run ahead = s.slaudit(audit + "--period 2026-12 --now 2026-11-20T00:00:00Z --format json");
  CHECK(ahead.exit == 4);
  const auto recovery = nlohmann::json::parse(ahead.out).at("recovery").at(0);
  CHECK(recovery.at("assessed") == false);
  CHECK(recovery.at("not_assessed_reason") == "the range has not begun at 2026-11-20T00:00:00Z (the audit's instant)");
  CHECK(slaudit::testing::check_against_docs_schema("audit-report.schema.json", nlohmann::json::parse(ahead.out))
            .first_problem() == "");
}

TEST_CASE("unseen time: a range at the calendar's end is a usage error, not the contract's", "[audit][unseen]") {
  const Scratch s;
  std::string utc = s.read("acme.sla");
  utc.replace(utc.find("Europe/Berlin"), 13, "UTC");
  utc.replace(utc.find("2026-12-31"), 10, "9999-12-31");
  s.write("end9999.sla", utc);
  const std::string audit = "audit end9999.sla --incidents acme.jsonl ";
  // A rolling window has no claim: its deadline past 9999 is no error. (Not
  // assessed: outside the span of a November 2026 log.)
  const Run window = s.slaudit(audit + "--as-of 9999-12-31T23:59:59Z --window 1h");
  INFO(window.out << window.err);
  CHECK(window.exit == 4);  // was 1, "errors in a contract"
  CHECK(!has(window.err, "error"));
  // December 9999's claim deadline falls past the calendar: the range's fault (exit 2), not the contract's.
  const Run december = s.slaudit(audit + "--as-of 9999-12-31T23:59:59Z");
  INFO(december.err);
  CHECK(december.exit == 2);  // was 1
  CHECK(has(december.err, "would fall after 9999-12-31"));
}

namespace {

const char* const kFleetContract =
    "contract \"Fleet\" {\n"
    "  provider \"P\"; customer \"C\"; timezone \"UTC\"; currency USD;\n"
    "  service vm { resources instance; }\n"
    "  availability vm per instance {\n"
    "    target 99.9%; period calendar month; unavailable when any incident;\n"
    "    credit of monthly fee { below 99.9%: 10%; }\n"
    "  }\n"
    "}\n";

}  // namespace

TEST_CASE("unseen time: a fleet's resource periods not ended or not begun are never met", "[fleet][unseen]") {
  const Scratch s;
  s.write("fleet.sla", kFleetContract);
  s.write("inventory.csv", "id,service,region,zone,launched,terminated\ni-1,vm,r1,r1a,,\ni-2,vm,r1,r1a,,\n");
  // 10 min down on i-1: 600 / 2,592,000 s of November = 99.98%, met.
  s.write("incidents.csv", "id,service,start,end,resource\nA,vm,2026-11-19T10:00:00Z,2026-11-19T10:10:00Z,i-1\n");
  const std::string audit = "audit fleet.sla --inventory inventory.csv --incidents incidents.csv --format json ";

  const Run ended = s.slaudit(audit + "--period 2026-11 --now 2026-12-01T00:00:00Z");
  INFO(ended.err);
  CHECK(ended.exit == 0);

  const Run in_progress = s.slaudit(audit + "--period 2026-11 --now 2026-11-20T00:00:00Z");
  INFO(in_progress.err);
  CHECK(in_progress.exit == 4);  // was 0
  // The document outlives the loop: a range-for over a member of a temporary reads freed memory.
  const nlohmann::json in_progress_json = nlohmann::json::parse(in_progress.out);
  REQUIRE_FALSE(in_progress_json.at("resources").empty());
  for (const auto& row : in_progress_json.at("resources"))
    CHECK(has(row.at("evidence_gaps").at(0).get<std::string>(), "in progress at 2026-11-20T00:00:00Z"));

  const Run not_begun = s.slaudit(audit + "--period 2026-12 --now 2026-11-20T00:00:00Z");
  INFO(not_begun.err);
  CHECK(not_begun.exit == 4);  // was 0
  const nlohmann::json not_begun_json = nlohmann::json::parse(not_begun.out);
  REQUIRE_FALSE(not_begun_json.at("resources").empty());
  for (const auto& row : not_begun_json.at("resources"))
    CHECK(row.at("verdict") == "not_assessed");

  // October, before the log's only record: outside its span, unless it is stated.
  const Run october = s.slaudit(audit + "--period 2026-10 --now 2026-12-07T00:00:00Z");
  INFO(october.err);
  CHECK(october.exit == 4);  // was 0
  const nlohmann::json october_json = nlohmann::json::parse(october.out);
  REQUIRE_FALSE(october_json.at("resources").empty());
  for (const auto& row : october_json.at("resources")) {
    CHECK(row.at("verdict") == "not_assessed");
    CHECK(row.at("evidence_gaps").at(0) == "outside the span the incident log incidents.csv covers: not assessed");
  }
  const Run stated = s.slaudit(audit + "--period 2026-10 --now 2026-12-07T00:00:00Z "
                               "--covers 2026-10-01T00:00:00Z/2026-12-01T00:00:00Z");
  INFO(stated.err);
  CHECK(stated.exit == 0);
}

TEST_CASE("unseen time: the ledger records the audit's instant and verify judges at it again", "[ledger][unseen]") {
  const Scratch s;
  // November in progress on the 20th: its evidence gap names the instant; verified
  // at the machine's clock instead, November would have ended and the gap gone.
  const Run audit = s.slaudit(std::string(kAudit) + "--period 2026-11 --now 2026-11-20T00:00:00Z --ledger l.db");
  INFO(audit.out << audit.err);
  CHECK(audit.exit == 3);  // 50 min down by then: breached already
  CHECK(has(audit.out, "in progress at 2026-11-20T00:00:00Z"));
  const Run verify = s.slaudit("ledger verify l.db");
  INFO(verify.out << verify.err);
  CHECK(verify.exit == 0);
  CHECK(has(verify.out, "every figure is the same"));
}
