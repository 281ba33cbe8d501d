// A per-resource clause is refused by the single-service audit with a located
// error, never audited as one unit (that figure would belong to no resource):
// the fleet audit runs it per resource.
#include <catch2/catch.hpp>

#include "engine/audit/audit.h"
#include "language/compile/compile.h"

using namespace slaudit;

TEST_CASE("the single-service audit refuses a per-resource clause with its location", "[audit][fleet]") {
  SourceFile source("t.sla", R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance; }
  availability vm per instance { target 99.5%; period calendar month; unavailable when any incident; }
}
)SLA");
  CompiledContract compiled = compile_contract(source);
  REQUIRE(compiled.ok());
  audit::AuditRequest req;
  req.contract = &*compiled.contract;
  req.contract_source = &source;
  auto range = audit::parse_audit_range("2026-11");
  REQUIRE(range);
  req.range = *range;
  audit::AuditResult result = audit::run_audit(req);
  CHECK_FALSE(result.report.has_value());
  REQUIRE(result.errors.size() == 1);
  CHECK(result.errors[0].message ==
        "a per-resource clause is audited resource by resource, by the fleet audit, from an inventory of the "
        "resources (docs/fleet.md)");
  CHECK(source.location(result.errors[0].clause.begin).line == 4);
}
