#pragma once
// The readings of one predicate, by the evidence it needs. Internal to
// engine/claims: verify.cpp dispatches on the metric and combines.
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/audit.h"
#include "engine/claims/verdict.h"
#include "language/model/contract.h"
#include "engine/records/evidence.h"
#include "engine/records/incident.h"

namespace slaudit::claims {

struct Evidence {
  const model::Contract* contract = nullptr;
  const SourceFile* source = nullptr;
  const evidence::Inventory* inventory = nullptr;
  const std::vector<evidence::Measurement>* measurements = nullptr;
  const std::vector<Incident>* incidents = nullptr;
  std::optional<audit::AuditRange> range;  // resolved: set whenever incidents are
};

struct Judged {
  std::vector<Reading> readings;
  std::string needs;               // when no reading could be made at all
  std::vector<std::string> notes;  // how the evidence was read (become part of the basis)
};

Judged cluster_readings(const model::ClaimPredicate& claim, const Evidence& evidence);       // gpus, nodes
Judged availability_readings(const model::ClaimPredicate& claim, const Evidence& evidence);  // availability
Judged recovery_readings(const model::ClaimPredicate& claim, const Evidence& evidence);      // recovery_time
Judged measured_readings(const model::ClaimPredicate& claim, const Evidence& evidence);      // everything else

// "gpus >= 10,000" style: the claimed side of a comparison, for evidence texts.
std::string claimed_text(const model::ClaimPredicate& claim);

}  // namespace slaudit::claims
