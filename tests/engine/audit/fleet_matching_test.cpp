// Which per-resource clauses apply to a resource: selectors, then the
// service's matching rule. Azure's rows as the example: premium SSD 99.9%,
// standard SSD 99.5%, standard HDD 95%, and 99.99% for two or more zones.
#include <catch2/catch.hpp>

#include "engine/audit/fleet_matching.h"
#include "language/compile/compile.h"

using namespace slaudit;
using audit::MatchOutcome;

namespace {

model::Contract azure(const std::string& matching) {
  SourceFile file("t.sla", R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources vm with zones; attributes disk; )SLA" + matching + R"SLA( }
  availability vm "zones" per vm { where zones >= 2; target 99.99%; }
  availability vm "premium" per vm { where disk = "premium_ssd"; target 99.9%; }
  availability vm "standard ssd" per vm { where disk = "standard_ssd"; target 99.5%; }
  availability vm "hdd" per vm { where disk = "standard_hdd"; target 95%; }
  availability vm "not hdd" per vm { where disk != "standard_hdd"; where region = "westeurope"; target 99.5%; }
}
)SLA");
  auto compiled = compile_contract(file);
  REQUIRE(compiled.contract);
  return *compiled.contract;
}

Resource vm(const std::string& disk, int64_t zones, const std::string& region = "eastus") {
  Resource r;
  r.id = "vm-1";
  r.service = "vm";
  r.region = region;
  r.zone = region + "-1";
  r.zones = zones;
  r.attributes.emplace("disk", disk);
  return r;
}

}  // namespace

TEST_CASE("worst matching clause: the lowest target among the clauses a resource matches", "[audit][fleet]") {
  const model::Contract c = azure("each vm under worst matching clause;");
  // Two zones and an HDD: matches "zones" (99.99%) and "hdd" (95%): the worst is hdd, clause 3.
  auto m = audit::match_resource(c, vm("standard_hdd", 2));
  CHECK(m.outcome == MatchOutcome::Assessed);
  CHECK(m.matching == std::vector<size_t>{0, 3});
  CHECK(m.clauses == std::vector<size_t>{3});
  // Premium SSD in westeurope, one zone: "premium" (99.9%) and "not hdd" (99.5%): the worst is 99.5%, clause 4.
  m = audit::match_resource(c, vm("premium_ssd", 1, "westeurope"));
  CHECK(m.matching == std::vector<size_t>{1, 4});
  CHECK(m.clauses == std::vector<size_t>{4});
  // Standard SSD in westeurope: "standard ssd" 99.5% and "not hdd" 99.5% tie: the first in file order, clause 2.
  m = audit::match_resource(c, vm("standard_ssd", 1, "westeurope"));
  CHECK(m.clauses == std::vector<size_t>{2});
}

TEST_CASE("first and every matching clause", "[audit][fleet]") {
  auto first = audit::match_resource(azure("each vm under first matching clause;"), vm("standard_hdd", 3));
  CHECK(first.clauses == std::vector<size_t>{0});  // zones >= 2 comes first in the file
  auto every = audit::match_resource(azure("each vm under every matching clause;"), vm("standard_hdd", 3));
  CHECK(every.clauses == std::vector<size_t>{0, 3});
}

TEST_CASE("a resource matched by no clause, or by two with no matching rule, is not assessed", "[audit][fleet]") {
  const model::Contract c = azure("");
  auto none = audit::match_resource(c, vm("ultra_disk", 1));
  CHECK(none.outcome == MatchOutcome::NoClause);
  CHECK(none.clauses.empty());
  CHECK(none.reason == "matched by no clause");
  auto two = audit::match_resource(c, vm("premium_ssd", 2));
  CHECK(two.outcome == MatchOutcome::Ambiguous);
  CHECK(two.clauses.empty());
  CHECK(two.matching == std::vector<size_t>{0, 1});
  CHECK(two.reason ==
        "matched by 2 clauses and the contract says no matching rule (each ... under first|worst|every matching "
        "clause)");
  // One match needs no rule.
  auto one = audit::match_resource(c, vm("standard_ssd", 1));
  CHECK(one.outcome == MatchOutcome::Assessed);
  CHECK(one.clauses == std::vector<size_t>{2});
  CHECK(std::string(audit::match_outcome_name(MatchOutcome::Ambiguous)) == "ambiguous");
}

TEST_CASE("zones selectors compare as numbers", "[audit][fleet]") {
  SourceFile file("t.sla", R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources vm with zones; each vm under every matching clause; }
  availability vm "a" per vm { where zones = 2; }
  availability vm "b" per vm { where zones != 2; }
  availability vm "c" per vm { where zones > 2; }
  availability vm "d" per vm { where zones <= 2; }
  availability vm "e" per vm { where zones < 2; }
}
)SLA");
  auto compiled = compile_contract(file);
  REQUIRE(compiled.contract);
  Resource r = vm("x", 1);
  r.attributes.clear();
  CHECK(audit::match_resource(*compiled.contract, r).clauses == std::vector<size_t>{1, 3, 4});
  r.zones = 2;
  CHECK(audit::match_resource(*compiled.contract, r).clauses == std::vector<size_t>{0, 3});
  r.zones = 3;
  CHECK(audit::match_resource(*compiled.contract, r).clauses == std::vector<size_t>{1, 2});
}
