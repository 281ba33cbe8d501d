#include "tests/support/fleet_fixture.h"

#include <catch2/catch.hpp>

#include "telemetry/incidents/incident_reader.h"

namespace slaudit::testing {

std::unique_ptr<Fleet> audit_fleet(const char* contract, const std::string& inventory_csv, const std::string& billing_csv,
                                   const std::string& incidents_csv, bool threads,
                                   const std::string& explain_resource, std::vector<audit::ClaimFiling> claims) {
  auto f = std::make_unique<Fleet>();
  f->source = std::make_unique<SourceFile>("fleet.sla", contract);
  f->compiled = compile_contract(*f->source);
  REQUIRE(f->compiled.ok());
  const model::Contract& c = *f->compiled.contract;
  f->inventory = fleet::read_inventory(inventory_csv, fleet::TableFormat::Csv, c);
  REQUIRE(f->inventory.error.empty());
  f->billing = fleet::read_billing_export(billing_csv, *c.currency, f->inventory.resources);
  REQUIRE(f->billing.error.empty());
  IncidentReadOptions options;
  options.format = LogFormat::Csv;
  IncidentLogResult log = read_incident_log(incidents_csv, "incidents.csv", options);
  REQUIRE(log.ok());
  REQUIRE(log.log->rejected.empty());
  audit::FleetAuditRequest req;
  req.contract = &c;
  req.contract_source = f->source.get();
  req.resources = &f->inventory.resources;
  req.charges = &f->billing.charges;
  req.incidents = std::move(log.log->incidents);
  req.range = *audit::parse_audit_range("2026-11");
  req.use_threads = threads;
  req.explain_resource = explain_resource;
  req.claims = std::move(claims);
  f->result = audit::run_fleet_audit(std::move(req));
  REQUIRE(f->result.report);
  return f;
}

}  // namespace slaudit::testing
