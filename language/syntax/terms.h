#pragma once
// The closed sets of words the language gives a meaning to, declared once for
// every tree: the syntax tree, the checked model and the audit all use these
// enums, so no value is ever cast from one tree's enum to another's. Each has
// one name function, `keyword`, giving the words as a contract writes them
// ("success ratio", "half up"); the printer, the AST's JSON and the reports
// all say them with it.
#include <optional>
#include <string>
#include <string_view>

namespace slaudit::terms {

// Latency: "pNN latency", the share of requests a histogram counts within a bound.
enum class ProbeSignal { SuccessRatio, ErrorRate, Latency };
enum class TargetCombination { Any, All, AtLeastShare, Averaged };  // AtLeastShare: "at least N%"
enum class ProbeMethod { BadBuckets, Requests, AverageErrorRate };
enum class MissingData { Up, Down, Excluded };
enum class CapWindowKind { PerPeriod, PerContractYear, TrailingMonths };
enum class DeadlineAnchor { PeriodEnd, Incident };
enum class MinimumRelation { ShorterThan, UpTo };
enum class PartialMinuteRule { RoundedUp, Dropped, Exact };
enum class ExcludedTreatment { RemovedFromPeriod, CountsAsAvailable };
enum class RoundingMode { HalfUp, HalfEven, Up, Down };
// Minimum data: `at least N requests|samples per bucket|period, else not assessed|missed`.
enum class MinimumDataUnit { Requests, Samples };
enum class MinimumDataScope { Bucket, Period };
enum class BelowMinimum { NotAssessed, Missed };
enum class Condition { Unspecified, UnderLoad, Empty };  // Unspecified: the claim or measurement does not say
// A composite SLA: every component needed (series), or any one enough (parallel).
enum class CompositeShape { Series, Parallel };

// Who is responsible for an incident: the closed set an `exclude cause in (...)`
// clause names and an incident log's `cause` field holds. A record without a
// cause is the provider's: the provider owns the service, and it is the
// provider that must show otherwise, so absence never excuses an outage.
enum class Cause { Provider, Customer, ForceMajeure, ThirdParty, Maintenance };
inline constexpr Cause kCauses[] = {Cause::Provider, Cause::Customer, Cause::ForceMajeure, Cause::ThirdParty,
                                    Cause::Maintenance};

std::string_view keyword(ProbeSignal value);        // "success ratio", "error rate", "latency"
std::string_view keyword(TargetCombination value);  // "any", "all", "at least", "averaged"
std::string_view keyword(ProbeMethod value);        // "bad buckets", "requests", "average error rate"
std::string_view keyword(MissingData value);        // "up", "down", "excluded"
std::string_view keyword(CapWindowKind value);      // "per period", "per contract year", "trailing months"
std::string_view keyword(DeadlineAnchor value);     // "period end", "incident"
std::string_view keyword(MinimumRelation value);    // "shorter than", "up to"
std::string_view keyword(PartialMinuteRule value);  // "rounded up", "dropped", "exact"
std::string_view keyword(ExcludedTreatment value);  // "removed from period", "counts as available"
std::string_view keyword(RoundingMode value);       // "half up", "half even", "up", "down"
std::string_view keyword(MinimumDataUnit value);    // "requests", "samples"
std::string_view keyword(MinimumDataScope value);   // "bucket", "period"
std::string_view keyword(BelowMinimum value);       // "not assessed", "missed"
std::string_view keyword(Condition value);          // "", "under load", "empty"
std::string_view keyword(CompositeShape value);     // "series", "parallel"
std::string_view keyword(Cause value);              // "provider", "customer", "force_majeure", ...

std::optional<Cause> cause_from_keyword(std::string_view word);
std::string cause_keywords();  // "provider, customer, force_majeure, third_party, maintenance"

}  // namespace slaudit::terms
