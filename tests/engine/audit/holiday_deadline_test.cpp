// Working days counted with the contract's holiday calendar (`holidays "X";`,
// docs/audit.md section 27): the earliest claim day moves past holidays and
// onto make-up working days; a year the calendar does not list stops the audit.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/audit/audit.h"
#include "language/compile/compile.h"
#include "telemetry/incidents/incident_reader.h"

using namespace slaudit;
using slaudit::audit::ClaimState;

namespace {

// Alibaba's rule: within 2 months after the period, not before its 5th working day.
std::string contract(const std::string& holidays) {
  return "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n" +
         holidays +
         "  service s { fee 1000.00 per month; }\n  availability s {\n"
         "    target 99.9%; period calendar month;\n"
         "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }\n"
         "    claim within 2 months after period end, not before 5 working days after period end;\n  }\n}\n";
}

// A 2-day outage in September 2026 (2,592,000 s): 172,800 s down, 93.33% -> the 100% tier, 1,000.00 CNY.
const std::string kSeptemberOutage =
    "{\"id\":\"big\",\"service\":\"s\",\"start\":\"2026-09-10T00:00:00+08:00\",\"end\":\"2026-09-12T00:00:00+08:00\"}\n";

// Calendar X: the National Day week of 2026 off (Thursday 1 to Wednesday 7 October), Saturday 10
// October worked instead; one holiday in 2027 so that 2027 is listed too (unless `with_2027` is false).
HolidayCalendar calendar_x(bool with_2027 = true) {
  HolidayCalendar c;
  c.name = "X";
  c.source = "x.csv";
  for (int day = 1; day <= 7; ++day) c.holidays.insert(LocalDate(2026, 10, day));
  c.working.insert(LocalDate(2026, 10, 10));
  c.years.insert(2026);
  if (with_2027) {
    c.holidays.insert(LocalDate(2027, 1, 1));
    c.years.insert(2027);
  }
  return c;
}

struct Run {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  audit::AuditResult result;
};

Run run(const std::string& text, const std::string& range, const HolidayCalendar* holidays,
        std::vector<audit::ClaimFiling> claims = {}) {
  Run r;
  r.source = std::make_unique<SourceFile>("t.sla", text);
  r.compiled = compile_contract(*r.source);
  INFO(render_diagnostics(*r.source, r.compiled.diagnostics));
  REQUIRE(r.compiled.ok());
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  options.services = ServiceNames{"s"};
  auto read = read_incident_log(kSeptemberOutage, "t.jsonl", options);
  REQUIRE(read.ok());
  audit::AuditRequest req;
  req.contract = &*r.compiled.contract;
  req.contract_source = r.source.get();
  req.incidents = read.log->incidents;
  req.range = *audit::parse_audit_range(range);
  req.claims = std::move(claims);
  req.holidays = holidays;
  r.result = audit::run_audit(req);
  return r;
}

const audit::PeriodAudit& september(const Run& r) {
  REQUIRE(r.result.report.has_value());
  for (const auto& p : r.result.report->periods)
    if (p.period == "2026-09") return p;
  FAIL("no period 2026-09");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("holiday calendar: the earliest claim day skips holidays and counts make-up working days",
          "[audit][claim][holidays]") {
  // September ends Wednesday 2026-09-30. Monday to Friday: Thu 1, Fri 2, Mon 5, Tue 6, Wed 7 October -> 2026-10-07.
  // Calendar X: 1-7 October are holidays; Thu 8 (1), Fri 9 (2), Sat 10 worked (3), Mon 12 (4), Tue 13 (5) -> 2026-10-13.
  struct Case {
    bool named;  // the contract says holidays "X";
    model::CivilDate earliest;
  };
  for (const Case c : {Case{false, {2026, 10, 7}}, Case{true, {2026, 10, 13}}}) {
    const HolidayCalendar x = calendar_x();
    const Run r = run(contract(c.named ? "  holidays \"X\";\n" : ""), "2026-09", &x);
    INFO("holidays named: " << c.named);
    CHECK(september(r).claim.earliest == c.earliest);
    CHECK(september(r).claim.deadline == model::CivilDate{2026, 11, 30});  // 2 months after 2026-10-01, less a day
  }
}

TEST_CASE("holiday calendar: a claim on a day the calendar does not work is too early", "[audit][claim][holidays]") {
  const HolidayCalendar x = calendar_x();
  const std::string text = contract("  holidays \"X\";\n");
  // Filed Friday 9 October: the 2nd working day of calendar X, so too early, and no credit is owed.
  const Run early = run(text, "2026-09", &x, {{"", "", {2026, 10, 9}}});
  CHECK(september(early).claim.state == ClaimState::TooEarly);
  CHECK(september(early).claim.reason ==
        "claimed 2026-10-09, before the earliest day 2026-10-13 (the 5th working day of calendar X)");
  CHECK(september(early).owed_minor == 0);
  // Filed Tuesday 13 October: in time, 100% of 1,000.00 CNY owed.
  const Run in_time = run(text, "2026-09", &x, {{"", "", {2026, 10, 13}}});
  CHECK(september(in_time).claim.state == ClaimState::InTime);
  CHECK(september(in_time).owed_minor == 100000);
}

TEST_CASE("holiday calendar: counting into a year it does not list stops the audit", "[audit][claim][holidays]") {
  // December 2026 ends Thursday 31: its 5th working day falls in January 2027, which calendar X
  // without 2027 does not list. November's count (from Monday 30 November) stays in 2026: fine alone.
  const HolidayCalendar x = calendar_x(false);
  const std::string text = contract("  holidays \"X\";\n");
  CHECK(run(text, "2026-11", &x).result.report.has_value());
  const Run r = run(text, "2026-12", &x);
  REQUIRE_FALSE(r.result.report.has_value());
  REQUIRE(r.result.errors.size() == 1);
  CHECK(r.result.errors[0].message ==
        "holiday calendar \"X\" (x.csv) lists no day in 2027, and the earliest claim day of s 2026-12 counts "
        "working days into it; add that year's holidays (and make-up working days)");
}

TEST_CASE("holiday calendar: named by the contract and not given, the earliest day is not stated",
          "[audit][claim][holidays]") {
  // As `slaudit compare` replays a contract: the figures and the deadline stand, the earliest day is unknown.
  const Run r = run(contract("  holidays \"X\";\n"), "2026-09", nullptr);
  const audit::PeriodAudit& p = september(r);
  CHECK_FALSE(p.claim.earliest.has_value());
  CHECK(p.claim.deadline == model::CivilDate{2026, 11, 30});
  CHECK(p.owed_minor == 100000);
  CHECK(std::find(p.notes.begin(), p.notes.end(),
                  "the earliest claim day is not stated: it counts working days of holiday calendar \"X\", whose "
                  "days this audit was not given") != p.notes.end());
  // A filing to judge against that day: the audit does not run.
  const Run filed = run(contract("  holidays \"X\";\n"), "2026-09", nullptr, {{"", "", {2026, 10, 9}}});
  REQUIRE_FALSE(filed.result.report.has_value());
  REQUIRE(filed.result.errors.size() == 1);
  CHECK(filed.result.errors[0].message ==
        "the contract counts working days with holiday calendar \"X\", and no such calendar was given to the audit: "
        "a claim filing cannot be judged");
}
