#pragma once
// A probe clause inside the audit: a period's probe downtime (or measured
// availability) classified with the incidents' exclusions and the recurring
// windows, so that judging, credits, caps and claims stay the incident audit's.
#include "engine/audit/audit_period.h"
#include "engine/audit/probe/probe_outcome.h"

namespace slaudit::audit {

// Period `part` of the clause under the outcome's missing-data rule:
// bad buckets -> Down intervals (and missing-data exclusions) classified with
// the exclusions; requests / average error rate -> measured over the buckets
// the exclusions leave whole.
ClassifiedPeriod classify_probe_period(const ClauseContext& cx, const probe::ProbeClauseEngine& engine,
                                       const probe::ProbeOutcome& outcome, const Period& period, size_t part,
                                       const std::vector<size_t>& incident_indexes);

// One ProbeClauseAccounting per probe engine of the request.
void account_probes(const AuditRequest& request, AuditReport& report);

}  // namespace slaudit::audit
