#pragma once
// Recovery (self-healing) clauses: for each incident of a covered fault class,
// the time to recover by the clause's clock; breaches and their credit; per
// fault class count, median, p95 and max; and the fault classes no recovery
// clause covers (which faults does "about 20 minutes" really cover?).
#include <span>
#include <vector>

#include "engine/audit/report.h"
#include "base/time/time_zone.h"
#include "engine/records/incident.h"

namespace slaudit::audit {

struct RecoveryInputs {
  const model::RecoveryClause* clause = nullptr;
  const std::vector<Incident>* log = nullptr;  // every incident of the audit
  std::span<const size_t> incidents;            // indexes into `log`: the service's, in the audited range, by start
  std::vector<std::string> covered_by_any;                  // fault classes any recovery clause of the service covers
  Instant range_end;                                        // open incidents run to here
  Rational monthly_fee_minor{0};
  model::RoundingMode rounding = model::RoundingMode::HalfUp;
  bool record_findings = true;  // per-incident findings; statistics always
};

RecoveryAudit audit_recovery(const RecoveryInputs& in);

// "detected 2026-03-01T10:00:00+08:00 -> recovered 2026-03-01T10:24:00+08:00"
// ("started", "ended" for the other times), in the contract's zone.
std::string recovery_clock_text(const RecoveryClock& clock, const TimeZone& zone);

// Nearest-rank percentile (p in 1..100) of sorted values.
Seconds nearest_rank(const std::vector<Seconds>& sorted, int p);

}  // namespace slaudit::audit
