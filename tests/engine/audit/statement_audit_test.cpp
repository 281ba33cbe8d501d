// Availability given as a figure (issue 17, item 7; docs/audit.md section 26):
// each period audited at the availability the provider's statement gives,
// priced by the contract's own tiers, caps and claim rule, and the credit
// paid compared with it. Every expected figure is worked by hand beside it.
//
// The contract: UTC, USD, fee 1,000.00 USD a month (100,000 cents), target
// 99.9%, 10% below 99.9%, 25% below 99.0%, claims within 30 days after the
// period ends. November 2026.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

#include "engine/audit/audit.h"
#include "language/compile/compile.h"

using namespace slaudit;
using slaudit::audit::Rational;
using slaudit::audit::Verdict;

namespace {

std::string contract(const std::string& extra = "", const std::string& period = "calendar month") {
  return "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"UTC\"; currency USD;\n"
         "  service web { fee 1000.00 per month; }\n"
         "  availability web {\n    target 99.9%; period " + period + ";\n"
         "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n"
         "    claim within 30 d after period end;\n" + extra + "  }\n}\n";
}

struct Audited {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  audit::AuditResult result;
};

std::unique_ptr<Audited> audit_stated(const std::string& text, std::vector<audit::StatedAvailability> rows,
                                      const std::string& range = "2026-11",
                                      std::vector<audit::ClaimFiling> claims = {}) {
  auto a = std::make_unique<Audited>();
  a->source = std::make_unique<SourceFile>("t.sla", text);
  a->compiled = compile_contract(*a->source);
  INFO(render_diagnostics(*a->source, a->compiled.diagnostics));
  REQUIRE(a->compiled.ok());
  audit::AuditRequest req;
  req.contract = &*a->compiled.contract;
  req.contract_source = a->source.get();
  req.incident_evidence = audit::IncidentEvidence::Statement;
  req.stated = std::move(rows);
  const auto parsed = audit::parse_audit_range(range);
  REQUIRE(parsed.has_value());
  req.range = *parsed;
  req.claims = std::move(claims);
  a->result = audit::run_audit(req);
  REQUIRE(a->result.report.has_value());
  return a;
}

audit::StatedAvailability row(const std::string& period, Rational share, const std::string& stated,
                              std::optional<int64_t> paid, size_t line = 2) {
  return {"web", "", period, share, stated, "s.csv", line, paid};
}

struct Case {
  const char* name;
  Rational share;
  const char* stated;
  std::optional<int64_t> paid;  // cents
  bool met;
  int64_t owed;                 // cents: what the contract owes at the figure
  std::optional<int64_t> difference;
  const char* payment;
  Verdict verdict;
};

}  // namespace

TEST_CASE("statement: the stated figure is priced by the contract's tiers, and compared with the credit paid",
          "[audit][statement]") {
  const std::vector<Case> cases = {
      // 99.2% = 124/125 < 99.9% and >= 99.0%: 10% of 1,000.00 = 100.00 USD; paid 100.00: matches.
      {"99.2%, paid in full", Rational(124, 125), "99.2%", 10000, false, 10000, 0, "matches", Verdict::Breached},
      // The same owed 100.00; paid 50.00: 100.00 - 50.00 = 50.00 underpaid.
      {"99.2%, paid half", Rational(124, 125), "99.2%", 5000, false, 10000, 5000, "underpaid", Verdict::Breached},
      // Paid 150.00: 100.00 - 150.00 = -50.00, overpaid.
      {"99.2%, overpaid", Rational(124, 125), "99.2%", 15000, false, 10000, -5000, "overpaid", Verdict::Breached},
      // 99.9% exactly meets the target and falls in no tier (its bound is the provider's side): owes 0, paid 0.
      {"99.9% exactly", Rational(999, 1000), "99.9%", 0, true, 0, 0, "matches", Verdict::Met},
      // 99.9% met, owes 0; paid 10.00: overpaid by 10.00, and nothing breached.
      {"met and paid anyway", Rational(999, 1000), "99.9%", 1000, true, 0, -1000, "overpaid", Verdict::Met},
      // 99.95% met; no credit paid stated: nothing to compare.
      {"no credit paid stated", Rational(1999, 2000), "99.95", std::nullopt, true, 0, std::nullopt, "not stated",
       Verdict::Met},
      // 99.0% exactly is not below 99.0%: the 10% tier, 100.00 USD.
      {"99.0% exactly", Rational(99, 100), "99%", 10000, false, 10000, 0, "matches", Verdict::Breached},
      // 98.99% < 99.0%: 25% of 1,000.00 = 250.00 USD; paid 100.00 (the 10% tier's): 150.00 underpaid.
      {"98.99%, paid the upper tier", Rational(9899, 10000), "98.99%", 10000, false, 25000, 15000, "underpaid",
       Verdict::Breached},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      const auto a = audit_stated(contract(), {row("2026-11", c.share, c.stated, c.paid)});
      const audit::AuditReport& report = *a->result.report;
      REQUIRE(report.periods.size() == 1);
      const audit::PeriodAudit& p = report.periods[0];
      REQUIRE(p.availability);
      CHECK(*p.availability == c.share);
      CHECK(p.met == c.met);
      CHECK(p.owed_minor == c.owed);
      REQUIRE(p.statement);
      CHECK(p.statement->implied_minor == c.owed);
      CHECK(p.statement->paid_minor == c.paid);
      CHECK(p.statement->difference() == c.difference);
      CHECK(std::string(p.statement->payment_word()) == c.payment);
      CHECK(p.verdict() == c.verdict);
      CHECK(report.verdict == c.verdict);
      CHECK(report.total_owed_minor == c.owed);
      CHECK(p.statement->stated == c.stated);
      // No incident: the downtime is the one the figure implies: 2,592,000 s x (1 - share).
      CHECK(p.down == Rational(2592000) * (1 - c.share));
    }
  }
}

TEST_CASE("statement: caps, claims and quarters apply to the stated figure as to any availability",
          "[audit][statement]") {
  SECTION("a cap binds: 25% = 250.00 USD, capped at 200.00; paid 250.00 is 50.00 overpaid") {
    const auto a = audit_stated(contract("    cap 200.00 USD;\n"), {row("2026-11", Rational(9899, 10000), "98.99%", 25000)});
    const audit::PeriodAudit& p = a->result.report->periods.at(0);
    CHECK(p.credit_minor == 25000);
    CHECK(p.cap_minor == 20000);
    CHECK(p.owed_minor == 20000);
    CHECK(p.statement->difference() == -5000);
  }
  SECTION("a late claim: 99.2% earns 100.00, claimed 2027-01-15 after the deadline 2026-12-30: owed 0, paid 0 matches") {
    const auto a = audit_stated(contract(), {row("2026-11", Rational(124, 125), "99.2%", 0)}, "2026-11",
                                {{"", "", model::CivilDate{2027, 1, 15}}});
    const audit::PeriodAudit& p = a->result.report->periods.at(0);
    CHECK(p.credit_minor == 10000);
    CHECK(p.claim.state == audit::ClaimState::Late);
    CHECK(p.owed_minor == 0);
    CHECK(std::string(p.statement->payment_word()) == "matches");
  }
  SECTION("a quarter: 99.2% of Q4 2026 earns 10% of 3 x 1,000.00 = 300.00 USD") {
    const auto a = audit_stated(contract("", "calendar quarter"), {row("2026-Q4", Rational(124, 125), "99.2%", 30000)},
                                "2026-Q4");
    const audit::PeriodAudit& p = a->result.report->periods.at(0);
    CHECK(p.fee_minor == 300000);
    CHECK(p.owed_minor == 30000);
    CHECK(std::string(p.statement->payment_word()) == "matches");
  }
}

TEST_CASE("statement: a period without a stated figure is not assessed, and the derivation cites its row",
          "[audit][statement]") {
  // October and November audited; the statement gives only November.
  const auto a = audit_stated(contract(), {row("2026-11", Rational(124, 125), "99.2%", 10000, 7)}, "2026-10-01..2026-11-30");
  const audit::AuditReport& report = *a->result.report;
  REQUIRE(report.periods.size() == 2);
  const audit::PeriodAudit& october = report.periods[0];
  CHECK(october.period == "2026-10");
  CHECK_FALSE(october.availability);
  CHECK_FALSE(october.statement);
  CHECK(october.verdict() == Verdict::NotAssessed);
  CHECK(std::find(october.notes.begin(), october.notes.end(),
                  "the statement gives no availability for web 2026-10: availability is not assessed") !=
        october.notes.end());
  const audit::PeriodAudit& november = report.periods[1];
  bool cited = false;
  for (const audit::Explanation& e : november.explain)
    cited |= e.figure == "availability" && e.derivation == "stated by the provider's statement (s.csv:7): 99.2% = 124/125";
  CHECK(cited);
  // Breached beats not assessed.
  CHECK(report.verdict == Verdict::Breached);
}

TEST_CASE("statement: each clause of a service takes its own row, a probe clause included", "[audit][statement]") {
  // Two clauses of one service: uptime from incidents, requests from probes. A statement audits both
  // from their stated figures, whatever they measure from.
  const std::string text =
      "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"UTC\"; currency USD;\n"
      "  service web { fee 1000.00 per month; }\n"
      "  availability web \"uptime\" {\n    target 99.9%; period calendar month;\n"
      "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n  }\n"
      "  availability web \"requests\" {\n    target 99.5%; period calendar month;\n"
      "    unavailable from probes { bucket 5 min; bad when error rate > 5%; measure requests; }\n"
      "    missing data counts as down;\n"
      "    credit of monthly fee { below 99.5%: 5%; }\n  }\n}\n";
  audit::StatedAvailability uptime{"web", "uptime", "2026-11", Rational(124, 125), "99.2%", "s.csv", 2, 10000};
  audit::StatedAvailability requests{"web", "requests", "2026-11", Rational(497, 500), "99.4%", "s.csv", 3, 0};
  const auto a = audit_stated(text, {uptime, requests});
  const audit::AuditReport& report = *a->result.report;
  REQUIRE(report.periods.size() == 2);
  // uptime: 99.2% < 99.9%: 10% of 1,000.00 = 100.00 USD, paid 100.00: matches.
  CHECK(report.periods[0].clause_label == "uptime");
  CHECK(report.periods[0].owed_minor == 10000);
  CHECK(std::string(report.periods[0].statement->payment_word()) == "matches");
  // requests: 99.4% = 497/500 < 99.5%: 5% of 1,000.00 = 50.00 USD, paid 0.00: underpaid by 50.00.
  CHECK(report.periods[1].clause_label == "requests");
  CHECK(*report.periods[1].availability == Rational(497, 500));
  CHECK(report.periods[1].owed_minor == 5000);
  CHECK(report.periods[1].statement->difference() == 5000);
  CHECK(report.periods[1].statement->underpaid());
  CHECK(report.total_owed_minor == 15000);
  CHECK(report.verdict == Verdict::Breached);
}
