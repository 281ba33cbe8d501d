#pragma once
// Verifying a contract's claims and commitments against evidence: the
// inventory (cluster sizes), measurements (throughput, bandwidth, times) and
// an incident log (availability per period, time to recover per fault class,
// computed by the audit engine). Pure: no I/O, no clock; the same request
// gives the same report. docs/claims.md states every rule.
#include <optional>
#include <vector>

#include "engine/audit/audit.h"
#include "engine/claims/verdict.h"
#include "language/model/contract.h"
#include "engine/records/evidence.h"
#include "engine/records/incident.h"

namespace slaudit::claims {

struct ClaimsRequest {
  const model::Contract* contract = nullptr;
  const SourceFile* contract_source = nullptr;                     // for line numbers
  const evidence::Inventory* inventory = nullptr;                  // null: no inventory given
  const std::vector<evidence::Measurement>* measurements = nullptr;  // null: none given
  const std::vector<Incident>* incidents = nullptr;                // null: no incident log given
  // The days availability and recovery are read over. nullopt: the calendar
  // months (in the contract's zone) from the first incident's start to the
  // last incident's end.
  std::optional<audit::AuditRange> range;
};

// The report's items, notes and range; the caller adds inputs and record accounting.
ClaimsReport verify_claims(const ClaimsRequest& request);

// The verdict of a claim from its readings: all VERIFIED -> VERIFIED; all
// REFUTED -> REFUTED; some VERIFIED and some REFUTED -> AMBIGUOUS; otherwise
// (a reading without evidence, the rest agreeing) -> UNVERIFIABLE; no reading -> UNVERIFIABLE.
Verdict combine(const std::vector<Reading>& readings);

}  // namespace slaudit::claims
