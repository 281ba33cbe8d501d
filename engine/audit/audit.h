#pragma once
// The audit: a checked contract and its incident log in, an AuditReport out.
// Pure: no I/O, no clock, no global state; the same request gives the same
// report, byte for byte once rendered.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/report.h"
#include "engine/records/holiday_calendar.h"
#include "language/model/contract.h"
#include "engine/records/incident.h"

namespace slaudit::probe {
class ProbeClauseEngine;
struct ProbePart;
}  // namespace slaudit::probe

namespace slaudit::audit {

// Which local dates to audit: every period that contains one of them is audited
// (clipped to the contract's effective range and the service's start).
struct AuditRange {
  model::CivilDate first;  // inclusive
  model::CivilDate last;   // inclusive
  std::string label;       // as the user wrote it: "2026-11", "2026-01-01..2026-06-30"
  // --as-of: the days only choose the periods, which are audited whole (from
  // their start, or the contract's or service's if later; to their end, or
  // the contract's). Otherwise a contract without effective dates is audited
  // over the range's days, as --from/--to ask.
  bool whole_periods = false;
};

// A claim filed for a service's period (`--claimed 2026-12-15` applies to all).
struct ClaimFiling {
  std::string service;  // empty: every service
  std::string period;   // a period label; empty: every period
  model::CivilDate filed;
  std::optional<std::string> clause_label;  // none: every clause (a ledger's filing names its clause)
  std::optional<std::string> resource;      // none: every resource; a fleet audit's resource or group
};

// The fee actually billed for a service's period, when it differs from the contract.
struct BilledFee {
  std::string service;
  std::string period;
  model::Money fee;
  // A fleet resource's charges summed exactly, in minor units with their
  // fraction (720 h x 0.0416 USD = 2995.2 cents): a credit on it is rounded
  // once, at the end. `fee` is this amount rounded, for display.
  std::optional<Rational> exact_minor;
};

// A fleet audit (engine/audit/fleet_audit.h) runs the clause engine once per
// resource: only `clauses` (per-resource ones), each period clipped to the
// resource's life span, no recovery clause.
struct ResourceScope {
  std::vector<size_t> clauses;  // indexes into Contract::availability
  std::optional<Instant> launched, terminated;
  // A group's minutes that do not count (`counted while at least N resources
  // run`), or in which it is down only through its members' excluded time:
  // excluded time, which the clause removes from the period. Disjoint, by start.
  std::vector<std::pair<Instant, Instant>> not_counted;
};

// Credits already paid, for caps over a contract year or trailing months.
struct PreviousCredit {
  std::string service;
  model::CivilDate period_end;  // last day of the period it was paid for
  model::Money amount;
  std::optional<std::string> resource;  // none: the service's; a fleet audit's resource or group
};

// One period's availability as the provider's statement gives it (a monthly
// statement's "99.2%"), for an audit without a log (docs/audit.md, section 26):
// the figure stands for the period's measured availability, and the contract's
// tiers, caps and claim rules price it as they price any availability.
struct StatedAvailability {
  std::string service;
  std::string clause_label;  // empty: the service's one availability clause
  std::string period;        // a period label as the audit prints it: 2026-11, 2026-Q4
  Rational availability;     // a share, 0..1, exact: "99.2%" is 124/125
  std::string stated;        // as the statement writes it: "99.2%"
  std::string path;          // where it was read, for the report
  size_t line = 0;
  std::optional<int64_t> paid_minor;  // the credit the provider paid, in the contract's minor units; absent: not stated
};

// What the incidents stand for. Clauses measured from incidents are assessed
// only on a log that was given and has at least one usable record: an empty
// list of incidents means "no outage" only when a log says so.
enum class IncidentEvidence {
  Log,          // a log was read; `incidents` are its usable records (maybe none)
  NoLog,        // no incident log was given
  NoneUsable,   // a log was given, but every record in it was rejected
  Statement,    // no log: each period's availability is the provider's stated figure (`stated`)
};

// A rolling window instead of the contract's periods: [end - length, end), one
// ad-hoc period per clause ("the last 30 days" as of an instant). Not a period
// of the contract: availability and target only, no credit, cap or claim.
struct RollingWindow {
  Instant end;
  Seconds length{0};
  Instant start() const { return end - length; }
};

// The span of time an incident log speaks for (docs/audit.md, "Time the
// evidence has not seen"): a period outside it is not assessed, never met,
// since no record there means "not looked at", not "no outage".
struct IncidentSpan {
  Instant from, to;  // [from, to)
  // Stated (`--covers`): a period only partly inside has an evidence gap.
  // Inferred from the records: from the period holding the earliest record
  // to the period holding the latest; an empty log covers nothing.
  bool stated = false;
  bool empty = false;   // inferred from a log without a record
  std::string source;   // the log's path, for the reasons
};

struct AuditRequest {
  const model::Contract* contract = nullptr;
  const SourceFile* contract_source = nullptr;  // for explanations (file:line)
  std::vector<Incident> incidents;              // already read and validated
  IncidentEvidence incident_evidence = IncidentEvidence::Log;
  AuditRange range;
  std::vector<ClaimFiling> claims;
  std::vector<BilledFee> fees;
  std::vector<PreviousCredit> previous_credits;
  // The days of the holiday calendar the contract names (`holidays "CN";`), for
  // counting working days; null when it names none. Required when it names
  // one and a clause counts working days.
  const HolidayCalendar* holidays = nullptr;
  // With IncidentEvidence::Statement: the stated figures. A period with none is not assessed.
  std::vector<StatedAvailability> stated;
  // Per-incident findings and timelines can be left out of very large audits
  // to bound memory; the figures are the same either way.
  bool record_findings = true;
  bool record_timeline = true;
  // The `explain` lines of each period (the figures are the same without them).
  bool record_explanations = true;
  // A large incident clause classifies two periods at once, on two threads.
  // The report is the same either way; false runs on the caller's thread only.
  bool use_threads = true;
  // Probe clauses: the finished engine of each availability clause measured from
  // probes, indexed like contract->availability (nullptr or absent: none given),
  // and the names of the probe inputs by source index, for the report.
  std::vector<const probe::ProbeClauseEngine*> probe_engines;
  std::vector<std::string> probe_sources;
  std::optional<ResourceScope> resource_scope;  // set by the fleet audit only
  std::optional<RollingWindow> window;           // set by `audit --as-of T --window D` only
  // The audit's instant (`--now`, else the machine's clock, read by the
  // caller: the engine reads no clock). A period that has not ended then is
  // in progress (an evidence gap: never met), one that has not begun is not
  // assessed. None: every period is taken as ended (--as-of judges its own).
  std::optional<Instant> judged_at;
  // Clauses measured from incidents: the span the log covers (none: no log).
  std::optional<IncidentSpan> incident_span;
};

// Errors that stop an audit before it starts (no time zone, no such period...).
struct AuditError {
  std::string message;
  SourceRange clause;  // where in the contract, when it is the contract's fault
  // The inputs' fault though the clause is named (a holiday calendar that
  // stops short of the years a clause needs): a usage error, not a contract error.
  bool input_fault = false;
};

struct AuditResult {
  std::optional<AuditReport> report;
  std::vector<AuditError> errors;
};

AuditResult run_audit(const AuditRequest& request);

// The audited parts of availability clause `clause_index`, one per period, as
// run_audit will cut them: what a probe engine for the clause is built over.
// Empty when the clause has nothing to audit in the range; errors (no time
// zone) are run_audit's to report.
std::vector<probe::ProbePart> probe_parts(const AuditRequest& request, size_t clause_index);

// Parses "2026-11", "2026-Q4", "2026", "2026-03-01..2026-05-31" into a range.
std::optional<AuditRange> parse_audit_range(std::string_view text);

}  // namespace slaudit::audit
