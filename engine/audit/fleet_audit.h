#pragma once
// The fleet audit (docs/fleet.md): every per-resource clause over every
// resource of an inventory. Each resource is audited by the same clause engine
// as a service (run_audit), on its own incidents (its own, and those of its
// zone or region), over each period clipped to its life span, on its own
// charges as credit base. Pure like run_audit: the same request gives the same
// report, whatever the order of the inventory, the incidents or the charges,
// and whatever the number of threads.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/audit/audit.h"
#include "engine/audit/fleet_matching.h"
#include "engine/audit/probe/probe_engine.h"
#include "engine/records/resource.h"

namespace slaudit::audit {

using ChargesByResource = std::map<std::pair<std::string, std::string>, ResourceCharges>;

// The finished probe engines of a fleet audit: per resource (indexed like the
// inventory), per availability clause (indexed like Contract::availability);
// null, or an empty list, where a resource has none.
using ResourceProbeEngines = std::vector<std::vector<const probe::ProbeClauseEngine*>>;

struct FleetAuditRequest {
  const model::Contract* contract = nullptr;
  const SourceFile* contract_source = nullptr;
  const std::vector<Resource>* resources = nullptr;  // the inventory's usable records
  const ChargesByResource* charges = nullptr;        // null: no billing export was given
  std::vector<Incident> incidents;                   // the log's usable records
  IncidentEvidence incident_evidence = IncidentEvidence::Log;
  AuditRange range;
  std::vector<ClaimFiling> claims;  // by service and period: for every resource of the service
  // Credits earlier periods owed, for caps over months: each for its resource
  // (or group), read from a ledger.
  std::vector<PreviousCredit> previous_credits;
  const HolidayCalendar* holidays = nullptr;  // as AuditRequest::holidays
  std::string explain_resource;     // "": none; else its full audit is kept in FleetReport::explained
                                    // (a resource id, or a group's label such as "region us-east-1")
  bool use_threads = true;
  // `--as-of`: every resource audited with the incidents known at the instant
  // (run_audit_as_of's rules), over the periods in progress (the range says
  // which), or over a rolling window ending at it.
  std::optional<Instant> as_of;
  std::optional<RollingWindow> window;
  std::optional<Instant> judged_at;  // as AuditRequest::judged_at, for every resource
  std::optional<IncidentSpan> incident_span;  // as AuditRequest::incident_span: the log's, for every resource
  // Per-resource clauses measured from probes: each resource's engines
  // (built over fleet_probe_plans), and the probe inputs' names by source index.
  const ResourceProbeEngines* probe_engines = nullptr;
  std::vector<std::string> probe_sources;
};

// One probe engine a fleet audit needs: resource `resource` (an index into the
// inventory) under availability clause `clause`, measured from probes, over
// the parts run_audit will cut for it (its periods clipped to its life span).
struct ResourceProbePlan {
  size_t resource = 0, clause = 0;
  std::vector<probe::ProbePart> parts;
};

// Every (resource, clause measured from probes) the fleet audit will audit,
// by inventory order then clause (a resource's clauses are match_resource's);
// then every member of each group clause measured from probes, by group.
std::vector<ResourceProbePlan> fleet_probe_plans(const FleetAuditRequest& request);

// An incident counted as downtime for a resource: what a claim names.
struct CountedIncident {
  std::string id;
  Instant start, end;  // clipped to the period
  Seconds down{0};
};

// What a fleet report prints of one resource's period: PeriodAudit's figures
// (same names, same meaning) without its incidents, timeline, derivation,
// notes and caps. A row is a third of a PeriodAudit's size, which 100,000
// resources feel.
struct ResourceFigures {
  std::string service, clause_label, period;
  SourceRange clause;
  Instant start, end;
  bool partial = false;
  Seconds length{0}, down_raw{0};
  Rational down, eligible;
  std::optional<Rational> availability;
  std::optional<model::Percent> target;
  bool met = true;
  std::optional<model::CreditTier> tier;
  bool credit_not_stated = false;
  int64_t fee_minor = 0;
  std::optional<Rational> fee_exact_minor;
  bool fee_billed = false;
  int64_t credit_minor = 0, hour_rule_minor = 0, free_hours = 0, owed_minor = 0;
  Seconds excluded{0};
  int64_t cap_minor = -1;  // the binding cap, -1 when none binds
  std::optional<model::CivilDate> claim_deadline, claim_earliest;
  std::vector<std::string> evidence_gaps;

  static ResourceFigures of(PeriodAudit&& p);
  bool credit_earned() const { return credit_minor > 0 || hour_rule_minor > 0 || credit_not_stated; }
  Verdict verdict() const { return period_verdict(credit_earned(), availability.has_value(), met); }
  bool evidence_complete() const { return evidence_gaps.empty(); }
};

// One resource under one clause over one period. The figures only: the
// per-incident detail, timeline and derivation of 100,000 resources would
// not fit in a report; `--explain-resource` gives one resource's in full.
struct ResourcePeriod {
  std::string resource, region, zone;
  std::string group_by;  // a group-level clause's group ("region", "zone", an attribute); "" for one resource
  ResourceFigures figures;
  std::vector<CountedIncident> counted;  // breached periods only, by start
};

// A resource no clause audits, and why.
struct UnassessedResource {
  std::string resource, service, reason;
};

// An incident the fleet audit could not attribute to any resource.
struct UnattributedIncident {
  size_t line = 0;
  std::string id, reason;
};

// Per service and period: how its resources fared. A resource under several
// clauses (`every matching clause`) counts once, with its worst verdict.
struct FleetPeriodTotal {
  std::string service, period;
  size_t resources = 0, met = 0, breached = 0, not_assessed = 0;
  size_t groups = 0, groups_breached = 0;  // group-level clauses' groups (not counted as resources)
  size_t credit_not_stated = 0;  // resource or group periods in a `not stated` tier: owed_minor is a lower bound
  int64_t owed_minor = 0;
};

struct FleetReport {
  std::string engine_version, tzdata_version, contract_title, timezone, range;
  model::Currency currency;
  std::vector<InputFile> inputs;
  std::vector<RecordAccounting> records;
  std::vector<RejectedRecord> rejected;        // every input's rejected records (the job adds the readers')
  size_t inventory_resources = 0;              // usable inventory records of a fleet service
  std::vector<ResourcePeriod> periods;         // by resource id, then clause (file order), then period; then groups
  std::vector<UnassessedResource> unassessed;  // by resource id
  std::vector<UnattributedIncident> unattributed;  // by line
  std::vector<FleetPeriodTotal> totals;        // by service, then period
  int64_t total_owed_minor = 0;
  Verdict verdict = Verdict::Met;
  std::vector<std::string> notes;          // each once, sorted
  std::vector<std::string> evidence_gaps;  // for the whole audit
  std::optional<AuditReport> explained;    // the full audit of FleetAuditRequest::explain_resource

  bool evidence_complete() const;  // no gap here nor in any resource's period
  // Some resource's period fell in a `not stated` tier: the total owed is a lower bound.
  bool owed_is_lower_bound() const {
    for (const auto& t : totals)
      if (t.credit_not_stated > 0) return true;
    return false;
  }
};

struct FleetAuditResult {
  std::optional<FleetReport> report;
  std::vector<AuditError> errors;
};

FleetAuditResult run_fleet_audit(FleetAuditRequest request);

}  // namespace slaudit::audit
