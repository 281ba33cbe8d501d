#pragma once
// The result of an audit: plain data, everything a renderer (text, JSON,
// Markdown, HTML) needs, and nothing it must compute. Every figure is exact:
// durations in whole Seconds, weighted downtime and availability as exact
// rationals, money in integer minor units. Every figure can say which clause
// produced it (a SourceRange into the contract) and how (`explain` lines).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/num/rational.h"
#include "base/num/wide_count.h"
#include "base/text/shared_name.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"
#include "base/time/instant.h"
#include "engine/records/incident.h"

namespace slaudit::audit {

using slaudit::Rational;

// The affected share of a down interval, as an exact fraction: a logged share
// 0.25 is 25/100, a count of 1 node of 3 is 1/3 (never rounded to a decimal).
struct Weight {
  int64_t num = 1, den = 1;  // 0 < num <= den <= 10^18
  bool full() const { return num == den; }
  // Exact: cross-multiplied in 128 bits; shares over one denominator (most
  // often all of a log's) compare without multiplying.
  friend bool operator<(const Weight& a, const Weight& b) {
    if (a.den == b.den) return a.num < b.num;
    return static_cast<__int128>(a.num) * b.den < static_cast<__int128>(b.num) * a.den;
  }
  friend bool operator==(const Weight& a, const Weight& b) {
    if (a.den == b.den) return a.num == b.num;
    return static_cast<__int128>(a.num) * b.den == static_cast<__int128>(b.num) * a.den;
  }
};
// One line of `--explain`: a figure, its value, how it was derived, and the
// clause it came from (empty range: a default the contract did not state).
struct Explanation {
  std::string figure;      // "eligible time"
  std::string value;       // "2,592,000 s"
  std::string derivation;  // "period 2,678,400 s − excluded 86,400 s (excluded time removed from period)"
  SourceRange clause;
};

// What the audit did with one incident in one period.
enum class IncidentRole {
  Down,            // counted as downtime (in whole or in part)
  Excluded,        // excluded by a clause (maintenance, window, cause, fault, component)
  BelowThreshold,  // did not affect enough of the service to count
  IgnoredShort,    // its downtime run was shorter than the minimum counted downtime
  Overlapped,      // fully covered by other downtime or an exclusion window: adds nothing
};
const char* incident_role_name(IncidentRole role);

// How the timeline classifies a second (docs/audit.md section 5).
enum class TimeState { Up, Down, Excluded };

// Where an incident is on its period's timeline: the segments its time
// [start, end) lies in, first..last inclusive, as indexes into
// PeriodAudit::timeline. Each incident names its run of segments once (a
// segment listing its incidents would repeat a long incident in every segment
// it spans); a segment's incidents are those whose span holds it.
struct SegmentSpan {
  uint32_t first = 0, last = 0;
  bool operator==(const SegmentSpan&) const = default;
};

// Kept compact (about 150 bytes): a large audit holds one per incident and
// period, and a million must fit beside the incidents themselves. Texts many
// findings share are SharedNames (the log's fault class, the reason, worded
// alike for most incidents); the cause is the language's keyword.
struct IncidentFinding {
  std::string id;
  size_t line = 0;         // in the incident log
  SharedName fault;        // the log's fault class ("node_down"), absent when it gives none
  std::string_view cause;  // the log's cause ("provider", "maintenance", ...): terms::keyword's static text
  SharedName reason;       // "cause customer is excluded", "notice 48 h < 72 h required: downtime"
  SourceRange clause;      // the clause that counted or excluded it
  Instant start, end;      // clipped to the period
  Seconds down{0};         // seconds of this period it classified as down (before min/rounding rules)
  Seconds excluded{0};     // seconds of this period it classified as excluded
  IncidentRole role = IncidentRole::Down;
  bool open = false;       // no end in the log: run to the end of the period
  // Under `unavailable weighted by affected share`, an incident counted as
  // downtime: the share its down seconds count at (1 when the log gives none,
  // or for maintenance past its cap). Absent under every other clause.
  std::optional<Weight> weight;
  // Its down seconds at its weight (still before the minimum-downtime and
  // partial-minute rules, as `down` is); `down` when it has no weight.
  Rational weighted_down() const {
    return weight ? Rational(down.count()) * weight->num / weight->den : Rational(down.count());
  }
  // Its segments of the period's timeline; none when its time in the period
  // is empty or no timeline was recorded.
  std::optional<SegmentSpan> segments;
  std::vector<std::string> flags;
};

// The log's title, url and ticket of the incidents that give any, by their
// line in the log (unique in one log), for the reports to show beside an
// incident's id. Kept beside the findings, not in each: most logs give none,
// and a pointer in every finding of a million-incident audit would cost 16 MB.
struct IncidentLabelsByLine {
  std::vector<std::pair<size_t, SharedLabels>> by_line;  // sorted by line
  // Null for line 0 (a group's derived downtime) and for an incident without labels.
  const IncidentLabels* at(size_t line) const {
    if (line == 0) return nullptr;
    const auto found = std::lower_bound(by_line.begin(), by_line.end(), line,
                                        [](const auto& entry, size_t l) { return entry.first < l; });
    return found != by_line.end() && found->first == line ? found->second.get() : nullptr;
  }
};

enum class ClaimState {
  NotGiven,   // no claim date was given: the report states the deadline only
  InTime,
  Late,       // filed after the deadline: no credit
  TooEarly,   // filed before the earliest allowed day: no credit
};
const char* claim_state_name(ClaimState state);

struct ClaimStatus {
  ClaimState state = ClaimState::NotGiven;
  std::optional<model::CivilDate> deadline;   // last day to file (inclusive), local
  std::optional<model::CivilDate> earliest;   // first day to file, when the contract says
  std::optional<model::CivilDate> claimed;    // as given
  SourceRange clause;
  std::string reason;
};

// The audit's word on a period, and on the whole audit (docs/audit.md,
// "Verdicts"). A period is judged only on usable evidence: without it, it is
// not assessed, never met.
enum class Verdict {
  Met,          // assessed, the target met and no credit earned
  Breached,     // the target missed, or a credit earned
  NotAssessed,  // no usable evidence: no availability could be computed
};
const char* verdict_name(Verdict verdict);  // "met", "breached", "not_assessed"

// A period's verdict: breached when a credit is earned or an assessed
// availability misses its target; not assessed without an availability.
inline Verdict period_verdict(bool credit_earned, bool assessed, bool met) {
  if (credit_earned || (assessed && !met)) return Verdict::Breached;
  return assessed ? Verdict::Met : Verdict::NotAssessed;
}

// A segment of the period's timeline: a maximal run of seconds of one state.
// The incidents in it are those whose IncidentFinding::segments hold it.
struct TimelineSegment {
  Instant start, end;
  TimeState state = TimeState::Up;
};

// The probe figures of one period of a clause measured from probes.
struct ProbePeriodFigures {
  model::ProbeMethod method = model::ProbeMethod::BadBuckets;  // terms::keyword names it
  std::string combine;  // "any", "all", "at least 50%", "averaged"
  model::MissingData missing = model::MissingData::Up;  // the missing-data rule applied
  Seconds bucket{60};
  int64_t min_consecutive = 1;
  uint32_t targets = 0;
  int64_t buckets = 0;           // service buckets in the period
  int64_t bad_buckets = 0;       // bad before the consecutive-run minimum
  int64_t down_buckets = 0;      // in runs of at least the minimum: downtime
  int64_t no_data_buckets = 0;   // no target had a sample
  int64_t excluded_buckets = 0;  // excluded for missing data
  uint64_t target_buckets_missing = 0;  // (target, bucket) pairs without a sample
  // Requests and average error rate: over the buckets no exclusion touches.
  WideCount requests_ok = 0, requests_total = 0;  // summed over rows: may pass 2^64
  int64_t rate_buckets = 0, rate_left_out = 0;
  std::optional<Rational> mean_error_rate;
  // The clause states no missing-data rule: the period is also audited with
  // missing data counted as down, and both results are reported.
  bool ambiguous = false;
  model::MissingData other_missing = model::MissingData::Down;
  std::optional<Rational> other_availability;
  bool other_met = true;
  int64_t other_owed_minor = 0;
};

// A period audited from the provider's statement (docs/audit.md, section 26):
// the figure it states, where, and the credit paid beside the credit the
// contract owes at that figure.
struct StatementFigures {
  std::string stated;  // as written: "99.2%"
  std::string path;
  size_t line = 0;
  int64_t implied_minor = 0;          // what the contract owes at the stated figure: the period's owed_minor
  std::optional<int64_t> paid_minor;  // the credit paid; absent when the statement does not say
  // implied - paid: > 0 underpaid, < 0 overpaid; absent without a credit paid.
  std::optional<int64_t> difference() const {
    if (!paid_minor) return std::nullopt;
    return implied_minor - *paid_minor;
  }
  bool underpaid() const { return paid_minor && implied_minor > *paid_minor; }
  // "underpaid", "overpaid", "matches", or "not stated" (no credit paid given).
  const char* payment_word() const {
    if (!paid_minor) return "not stated";
    return implied_minor > *paid_minor ? "underpaid" : implied_minor < *paid_minor ? "overpaid" : "matches";
  }
};

// One availability clause audited over one statistical period.
struct PeriodAudit {
  std::string service;
  std::string clause_label;
  SourceRange clause;
  std::string period;       // label, e.g. "2026-03"
  Instant start, end;       // the part audited (clipped for partial periods)
  bool partial = false;     // the service or the contract covers only part of the period
  std::string partial_rule; // "prorated", "whole", "split" (partial periods only)

  Seconds length{0};        // end - start
  Seconds excluded{0};      // seconds classified excluded
  Seconds down_raw{0};      // seconds classified down, before minimum-downtime and rounding rules
  Rational down;            // counted downtime in seconds: after rules, weighted by affected share
  Rational eligible;        // length - excluded, or length, as the clause says
  std::optional<Rational> availability;  // (eligible - down) / eligible, a share 0..1; none if eligible is 0

  std::optional<model::Percent> target;
  bool met = true;
  std::optional<model::CreditTier> tier;  // the tier the availability falls in
  // The tier is `not stated`: a credit is owed but the contract does not say
  // how much, so credit_minor stays 0 and every total is a lower bound.
  bool credit_not_stated = false;
  int64_t fee_minor = 0;        // the period's fee, after proration
  // A fleet resource's charges exactly, in minor units, when they have more
  // decimals than the currency (EC2 hourly rates): credits are computed on it.
  std::optional<Rational> fee_exact_minor;
  bool fee_billed = false;  // the fee came from a billing input (--billing, a fleet's --billing-export)
  Rational fee_base() const { return fee_exact_minor ? *fee_exact_minor : Rational(fee_minor); }
  int64_t credit_minor = 0;     // before caps
  int64_t cap_minor = -1;       // the binding cap, -1 when none binds
  std::vector<model::Cap> caps; // the clause's caps as written, binding or not; empty: the contract states none
  int64_t owed_minor = 0;       // after caps and the claim rule
  int64_t free_hours = 0;       // clock hours over the hour rule's limit
  int64_t hour_rule_minor = 0;  // their charge, credited without a claim

  ClaimStatus claim;
  std::vector<IncidentFinding> incidents;
  std::vector<TimelineSegment> timeline;
  std::vector<Explanation> explain;
  std::vector<std::string> notes;  // defaults applied, ambiguities, flags
  std::optional<ProbePeriodFigures> probe;  // clauses measured from probes
  std::optional<StatementFigures> statement;  // periods audited from the provider's statement

  // What the evidence for this period lacks: records rejected, probe samples
  // late, conflicting or unusable. The figures are those of the usable
  // evidence; a period with gaps is never reported as cleanly met.
  std::vector<std::string> evidence_gaps;

  // A credit is earned (before caps and claims): a tier reached (its credit
  // stated or not), lost time credited, or clock hours not charged. With
  // `met`, it decides the verdict.
  bool credit_earned() const { return credit_minor > 0 || hour_rule_minor > 0 || credit_not_stated; }
  // Underpaid against a statement is a breach too (it implies a credit earned:
  // the owed amount never exceeds the credit and the clock-hour amount).
  Verdict verdict() const {
    return period_verdict(credit_earned() || (statement && statement->underpaid()), availability.has_value(), met);
  }
  bool evidence_complete() const { return evidence_gaps.empty(); }
};

// One incident under a recovery clause.
// When a recovery clause's clock started and stopped for one incident, and on
// which of its times; kept as instants (a million findings, no text each) and
// worded by recovery_clock_text (engine/audit/recovery.h) when a report is written.
struct RecoveryClock {
  Instant start, stop;
  bool from_detected = false;  // started at the detected time, else at the incident's start
  bool to_recovered = false;   // stopped at the recovered time, else at its end (or the range's)
};

struct RecoveryFinding {
  std::string id;
  size_t line = 0;
  std::string fault;
  Seconds time_to_recover{0};
  bool breach = false;
  RecoveryClock clock;
  std::vector<std::string> flags;  // "no detected time: clock started at start"
};

struct FaultStats {
  std::string fault;
  size_t count = 0;
  Seconds median{0}, p95{0}, max{0};  // nearest-rank percentiles
  size_t breaches = 0;
};

struct RecoveryAudit {
  bool assessed = true;  // false: no usable incident log, so no incident could be timed
  std::string not_assessed_reason;  // when not assessed: "no usable incident log", "not begun at ..."
  std::string service;
  std::string clause_label;
  SourceRange clause;
  std::optional<Seconds> limit;
  size_t covered = 0;                          // incidents of a covered fault class
  std::vector<RecoveryFinding> findings;       // covered incidents in time order (only breaches unless findings are recorded)
  std::vector<FaultStats> stats;               // per covered fault class, sorted by name
  std::vector<FaultStats> uncovered;           // fault classes no recovery clause covers
  std::vector<std::string> uncovered_incidents;
  size_t breaches = 0;
  int64_t credit_minor = 0, cap_minor = -1, owed_minor = 0;  // cap_minor: the binding cap, -1 when none binds
  // The credit (breaches x the credit per breach) passes int64 minor units:
  // no figure is stated, and the audit is refused (add_totals), never saturated.
  bool credit_too_large = false;
  std::vector<model::Cap> caps;  // the clause's caps as written, binding or not; empty: the contract states none
  std::vector<Explanation> explain;
};

// One period of a composite SLA, from its components' timelines.
struct CompositePeriod {
  std::string period;       // the components' period label
  Instant start, end;       // the part every component audited
  Seconds length{0}, excluded{0}, down{0};
  std::optional<Rational> availability;  // (length - excluded - down) / (length - excluded); none: nothing eligible
  // Against the composite's target; none: the contract sets no target, so
  // the period is measured, not judged.
  std::optional<Verdict> verdict;
  std::vector<std::string> evidence_gaps;  // the components' gaps, named ("web: 2 record(s) rejected")
};

// A composite SLA (`composite NAME { series (A, B); target P; }`): the promise
// its components' targets make together, and its availability measured from
// when they were down at the same time (docs/audit.md, "Composite SLAs").
struct CompositeAudit {
  std::string name, label;
  SourceRange clause;
  terms::CompositeShape shape = terms::CompositeShape::Series;
  std::vector<std::string> components;  // as written
  std::optional<model::Percent> target;
  std::optional<Rational> promise;      // none: a component states no target
  bool assessed = true;                 // false: a component's timeline is not known (why: not_assessed_reason)
  std::string not_assessed_reason;
  std::vector<CompositePeriod> periods;
};

struct InputFile {
  std::string role;  // "contract", "incidents", "claims", "billing"
  std::string path;
  std::string sha256;
};

struct RejectedRecord {
  std::string path;
  size_t line = 0;
  std::string reason;
};

struct RecordAccounting {
  std::string path;
  size_t read = 0, used = 0, rejected = 0;
  // Records naming only services the contract does not define (a log shared
  // by several contracts): neither used nor rejected, no evidence gap.
  // read == used + rejected + not_for_contract.
  size_t not_for_contract = 0;
};

// What became of the probe samples offered to one clause.
struct ProbeClauseAccounting {
  std::string service, clause_label;
  SourceRange clause;
  Seconds lateness{0};
  uint32_t targets = 0;
  uint64_t seen = 0, used = 0, outside_period = 0, not_a_target = 0, late = 0;
  uint64_t duplicate_identical = 0, duplicate_conflicting = 0, unusable = 0;
  std::vector<RejectedRecord> examples;  // the first few of each kind not used
};

struct ServiceTotal {
  std::string service;
  int64_t owed_minor = 0;
};

// The error budget of a period in progress (engine/audit/error_budget.h,
// docs/audit.md section 28).
struct BurnWindow {
  Seconds length{0};   // as asked: an hour, a day
  Seconds covered{0};  // the part inside the period (less when the period began within it)
  Rational down;       // counted downtime in it, seconds
  std::optional<Rational> burn_rate;  // none when the window has no second in the period
};

struct ErrorBudget {
  std::string service, clause_label, period;
  SourceRange clause;
  Instant period_end;
  model::Percent target;
  Rational allowed;  // seconds of downtime the target allows in the period
  Rational spent;    // counted so far
  BurnWindow last_hour, last_day;
  // At the last day's rate, when the budget runs out, if before the period ends.
  std::optional<Instant> runs_out;
  bool rolling = false;  // the period is a rolling window: nothing runs out in it

  Rational left() const { return allowed - spent; }
  bool exhausted() const { return spent > allowed || (spent == allowed && spent > 0); }
};

struct AsOfAudit {
  Instant as_of;
  Seconds window{0};  // > 0: the periods are the rolling window of this length ending at `as_of`
  std::vector<ErrorBudget> budgets;  // one per period with a target, measured from incidents
};

struct AuditReport {
  std::string engine_version;
  std::string tzdata_version;
  std::vector<InputFile> inputs;
  std::string contract_title;
  std::string timezone;
  model::Currency currency;
  std::string range;  // "2026-11" or "2026-01-01..2026-12-31"

  std::vector<RecordAccounting> records;
  IncidentLabelsByLine incident_labels;  // the incident log's titles, urls and tickets
  std::vector<RejectedRecord> rejected;
  std::vector<ProbeClauseAccounting> probe_accounting;
  std::vector<PeriodAudit> periods;
  std::vector<RecoveryAudit> recovery;
  std::vector<CompositeAudit> composites;
  std::vector<ServiceTotal> totals;
  int64_t total_owed_minor = 0;
  // Breached when anything breached; else not assessed when a period or
  // recovery clause could not be assessed, or nothing was audited; else met.
  Verdict verdict = Verdict::Met;
  bool breached() const { return verdict == Verdict::Breached; }
  // Why the evidence is incomplete, for the whole audit (every period's own
  // gaps are in the period); empty when it is complete.
  std::vector<std::string> evidence_gaps;
  std::vector<std::string> notes;
  // Audited as of an instant, a period still in progress: its error budgets.
  std::optional<AsOfAudit> as_of;
  // The audit's instant, when it decided something: some period had not
  // ended (in progress) or not begun (not assessed) then. Every format states it.
  std::optional<Instant> judged_at;

  bool evidence_complete() const;  // no gap here nor in any period
  // Some period fell in a tier the contract leaves `not stated`: the total
  // owed is a lower bound.
  bool owed_is_lower_bound() const {
    for (const auto& p : periods)
      if (p.credit_not_stated) return true;
    return false;
  }
};

}  // namespace slaudit::audit
