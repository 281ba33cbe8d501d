#pragma once
// The syntax tree of a contract: plain data with a source range on every node.
// It says what was written, as written (a quantity keeps its number text and
// unit word, `72 h` stays `72 h`), so `fmt` can print it back. What it means —
// units resolved, names bound, periods typed — is the checker's model
// (language/model/), built from this tree.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "base/num/decimal.h"
#include "language/syntax/source.h"
#include "language/syntax/terms.h"

namespace slaudit::ast {

struct Name {
  std::string text;
  SourceRange range;
};

// A string literal, unescaped (value) and as written (raw, with quotes).
struct Text {
  std::string value;
  std::string raw;
  SourceRange range;
};

struct Date {
  int year = 0, month = 0, day = 0;  // as written; validity is the checker's business
  std::string text;
  SourceRange range;
};

struct TimeOfDay {
  int hour = 0, minute = 0;
  std::string text;
  SourceRange range;
};

struct Integer {
  int64_t value = 0;
  std::string text;
  SourceRange range;
};

// `99.9%`, `72 h`, `400 GB/s`, `4096 gpus`, `5000.00 CNY`, `10000`.
struct Quantity {
  Decimal number;
  std::string number_text;  // as written, e.g. "99.90"
  bool percent = false;
  std::string unit;         // empty when none or percent
  std::string per;          // the part after '/', e.g. "s" in GB/s
  SourceRange range;        // the whole quantity
  SourceRange unit_range;   // the unit word(s); empty when none
};

enum class Comparator { AtLeast, GreaterThan, AtMost, LessThan, Equal, About };
const char* comparator_text(Comparator op);

struct ComparatorOp {
  Comparator op = Comparator::AtLeast;
  SourceRange range;
};

struct Attribute {
  Name name;
  std::vector<std::string> args;  // words or unescaped strings
  std::vector<bool> arg_is_string;
  SourceRange range;
};

// ---------------------------------------------------------------- periods

struct CalendarPeriod { Name unit; };           // month | quarter | year
struct BillingMonthPeriod { Integer day; };     // billing month from day N
struct RollingPeriod { Quantity length; };      // rolling 30 d
struct PeriodSpec {
  std::variant<CalendarPeriod, BillingMonthPeriod, RollingPeriod> kind;
  SourceRange range;
};

// ---------------------------------------------------------------- probes

using terms::ProbeMethod;
using terms::BelowMinimum;
using terms::MinimumDataScope;
using terms::MinimumDataUnit;
using terms::ProbeSignal;
using terms::TargetCombination;

struct BucketItem { Quantity size; };
// bad when success ratio|error rate CMP P;  or  bad when pNN latency > DURATION;
struct BadBucketItem { ProbeSignal signal; ComparatorOp cmp; Quantity threshold; std::optional<Name> percentile; };
struct ConsecutiveItem { Integer count; };
struct TargetsItem { TargetCombination combine; std::optional<Quantity> share; };
struct MethodItem { ProbeMethod method; };
struct ProbeTargetItem { Text name; std::optional<Text> cluster; };
// at least N requests|samples per bucket|period [, else not assessed|missed]
struct MinimumDataItem {
  Integer count;
  MinimumDataUnit unit;
  MinimumDataScope scope;
  std::optional<BelowMinimum> below;
};

struct ProbeItem {
  std::variant<BucketItem, BadBucketItem, ConsecutiveItem, TargetsItem, MethodItem, ProbeTargetItem, MinimumDataItem>
      node;
  SourceRange range;
};

// ---------------------------------------------------------------- exclusions

struct MaintenanceExclusion {
  std::optional<ComparatorOp> notice_cmp;
  std::optional<Quantity> notice;      // minimum notice
  std::optional<Quantity> cap;         // at most ... per period
};
struct WindowExclusion { Name days; TimeOfDay start; TimeOfDay end; };  // Sun 02:00-06:00
struct CauseExclusion { std::vector<Name> causes; };
struct FaultExclusion { std::vector<Name> faults; };
struct ComponentExclusion { std::vector<Text> components; };

using Exclusion =
    std::variant<MaintenanceExclusion, WindowExclusion, CauseExclusion, FaultExclusion, ComponentExclusion>;

// ---------------------------------------------------------------- credits, caps, claims

// `not stated`: the contract's table stops above this tier (issue 17), so
// the credit below it is unknown rather than zero.
struct NotStated { SourceRange range; };
// A percentage of the monthly fee, an amount (`2.00 GBP`), or not stated.
using TierCredit = std::variant<Quantity, NotStated>;
struct CreditTier {
  Quantity below;                   // availability < below ...
  std::optional<Quantity> at_least; // ... and >= at_least
  TierCredit credit;
  SourceRange range;
};
struct TieredCredit { std::vector<CreditTier> tiers; };
struct LostTimeCredit { std::optional<Quantity> multiplier; };  // lost time at hourly rate [times N]

using terms::CapWindowKind;
struct CapWindow {
  CapWindowKind kind = CapWindowKind::PerPeriod;
  std::optional<Integer> months;  // for TrailingMonths
  SourceRange range;
};
struct CapSpec {
  Quantity amount;              // a percent (of monthly fee) or money
  bool of_monthly_fee = false;
  std::optional<CapWindow> window;
};

using terms::DeadlineAnchor;
struct AnchorRef {
  DeadlineAnchor anchor = DeadlineAnchor::PeriodEnd;
  SourceRange range;
};
struct ClaimEarliest { Integer working_days; AnchorRef anchor; SourceRange range; };
struct ClaimWithin { Quantity span; AnchorRef anchor; std::optional<ClaimEarliest> earliest; };
struct ClaimByCycleEnd { Integer ordinal; std::string ordinal_text; AnchorRef anchor; std::optional<ClaimEarliest> earliest; };
using ClaimDeadline = std::variant<ClaimWithin, ClaimByCycleEnd>;

// ---------------------------------------------------------------- availability clause

using terms::ExcludedTreatment;
using terms::MinimumRelation;
using terms::PartialMinuteRule;
using terms::RoundingMode;

struct TargetItem { Quantity value; };
struct PeriodItem { PeriodSpec spec; };
struct PartialPeriodItem { Name how; };                  // prorated | whole | split
struct AffectedThresholdItem { ComparatorOp cmp; Quantity amount; std::optional<Name> base; };
struct AnyIncidentItem {};
struct WeightedItem {};
struct ProbesItem { std::vector<ProbeItem> items; };
struct MinimumDowntimeItem { MinimumRelation relation; Quantity value; };
struct PartialMinutesItem { PartialMinuteRule rule; };
// `downtime counted in clock minutes;` (length absent, `unit` = minutes) or
// `downtime counted in 5 min intervals;` (`unit` = intervals): each clock
// interval holding counted downtime counts whole.
struct DowntimeIntervalsItem { std::optional<Quantity> length; Name unit; };
struct MissingDataItem { Name state; };                   // up | down | excluded
struct ExcludeItem { Exclusion what; };
struct ExcludedTimeItem { ExcludedTreatment treatment; };
struct HourRuleItem { Quantity more_than; };              // no charge for clock hour with more than X down
struct CreditItem { std::variant<TieredCredit, LostTimeCredit> spec; };
struct PayoutItem { Name form; };                         // voucher | service_credit | refund
struct CapItem { CapSpec spec; };
struct ClaimDeadlineItem { ClaimDeadline spec; };
struct RoundingItem { RoundingMode mode; };
struct ExternalTermsItem { Text reference; };             // terms per "..."
// A group-level clause's members (docs/fleet.md): `unavailable when all
// resources down;`, `... when at least 2 zones down;`, `... when at least 50%
// of resources down;` (no count: all), and `counted while at least 2
// resources run;` (minutes with fewer members running do not count).
struct GroupDownItem { std::optional<Quantity> at_least; Name what; };
struct CountedWhileItem { Quantity at_least; Name what; };

// `where disk = "premium_ssd";`, `where zones >= 2;`: which resources of a fleet a
// per-resource clause covers. The value is a string or a number, as written.
enum class SelectorOp { Equal, NotEqual, AtLeast, GreaterThan, AtMost, LessThan };
const char* selector_op_text(SelectorOp op);
struct SelectorOpRef {
  SelectorOp op = SelectorOp::Equal;
  SourceRange range;
};
struct WhereItem { Name attribute; SelectorOpRef op; std::variant<Text, Quantity> value; };

struct AvailabilityItem {
  std::variant<TargetItem, PeriodItem, PartialPeriodItem, AffectedThresholdItem, AnyIncidentItem,
               WeightedItem, ProbesItem, MinimumDowntimeItem, PartialMinutesItem, DowntimeIntervalsItem, MissingDataItem,
               ExcludeItem, ExcludedTimeItem, HourRuleItem, CreditItem, PayoutItem, CapItem,
               ClaimDeadlineItem, RoundingItem, ExternalTermsItem, WhereItem, GroupDownItem, CountedWhileItem>
      node;
  std::vector<Attribute> attrs;
  SourceRange range;
};

// ---------------------------------------------------------------- recovery clause

struct RecoveryFaultsItem { std::vector<Name> faults; };
struct RecoveryLimitItem { Quantity limit; Name clock_start; Name clock_stop; };
struct RecoveryCreditItem { Quantity amount; };           // percent of monthly fee per breach
struct RecoveryCapItem { CapSpec spec; };

struct RecoveryItem {
  std::variant<RecoveryFaultsItem, RecoveryLimitItem, RecoveryCreditItem, RecoveryCapItem> node;
  std::vector<Attribute> attrs;
  SourceRange range;
};

// ---------------------------------------------------------------- composite SLA

// `composite checkout "checkout path" { series (web, db "primary"); target 99.9%; }`
struct ComponentRef {
  Name name;                  // a service (its availability clause) or a composite
  std::optional<Text> label;  // the clause's label, when the service has several
  SourceRange range;
};
using terms::CompositeShape;
struct CompositeShapeItem { CompositeShape shape = CompositeShape::Series; std::vector<ComponentRef> parts; };
struct CompositeTargetItem { Quantity value; };

struct CompositeItem {
  std::variant<CompositeShapeItem, CompositeTargetItem> node;
  SourceRange range;
};

// ---------------------------------------------------------------- services

struct FeeItem { Quantity amount; Name per; };
struct SingleClusterScope { Text cluster; };
struct AggregateScope { std::vector<Text> clusters; };
struct RegionsItem { std::vector<Text> regions; };
struct CapacityItem { std::vector<Quantity> counts; };    // capacity 4096 gpus, 512 nodes
struct StartsItem { Date date; };
struct InterconnectItem { Name kind; std::optional<Name> tenancy; };
struct BillingItem { Name granularity; };
// A fleet: `resources instance with zones;` `attributes disk, deployment;`
// `each instance under worst matching clause;`.
struct ResourcesItem { Name noun; std::optional<Name> with_zones; };  // with_zones holds the word after `with`
struct AttributesItem { std::vector<Name> names; };
struct MatchingItem { Name noun; Name choice; };                     // first | worst | every

struct ServiceItem {
  std::variant<FeeItem, SingleClusterScope, AggregateScope, RegionsItem, CapacityItem, StartsItem,
               InterconnectItem, BillingItem, ResourcesItem, AttributesItem, MatchingItem>
      node;
  SourceRange range;
};

// ---------------------------------------------------------------- contract items

using terms::Condition;  // a claim says under load or empty; never Unspecified here
struct ConditionRef {
  Condition condition = Condition::UnderLoad;
  SourceRange range;
};

struct ProviderItem { Text name; };
struct CustomerItem { Text name; };
struct EffectiveItem { Date from; Date until; };
struct TimezoneItem { Text zone; };
struct HolidaysItem { Text calendar; };
struct CurrencyItem { Name code; };
struct ServiceDecl { Name name; std::vector<ServiceItem> items; };
struct AvailabilityDecl {
  Name service;
  std::optional<Text> label;
  std::optional<Name> per;  // `per instance`: the clause applies to each resource of a fleet
  std::vector<AvailabilityItem> items;
};
struct RecoveryDecl { Name service; std::optional<Text> label; std::vector<RecoveryItem> items; };
struct CompositeDecl { Name name; std::optional<Text> label; std::vector<CompositeItem> items; };
struct CommitDecl {
  Name metric;
  std::optional<Name> service;
  ComparatorOp cmp;
  Quantity value;
  std::optional<ConditionRef> condition;
};

struct ClaimQualifier {
  enum class Kind { Single, Aggregate, Period, Faults, Condition, Service } kind = Kind::Single;
  std::optional<PeriodSpec> period;
  std::vector<Name> faults;
  std::optional<ConditionRef> condition;
  std::optional<Name> service;
  SourceRange range;
};
struct ClaimPredicate {
  Name metric;
  ComparatorOp cmp;
  Quantity value;
  std::vector<ClaimQualifier> qualifiers;
};
struct ClaimDecl {
  Text text;
  bool unverifiable = false;               // claim "...": unverifiable;
  std::optional<ClaimPredicate> predicate;  // none and not unverifiable: a bare statement
};

struct ContractItem {
  std::variant<ProviderItem, CustomerItem, EffectiveItem, TimezoneItem, HolidaysItem, CurrencyItem, ServiceDecl,
               AvailabilityDecl, RecoveryDecl, CompositeDecl, CommitDecl, ClaimDecl>
      node;
  std::vector<Attribute> attrs;
  SourceRange range;
};

struct Contract {
  Text title;
  std::vector<Attribute> attrs;
  std::vector<ContractItem> items;
  SourceRange range;
};

struct Comment {
  std::string text;  // including the // or /* */ markers
  SourceRange range;
};

struct File {
  std::vector<Contract> contracts;
  std::vector<Comment> comments;  // in source order, for fmt
};

}  // namespace slaudit::ast
