// What every fleet view lists (report/common/fleet_rows.h): the bands of
// availability, compared exactly at their edges; the breached rows, the most
// owed first; the gaps, each once.
#include <catch2/catch.hpp>

#include <optional>
#include <vector>

#include "report/common/fleet_rows.h"

using namespace slaudit;
using audit::Rational;

namespace {

audit::ResourcePeriod row(std::string id, std::optional<Rational> availability, int64_t owed = 0, bool met = true) {
  audit::ResourcePeriod rp;
  rp.resource = std::move(id);
  rp.figures.availability = std::move(availability);
  rp.figures.met = met;
  rp.figures.credit_minor = owed;
  rp.figures.owed_minor = owed;
  return rp;
}

}  // namespace

TEST_CASE("fleet rows: each resource period falls in exactly one band, edges compared exactly", "[report][fleet]") {
  struct Case {
    std::optional<Rational> availability;
    const char* band;
  };
  const std::vector<Case> cases = {
      {Rational(1), "100%"},
      {Rational(99999, 100000), "99.99% to 100%"},                // 99.999%
      {Rational(9999, 10000), "99.99% to 100%"},                  // 99.99% exactly: the lower edge is in
      {Rational(99'989'999, 100'000'000), "99.9% to 99.99%"},     // 99.989999%: just under
      {Rational(999, 1000), "99.9% to 99.99%"},
      {Rational(4769, 4800), "99% to 99.5%"},                     // 4769/4800 = 99.3541...%
      {Rational(995, 1000), "99.5% to 99.9%"},
      {Rational(99, 100), "99% to 99.5%"},
      {Rational(2, 3), "below 95%"},
      {Rational(0), "below 95%"},
      {std::nullopt, "not assessed"},
  };
  for (const Case& c : cases) {
    audit::FleetReport r;
    r.periods.push_back(row("r", c.availability));
    size_t hits = 0;
    std::string where;
    for (const auto& band : report::availability_bands(r)) {
      hits += band.resource_periods;
      if (band.resource_periods == 1) where = band.label;
    }
    INFO((c.availability ? c.availability->str() : std::string("none")));
    CHECK(hits == 1);
    CHECK(where == c.band);
  }
}

TEST_CASE("fleet rows: breached rows, the most owed first, ties in report order", "[report][fleet]") {
  audit::FleetReport r;
  r.periods.push_back(row("a", Rational(1)));                   // met: not listed
  r.periods.push_back(row("b", Rational(99, 100), 300, false));
  r.periods.push_back(row("c", Rational(98, 100), 900, false));
  r.periods.push_back(row("d", Rational(99, 100), 300, false));  // ties with b: after it
  r.periods.push_back(row("e", Rational(995, 1000), 0, false));  // breached, nothing owed (missed the target only)
  std::vector<std::string> order;
  for (const auto* rp : report::breached_by_owed(r)) order.push_back(rp->resource);
  CHECK(order == std::vector<std::string>{"c", "b", "d", "e"});
  const auto bands = report::availability_bands(r);
  size_t breached = 0;
  for (const auto& band : bands) breached += band.breached;
  CHECK(breached == 4);
}

TEST_CASE("fleet rows: resource periods and group periods are counted apart", "[report][fleet]") {
  audit::ResourcePeriod a = row("a", Rational(99, 100), 300, false), b = row("b", Rational(99, 100), 300, false);
  audit::ResourcePeriod g = row("region us-east-1", Rational(99, 100), 300, false);
  g.group_by = "region";
  struct Case {
    std::vector<const audit::ResourcePeriod*> periods;
    const char* phrase;
  };
  const std::vector<Case> cases = {
      {{}, "0 resource periods"},
      {{&a}, "1 resource period"},
      {{&a, &b}, "2 resource periods"},
      {{&g}, "1 group period"},
      {{&a, &g, &b}, "2 resource periods and 1 group period"},
  };
  for (const Case& c : cases) CHECK(report::periods_phrase(c.periods) == c.phrase);
  audit::FleetReport r;
  r.periods = {a, g};
  r.verdict = audit::Verdict::Breached;
  CHECK(report::fleet_result_phrase(r) == "1 resource period and 1 group period breached");
}

TEST_CASE("fleet rows: evidence gaps once each, the audit's own first", "[report][fleet]") {
  audit::FleetReport r;
  r.evidence_gaps = {"2 incident(s) could not be attributed"};
  r.periods.push_back(row("a", Rational(1)));
  r.periods.back().figures.evidence_gaps = {"no charges for a", "same gap"};
  r.periods.push_back(row("b", Rational(1)));
  r.periods.back().figures.evidence_gaps = {"same gap"};
  CHECK(report::fleet_evidence_gaps(r) ==
        std::vector<std::string>{"2 incident(s) could not be attributed", "no charges for a", "same gap"});
}
