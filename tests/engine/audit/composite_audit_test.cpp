// Composite SLAs audited from the components' timelines: in series down when
// any component is down, in parallel only when all are; excluded time (a
// customer-caused incident here) removed from the composite's period when no
// component is down; judged against the composite's target, or measured only.
#include <catch2/catch.hpp>

#include "tests/support/audit_fixture.h"

using namespace slaudit;

namespace {

const char* const kContract = R"(contract "Composite" {
  timezone "UTC"; currency USD;
  service web { fee 100.00 per month; }
  service db { fee 100.00 per month; }
  service db2 { fee 100.00 per month; }
  availability web { target 99.95%; period calendar month; unavailable when any incident; exclude cause in (customer); }
  availability db { target 99.99%; period calendar month; unavailable when any incident; }
  availability db2 { target 99.9%; period calendar month; unavailable when any incident; }
  composite dbs "either database" { parallel (db, db2); }
  composite checkout { series (web, dbs); target 99.9%; }
}
)";

// November 2026: 43,200 min.
const char* const kLog =
    R"({"id":"W1","service":"web","start":"2026-11-02T10:00:00Z","end":"2026-11-02T11:00:00Z"}
{"id":"D1","service":"db","start":"2026-11-02T10:30:00Z","end":"2026-11-02T12:00:00Z"}
{"id":"D2","service":"db2","start":"2026-11-02T11:30:00Z","end":"2026-11-02T13:00:00Z"}
{"id":"D3","service":"db","start":"2026-11-10T00:00:00Z","end":"2026-11-10T00:20:00Z"}
{"id":"C1","service":"web","start":"2026-11-15T08:00:00Z","end":"2026-11-15T09:00:00Z","cause":"customer"}
)";

const audit::CompositeAudit& composite(const audit::AuditReport& report, const std::string& name) {
  for (const audit::CompositeAudit& c : report.composites)
    if (c.name == name) return c;
  FAIL("no composite " << name);
  throw;
}

}  // namespace

TEST_CASE("composite audit: series and parallel from the components' timelines", "[audit][composite]") {
  const auto fx = testing::run_audit_text(kContract, kLog, "2026-11");
  REQUIRE(fx->report().composites.size() == 2);

  // dbs, parallel: down only while db (10:30-12:00, 00:20 on the 10th) and db2 (11:30-13:00) are both down:
  // 11:30-12:00 = 30 min. 43,170 / 43,200 = 1439/1440. No target: measured, not judged.
  const audit::CompositeAudit& dbs = composite(fx->report(), "dbs");
  CHECK(dbs.label == "either database");
  CHECK(dbs.promise == Rational(9999999, 10000000));  // 1 - 0.0001 x 0.001
  REQUIRE(dbs.periods.size() == 1);
  CHECK(dbs.periods[0].down == Seconds(30 * 60));
  CHECK(dbs.periods[0].excluded == Seconds(0));
  CHECK(dbs.periods[0].availability == Rational(1439, 1440));
  CHECK_FALSE(dbs.periods[0].verdict.has_value());

  // checkout, series of web and dbs: down while either is: web 10:00-11:00 and dbs 11:30-12:00 = 90 min.
  // Web's customer-caused hour (08:00-09:00 on the 15th, nothing down then) is excluded: eligible
  // 43,200 - 60 = 43,140 min; availability (43,140 - 90) / 43,140 = 43,050/43,140 = 4305/4314
  // = 99.79...% < 99.9%: breached.
  const audit::CompositeAudit& checkout = composite(fx->report(), "checkout");
  CHECK(checkout.promise == Rational(99949990005LL, 100000000000LL));  // 0.9995 x 0.9999999
  REQUIRE(checkout.periods.size() == 1);
  const audit::CompositePeriod& p = checkout.periods[0];
  CHECK(p.length == Seconds(43200 * 60));
  CHECK(p.down == Seconds(90 * 60));
  CHECK(p.excluded == Seconds(60 * 60));
  CHECK(p.availability == Rational(4305, 4314));
  CHECK(p.verdict == audit::Verdict::Breached);
  // The composite's breach is the audit's: its target is a term of the contract.
  CHECK(fx->report().verdict == audit::Verdict::Breached);
}

TEST_CASE("composite audit: a component that starts mid-period, and one with no period", "[audit][composite]") {
  // db2 starts on 16 November: the parallel pair is audited over 16-30 November only (15 days = 21,600 min).
  // db is down 10:30-12:00 on the 2nd (before: not counted) and db2 nothing: 0 min down, 100%.
  std::string contract = kContract;
  contract.replace(contract.find("service db2 { fee 100.00 per month; }"),
                   std::string("service db2 { fee 100.00 per month; }").size(),
                   "service db2 { fee 100.00 per month; starts 2026-11-16; }");
  const auto fx = testing::run_audit_text(contract, kLog, "2026-11");
  const audit::CompositeAudit& dbs = composite(fx->report(), "dbs");
  REQUIRE(dbs.periods.size() == 1);
  CHECK(dbs.periods[0].length == Seconds(21600 * 60));
  CHECK(dbs.periods[0].down == Seconds(0));
  CHECK(dbs.periods[0].availability == Rational(1));

  // Audited over October, db2 (starting in November) has no period: nothing is assessed, never met.
  const auto october = testing::run_audit_text(contract, kLog, "2026-10");
  const audit::CompositeAudit& none = composite(october->report(), "checkout");
  CHECK_FALSE(none.assessed);
  CHECK(none.not_assessed_reason == "'db2' has no period 2026-10 in the audited range");
  CHECK(october->report().verdict == audit::Verdict::NotAssessed);
}
