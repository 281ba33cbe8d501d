#pragma once
// Test support for the claim verifier: compile a contract, read evidence from
// text, verify; everything kept alive for the assertions.
#include <memory>
#include <optional>
#include <string>

#include "engine/claims/verify.h"
#include "telemetry/evidence/inventory.h"
#include "telemetry/evidence/measurements.h"
#include "language/compile/compile.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::testing {

struct ClaimsEvidenceText {
  std::optional<std::string> inventory;     // JSON
  std::optional<std::string> measurements;  // JSON Lines
  std::optional<std::string> incidents;     // JSON Lines
  std::optional<std::string> range;         // "2026-11", "2026-09-01..2026-11-30"
};

struct ClaimsFixture {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  std::optional<evidence::Inventory> inventory;
  std::optional<evidence::MeasurementLog> measurements;
  std::optional<IncidentLog> incidents;
  claims::ClaimsReport report;

  // The item whose claim text (or commitment statement) is `text`; fails the test when absent.
  const claims::ItemVerdict& item(const std::string& text) const;
  const claims::Reading& reading(const claims::ItemVerdict& item, const std::string& name) const;
};

std::unique_ptr<ClaimsFixture> verify_text(const std::string& contract, const ClaimsEvidenceText& evidence);

}  // namespace slaudit::testing
