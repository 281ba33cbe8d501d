#pragma once
// A fleet audit from texts, for tests: the contract, the inventory, the
// billing export and the incident log (CSV), audited over 2026-11. Every
// input must read without a rejected record.
#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/audit/fleet_audit.h"
#include "language/compile/compile.h"
#include "telemetry/fleet/fleet_inputs.h"

namespace slaudit::testing {

struct Fleet {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  fleet::InventoryInput inventory;
  fleet::BillingExportInput billing;
  audit::FleetAuditResult result;

  const audit::FleetReport& report() const { return *result.report; }
  const audit::ResourcePeriod& resource(const std::string& id) const {
    for (const auto& rp : report().periods)
      if (rp.resource == id) return rp;
    FAIL("no audited period for resource " << id);
    throw std::logic_error("unreachable");
  }
};

std::unique_ptr<Fleet> audit_fleet(const char* contract, const std::string& inventory_csv, const std::string& billing_csv,
                                   const std::string& incidents_csv, bool threads = true,
                                   const std::string& explain_resource = "",
                                   std::vector<audit::ClaimFiling> claims = {});

}  // namespace slaudit::testing
