#pragma once
// Auditing one availability clause over one statistical period, in two steps:
// classify (timeline, runs) for every period first, then judge (the downtime
// runs that cross period boundaries need their neighbours' lengths), price and
// explain.
#include <vector>

#include "engine/audit/audit.h"
#include "engine/audit/downtime_rules.h"
#include "engine/audit/timeline.h"
#include "base/time/period.h"
#include "base/time/time_zone.h"

namespace slaudit::audit {

// What the clause audit knows about its surroundings.
struct ClauseContext {
  const model::Contract* contract = nullptr;
  const model::AvailabilityClause* clause = nullptr;
  const model::Service* service = nullptr;
  const AuditRequest* request = nullptr;
  const TimeZone* zone = nullptr;
  const PeriodScheme* scheme = nullptr;
  const std::vector<Incident>* incidents = nullptr;  // all of the request's incidents
  Instant range_end;                                 // open incidents run to here
  // The clause measures downtime from probes: incidents only exclude time
  // (maintenance, excluded causes); a counted incident adds no downtime.
  bool incidents_exclude_only = false;
};

// A period after classification, before judging.
struct ClassifiedPeriod {
  Period period;          // whole
  Instant from, to;       // the audited part
  bool partial = false;
  Classification timeline;
  std::vector<DowntimeRun> runs;
  std::vector<IncidentFinding> findings;      // indexed like `owners`
  std::vector<size_t> owners;                 // incident index of each finding
  std::vector<std::string> notes;
  // Probe clauses measured by requests or average error rate: the availability
  // is measured, not derived from down seconds; judging sets the counted
  // downtime to eligible x (1 - availability) so credits follow the same path.
  std::optional<Rational> measured_availability;
  bool unmeasured = false;                 // the method had nothing to measure
  std::vector<std::string> evidence_gaps;  // what the period's evidence lacks (PeriodAudit::evidence_gaps)
  std::string measured_derivation;
  std::optional<ProbePeriodFigures> probe;
  // Audited from the provider's statement: its figure is measured_availability;
  // judging fills in the credit the contract owes at it.
  std::optional<StatementFigures> statement;
};

// `extra`: intervals from elsewhere (probe downtime, missing-data exclusions),
// classified with the incidents' and windows' intervals.
ClassifiedPeriod classify_period(const ClauseContext& cx, const Period& period, Instant from, Instant to,
                                 const std::vector<size_t>& incident_indexes,
                                 std::vector<TimelineInterval> extra = {});

// Prices a classified period; `before`/`after` give the lengths of runs that
// continue into the previous/next period.
// `earlier`: credits owed for the same service in earlier periods (last day, amount), for
// caps over a contract year or trailing months; the request's previous credits are added.
PeriodAudit judge_period(const ClauseContext& cx, ClassifiedPeriod&& cp, Seconds before, Seconds after,
                         const std::vector<std::pair<LocalDate, int64_t>>& earlier);

}  // namespace slaudit::audit
