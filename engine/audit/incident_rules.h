#pragma once
// What one availability clause makes of one incident, before any timeline:
// excluded (by cause, fault class or component), scheduled maintenance that
// may be excluded (notice rule met; the cap is applied on the timeline),
// below the clause's affected threshold, or downtime with a weight.
#include <string>
#include <vector>

#include "engine/audit/timeline.h"
#include "language/model/contract.h"
#include "engine/records/incident.h"

namespace slaudit::audit {

struct IncidentDecision {
  enum class Kind { Down, ExcludedIncident, Maintenance, BelowThreshold } kind = Kind::Down;
  Weight weight = kWeightOne;           // Down: the affected share
  size_t maintenance_rule = 0;          // Maintenance: index into clause.maintenance
  std::string reason;
  SourceRange clause;
  std::vector<std::string> flags;
};

// `explain`: also word the reason and flags (skipped for figures-only audits).
IncidentDecision decide_incident(const model::AvailabilityClause& clause, const model::Service& service,
                                 const Incident& incident, bool explain = true);

// "72 h", "1 d 2 h", "90 s": for messages.
std::string duration_text(Seconds s);

}  // namespace slaudit::audit
