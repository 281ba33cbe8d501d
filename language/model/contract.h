#pragma once
// The checked contract: what the syntax tree means. Units are resolved into
// typed values (durations in Seconds, money in integer minor units, shares as
// exact decimals), names are bound, defaults are explicit. Absent terms stay
// absent (std::optional): the ambiguity rules need to see what a contract
// leaves unsaid, and the audit must say which default it applied.
// Every clause keeps the source range it came from, for `--explain`.
#include <map>
#include <variant>
#include <optional>
#include <string>
#include <vector>

#include "base/num/decimal.h"
#include "base/num/rational.h"
#include "language/syntax/ast.h"
#include "language/syntax/source.h"
#include "base/time/civil_date.h"
#include "base/time/instant.h"

namespace slaudit::model {

// A percentage as written: 99.9 means 99.9 %. Exact.
struct Percent {
  Decimal value;
  bool operator==(const Percent&) const = default;
};

// Money in integer minor units of the contract's currency (cents, fen).
struct Money {
  int64_t minor = 0;
  bool operator==(const Money&) const = default;
};

// A price as the contract writes it, in minor units of its currency. An hourly
// price may hold fractions of a minor unit (EC2's 0.0416 USD an hour is 4.16
// cents): the audit multiplies it exactly and rounds once, where a figure is
// owed or shown.
struct Price {
  Rational minor;
  bool operator==(const Price&) const = default;
  // The price in whole minor units, when it is one (a monthly fee always is).
  std::optional<int64_t> whole_minor() const {
    if (boost::multiprecision::denominator(minor) != 1) return std::nullopt;
    return boost::multiprecision::numerator(minor).convert_to<int64_t>();
  }
};

struct Currency {
  std::string code;   // ISO 4217, e.g. CNY
  int minor_digits = 2;
};

using CivilDate = slaudit::CivilDate;

using ast::Comparator;

// ---------------------------------------------------------------- services

enum class FeeBasis { PerMonth, PerHour };
enum class ScopeKind { Unspecified, SingleCluster, AggregateClusters };
enum class Tenancy { Unspecified, Exclusive, Shared };

// How a resource matched by several per-resource clauses is treated
// (`each instance under worst matching clause;`). Unstated: a resource matched
// by two clauses is not assessed, reported as ambiguous, never guessed.
enum class MatchChoice { Unstated, First, Worst, Every };
const char* match_choice_name(MatchChoice choice);

// A service that is many resources (`resources instance with zones;`).
struct Fleet {
  std::string noun;                       // instance, vm, droplet
  bool zones = false;                     // the reserved numeric attribute `zones` is defined
  std::vector<std::string> attributes;    // declared free attributes, e.g. disk, deployment
  MatchChoice choice = MatchChoice::Unstated;
  SourceRange range;
};

// The attributes every resource has from the inventory, never declared.
inline constexpr const char* kReservedAttributes[] = {"zones", "region", "zone"};

// A group-level clause (docs/fleet.md): the fleet's resources grouped by
// region, zone or a declared attribute; the group is down when its members
// are, as the rule says, and (Azure's "maximum available minutes") a minute
// counts only while enough members run.
enum class GroupDown {
  AllMembers,      // unavailable when all resources down
  MembersAtLeast,  // unavailable when at least N resources down
  ShareAtLeast,    // unavailable when at least P% of resources down
  ZonesAtLeast,    // unavailable when at least N zones down (a zone is down when all its running members are)
};
const char* group_down_name(GroupDown rule);  // "all members", "members at least", ...

// What `counted while at least N ... run;` counts: running members (Azure's
// availability sets: "two or more instances deployed"), or zones in which at
// least one member runs (Azure's zones row and GCE's multi-zone instances:
// "deployed across two or more zones").
enum class CountedWhile {
  MembersRunning,  // counted while at least N resources run
  ZonesRunning,    // counted while at least N zones run
};
const char* counted_while_name(CountedWhile rule);  // "members running", "zones running"

struct GroupRule {
  std::string by;                // "region", "zone" or a declared attribute
  GroupDown down = GroupDown::AllMembers;
  int64_t count = 0;             // MembersAtLeast, ZonesAtLeast
  Decimal share;                 // ShareAtLeast: percent, 0 < share <= 100
  SourceRange down_range;
  std::optional<int64_t> counted_while_at_least;  // members or zones running, as `counted_while` says
  CountedWhile counted_while = CountedWhile::MembersRunning;
  SourceRange counted_range;
};

struct Service {
  std::string name;
  SourceRange range;
  std::optional<Price> fee;
  FeeBasis fee_basis = FeeBasis::PerMonth;
  SourceRange fee_range;
  ScopeKind scope = ScopeKind::Unspecified;
  std::vector<std::string> clusters;
  std::vector<std::string> regions;
  std::optional<int64_t> gpus, nodes;
  std::optional<CivilDate> starts;
  std::optional<std::string> interconnect;  // rdma, roce, infiniband, ethernet
  Tenancy tenancy = Tenancy::Unspecified;
  std::optional<std::string> billing_granularity;  // second, minute, hour, day, month
  std::optional<Fleet> fleet;
};

// ---------------------------------------------------------------- availability

enum class PeriodKind { CalendarMonth, CalendarQuarter, CalendarYear, CalendarWeek, BillingMonth, Rolling };
struct PeriodRule {
  PeriodKind kind = PeriodKind::CalendarMonth;
  int anchor_day = 1;   // BillingMonth
  int rolling_days = 0; // Rolling
  SourceRange range;
};

enum class PartialPeriodMode { Prorated, Whole, Split };

// How an incident makes the service unavailable.
enum class MeasurementKind { AnyIncident, AffectedThreshold, Weighted, Probes };
enum class AffectedUnit { Share, Gpus, Nodes };
struct AffectedThreshold {
  Comparator cmp = Comparator::AtLeast;
  AffectedUnit unit = AffectedUnit::Share;
  Decimal share;        // 0..1, when unit == Share (5% -> 0.05)
  int64_t count = 0;    // when unit is Gpus or Nodes
};

using terms::ProbeMethod;
using terms::ProbeSignal;
using terms::TargetCombination;
struct ProbeTarget {
  std::string name;
  std::optional<std::string> cluster;
};
using terms::BelowMinimum;
using terms::MinimumDataScope;
using terms::MinimumDataUnit;
// At least `count` requests or samples per bucket or period make a measurement
// valid; below it, a period is not assessed or missed as `below` says, and a
// bucket is a bucket with missing data.
struct MinimumData {
  int64_t count = 1;
  MinimumDataUnit unit = MinimumDataUnit::Requests;
  BelowMinimum below = BelowMinimum::NotAssessed;  // per period only
  SourceRange range;
};
struct ProbeRule {
  Seconds bucket{60};
  ProbeSignal signal = ProbeSignal::SuccessRatio;
  Comparator cmp = Comparator::LessThan;
  Decimal threshold;   // a share 0..1 (95% -> 0.95); Latency: the percentile as a share (p99 -> 0.99)
  // Latency only: the bound in seconds (300 ms -> 0.3). A bucket is bad when
  // fewer than `threshold` of its requests took at most this long (the
  // histogram's count at this bound over its +Inf count): `cmp` is always >.
  Decimal latency_bound;
  int64_t min_consecutive = 1;
  TargetCombination combine = TargetCombination::Any;
  Decimal combine_share;  // AtLeastShare
  ProbeMethod method = ProbeMethod::BadBuckets;
  std::vector<ProbeTarget> targets;
  std::optional<MinimumData> minimum_per_period, minimum_per_bucket;
  SourceRange range;
};

struct Measurement {
  MeasurementKind kind = MeasurementKind::AnyIncident;
  AffectedThreshold threshold;
  std::optional<ProbeRule> probes;
  SourceRange range;  // empty when defaulted
};

using terms::MinimumRelation;
struct MinimumDowntime {
  MinimumRelation relation = MinimumRelation::ShorterThan;
  Seconds value{0};
  SourceRange range;
};

using terms::MissingData;
using terms::PartialMinuteRule;

// `downtime counted in clock minutes;` / `downtime counted in 5 min intervals;`:
// downtime is counted in whole intervals of the local clock (docs/audit.md §8).
struct DowntimeIntervals {
  Seconds length{60};          // divides an hour into whole minutes
  bool clock_minutes = true;   // written as `clock minutes` (else `N min intervals`)
  SourceRange range;
};

struct MaintenanceExclusion {
  std::optional<Seconds> min_notice;
  Comparator notice_cmp = Comparator::AtLeast;
  std::optional<Seconds> cap_per_period;
  SourceRange range;
};

// A weekly recurring window in local time, e.g. Sun 02:00-06:00. Days are a
// bit set, bit 0 = Monday; an end at or before the start crosses midnight.
struct RecurringWindow {
  unsigned days = 0;
  int start_minute = 0;  // minutes after local midnight
  int end_minute = 0;    // 1440 allowed for 24:00
  SourceRange range;
};

// The contract leaves the tier's credit unstated (`not stated`): a period in
// it is missed and owed an unknown credit, never an invented one.
struct CreditNotStated {
  bool operator==(const CreditNotStated&) const = default;
};
// Of the period's fee, a fixed amount in the contract's currency, or unstated.
using TierCredit = std::variant<Percent, Money, CreditNotStated>;

struct CreditTier {
  Percent below;                  // availability < below
  Percent at_least;               // and >= at_least (0 when unbounded)
  TierCredit credit = Percent{};
  SourceRange range;

  const Percent* percent() const { return std::get_if<Percent>(&credit); }
  const Money* amount() const { return std::get_if<Money>(&credit); }
  bool stated() const { return !std::holds_alternative<CreditNotStated>(credit); }
};

enum class CreditForm { Tiered, LostTime };
struct CreditRule {
  CreditForm form = CreditForm::Tiered;
  std::vector<CreditTier> tiers;  // sorted: highest `below` first
  Decimal lost_time_multiplier = Decimal::from_int(1);
  SourceRange range;
};

using CapWindow = terms::CapWindowKind;
struct Cap {
  std::optional<Percent> percent_of_fee;  // exactly one of these two
  std::optional<Money> amount;
  CapWindow window = CapWindow::PerPeriod;
  int trailing_months = 0;
  SourceRange range;
};

using terms::DeadlineAnchor;
enum class DeadlineUnit { Days, Months, BillingCycles };
struct ClaimDeadline {
  DeadlineUnit unit = DeadlineUnit::Days;
  int64_t count = 0;  // days, months, or the ordinal of the billing cycle
  DeadlineAnchor anchor = DeadlineAnchor::PeriodEnd;
  std::optional<int64_t> earliest_working_days;  // not before N working days after...
  DeadlineAnchor earliest_anchor = DeadlineAnchor::PeriodEnd;
  SourceRange range;
};

using terms::ExcludedTreatment;
using terms::RoundingMode;

// One `where` of a per-resource clause. `zones` compares numbers; every other
// attribute is text, compared with = or != only.
using ast::SelectorOp;
struct Selector {
  std::string attribute;
  SelectorOp op = SelectorOp::Equal;
  std::string text;            // a text attribute's value
  std::optional<int64_t> number;  // the value for `zones`
  SourceRange range;
};

struct AvailabilityClause {
  size_t service = 0;  // index into Contract::services
  std::string label;
  SourceRange range;
  std::vector<ast::Attribute> attrs;

  std::optional<Percent> target;
  SourceRange target_range;
  std::optional<PeriodRule> period;
  std::optional<PartialPeriodMode> partial_period;
  std::optional<Measurement> measurement;  // absent: not defined by the contract
  std::optional<MinimumDowntime> minimum_downtime;
  std::optional<PartialMinuteRule> partial_minutes;
  SourceRange partial_minutes_range;  // where each of these terms is written; empty when the contract is silent
  std::optional<DowntimeIntervals> downtime_intervals;
  std::optional<MissingData> missing_data;
  SourceRange missing_data_range;
  std::vector<MaintenanceExclusion> maintenance;
  std::vector<RecurringWindow> windows;
  // Excluded causes, fault classes and components, each with the item that excludes it.
  std::map<std::string, SourceRange, std::less<>> excluded_causes, excluded_faults, excluded_components;
  std::vector<SourceRange> exclusion_ranges;  // every `exclude` item, for rules and explain
  std::optional<ExcludedTreatment> excluded_time;
  SourceRange excluded_time_range;
  std::optional<Seconds> hour_rule_more_than;  // no charge for a clock hour with more than X down
  SourceRange hour_rule_range;
  std::optional<CreditRule> credit;
  std::optional<std::string> payout;  // voucher, service_credit, refund
  std::vector<Cap> caps;
  std::optional<ClaimDeadline> claim;
  std::optional<RoundingMode> rounding;
  std::vector<std::string> external_terms;  // terms per "..."
  bool per_resource = false;                 // `per instance`: audited for each resource of the fleet
  std::vector<Selector> selectors;           // all must hold (empty: every resource)
  std::optional<GroupRule> group;            // `per region` / `per zone` / `per ATTRIBUTE`: audited per group
};

// ---------------------------------------------------------------- recovery

enum class ClockStart { Occurred, Detected };
enum class ClockStop { Recovered, Resolved };
struct RecoveryClause {
  size_t service = 0;
  std::string label;
  SourceRange range;
  std::vector<ast::Attribute> attrs;
  std::vector<std::string> faults;
  std::optional<Seconds> limit;
  std::optional<ClockStart> clock_start;
  std::optional<ClockStop> clock_stop;
  std::optional<Percent> credit_per_breach;
  std::vector<Cap> caps;
};

// ---------------------------------------------------------------- composites

// A composite SLA's component: an availability clause, or another composite.
struct CompositeComponent {
  enum class Kind { Clause, Composite };
  Kind kind = Kind::Clause;
  size_t index = 0;   // into Contract::availability or Contract::composites
  std::string name;   // as written: `db`, `db "primary"`
  SourceRange range;
};

// `composite NAME { series|parallel (A, B, ...); target P; }`: a service's
// availability derived from other clauses' (docs/audit.md, "Composite SLAs").
struct CompositeClause {
  std::string name, label;
  SourceRange range;
  std::vector<ast::Attribute> attrs;
  terms::CompositeShape shape = terms::CompositeShape::Series;
  std::vector<CompositeComponent> components;
  std::optional<Percent> target;  // what the composition must reach; none: the contract sets none
  SourceRange target_range;
  // What the components' targets promise together, exact (a share 0..1):
  // series a × b × ..., parallel 1 − (1 − a)(1 − b)...; none when a component
  // states no target.
  std::optional<Rational> promise;
};

// ---------------------------------------------------------------- commitments and claims

enum class Dimension { Number, Percent, Duration, DataSize, DataRate, Count, Money };
const char* dimension_name(Dimension dimension);

// A typed quantity in base units: seconds, bytes, bytes per second, items.
struct Amount {
  Dimension dimension = Dimension::Number;
  Decimal value;           // in the base unit of the dimension
  std::string written;     // as in the source, e.g. "400 GB/s"
  std::string count_unit;  // gpus, nodes (Count only)
};

using terms::Condition;

struct Commitment {
  std::string metric;
  std::optional<size_t> service;
  Comparator cmp = Comparator::AtLeast;
  Amount value;
  Condition condition = Condition::Unspecified;
  SourceRange range;
  std::vector<ast::Attribute> attrs;
};

enum class ClusterReading { Unspecified, Single, Aggregate };
struct ClaimPredicate {
  std::string metric;
  Comparator cmp = Comparator::AtLeast;
  Amount value;
  ClusterReading reading = ClusterReading::Unspecified;
  std::optional<PeriodRule> period;
  std::vector<std::string> faults;
  Condition condition = Condition::Unspecified;
  std::optional<size_t> service;
};

struct Claim {
  std::string text;
  bool unverifiable = false;
  std::optional<ClaimPredicate> predicate;
  SourceRange range;
  std::vector<ast::Attribute> attrs;
};

// ---------------------------------------------------------------- contract

// `holidays "CN";`: working days are Monday to Friday, less the holidays and
// plus the make-up working days of this calendar, whose days the audit is given.
struct HolidayCalendarName {
  std::string name;
  SourceRange range;  // the item, for messages
};

struct Contract {
  std::string title;
  SourceRange range;
  std::vector<ast::Attribute> attrs;
  std::optional<std::string> provider, customer;
  std::optional<CivilDate> effective_from, effective_until;  // inclusive dates
  std::optional<std::string> timezone;
  std::optional<HolidayCalendarName> holidays;
  std::optional<Currency> currency;
  std::vector<Service> services;
  std::vector<AvailabilityClause> availability;
  std::vector<RecoveryClause> recovery;
  std::vector<CompositeClause> composites;
  std::vector<Commitment> commitments;
  std::vector<Claim> claims;

  std::optional<size_t> find_service(std::string_view name) const;
};

}  // namespace slaudit::model
