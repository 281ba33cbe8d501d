// Every grammar construct, one table row each (construct_cases.cpp): exact
// canonical output, the format properties, and a check that the table really
// reaches every alternative of the grammar.
#include <catch2/catch.hpp>
#include <set>

#include "tests/language/format/construct_cases.h"
#include "tests/language/format/format_harness.h"

using namespace slaudit::format_test;

TEST_CASE("format: every grammar construct prints in its canonical form", "[format]") {
  for (const ConstructCase& c : construct_cases()) {
    INFO("case: " << c.name << "\ninput:\n" << source(c));
    CHECK(formatted(source(c)) == canonical(c));
  }
}

TEST_CASE("format: every grammar construct keeps its meaning and formats idempotently", "[format]") {
  for (const ConstructCase& c : construct_cases()) {
    INFO("case: " << c.name);
    check_format_properties(source(c));
    CHECK(formatted(canonical(c)) == canonical(c));
  }
}

namespace {

// The node kinds and the enum-valued fields ("Comparator.op=about") in `node`.
void collect_alternatives(const nlohmann::json& node, std::set<std::string>& out) {
  static const std::set<std::string> enum_fields = {"op",     "condition", "anchor", "signal",    "combine",
                                                    "method", "relation",  "rule",   "treatment", "mode",
                                                    "window", "qualifier", "string", "of_monthly_fee",
                                                    "unit",   "scope",     "below",  "shape"};
  if (node.is_object()) {
    const std::string kind = node.value("kind", "");
    if (!kind.empty()) out.insert(kind);
    for (const auto& [key, value] : node.items()) {
      if (enum_fields.count(key) && (value.is_string() || value.is_boolean()))
        out.insert(kind + "." + key + "=" + (value.is_string() ? value.get<std::string>() : value.dump()));
      collect_alternatives(value, out);
    }
  } else if (node.is_array()) {
    for (const auto& v : node) collect_alternatives(v, out);
  }
}

}  // namespace

TEST_CASE("format: the construct table reaches every alternative of the grammar", "[format]") {
  std::set<std::string> seen;
  for (const ConstructCase& c : construct_cases()) collect_alternatives(meaning(source(c)), seen);

  const std::vector<std::string> expected = {
      // nodes
      "File", "Contract", "Attribute", "AttributeArg", "Name", "Text", "Date", "TimeOfDay", "Integer", "Quantity",
      "Comparator", "Condition", "DeadlineAnchor", "CalendarPeriod", "BillingMonthPeriod", "RollingPeriod",
      "BucketItem", "BadBucketItem", "ConsecutiveItem", "TargetsItem", "MethodItem", "ProbeTargetItem",
      "MinimumDataItem",
      "MaintenanceExclusion", "WindowExclusion", "CauseExclusion", "FaultExclusion", "ComponentExclusion",
      "CreditTier", "NotStated", "TieredCredit", "LostTimeCredit", "CapWindow", "CapSpec", "ClaimEarliest", "ClaimWithin",
      "ClaimByCycleEnd", "TargetItem", "PeriodItem", "PartialPeriodItem", "AffectedThresholdItem",
      "AnyIncidentItem", "WeightedItem", "ProbesItem", "MinimumDowntimeItem", "PartialMinutesItem",
      "DowntimeIntervalsItem",
      "MissingDataItem", "ExcludeItem", "ExcludedTimeItem", "HourRuleItem", "CreditItem", "PayoutItem", "CapItem",
      "ClaimDeadlineItem", "RoundingItem", "ExternalTermsItem", "RecoveryFaultsItem", "RecoveryLimitItem",
      "RecoveryCreditItem", "RecoveryCapItem", "FeeItem", "SingleClusterScope", "AggregateScope", "RegionsItem",
      "CapacityItem", "StartsItem", "InterconnectItem", "BillingItem", "ProviderItem", "CustomerItem",
      "EffectiveItem", "TimezoneItem", "HolidaysItem", "CurrencyItem", "ServiceDecl", "AvailabilityDecl", "RecoveryDecl",
      "CompositeDecl", "CompositeShapeItem", "CompositeTargetItem", "ComponentRef", "CompositeShapeItem.shape=series",
      "CompositeShapeItem.shape=parallel",
      "CommitDecl", "ClaimPredicate", "ClaimQualifier", "ClaimDecl", "ResourcesItem", "AttributesItem",
      "MatchingItem", "WhereItem", "SelectorOp", "SelectorOp.op==", "SelectorOp.op=!=", "SelectorOp.op=>=",
      "SelectorOp.op=>", "SelectorOp.op=<=", "SelectorOp.op=<",
      // the alternatives chosen by keywords
      "Comparator.op=>=", "Comparator.op=>", "Comparator.op=<=", "Comparator.op=<", "Comparator.op==",
      "Comparator.op=about", "Condition.condition=under load", "Condition.condition=empty",
      "DeadlineAnchor.anchor=period end", "DeadlineAnchor.anchor=incident", "BadBucketItem.signal=success ratio",
      "BadBucketItem.signal=error rate", "TargetsItem.combine=any", "TargetsItem.combine=all",
      "TargetsItem.combine=at least", "TargetsItem.combine=averaged", "MethodItem.method=bad buckets",
      "MethodItem.method=requests", "MethodItem.method=average error rate",
      "MinimumDowntimeItem.relation=shorter than", "MinimumDowntimeItem.relation=up to",
      "PartialMinutesItem.rule=rounded up", "PartialMinutesItem.rule=dropped", "PartialMinutesItem.rule=exact",
      "ExcludedTimeItem.treatment=removed from period", "ExcludedTimeItem.treatment=counts as available",
      "RoundingItem.mode=half up", "RoundingItem.mode=half even", "RoundingItem.mode=up", "RoundingItem.mode=down",
      "CapWindow.window=per period", "CapWindow.window=per contract year", "CapWindow.window=per trailing months",
      "CapSpec.of_monthly_fee=true", "CapSpec.of_monthly_fee=false", "ClaimQualifier.qualifier=single",
      "ClaimQualifier.qualifier=aggregate", "ClaimQualifier.qualifier=period", "ClaimQualifier.qualifier=faults",
      "ClaimQualifier.qualifier=condition", "ClaimQualifier.qualifier=service", "AttributeArg.string=true",
      "AttributeArg.string=false", "MinimumDataItem.unit=requests", "MinimumDataItem.unit=samples",
      "MinimumDataItem.scope=bucket", "MinimumDataItem.scope=period", "MinimumDataItem.below=not assessed",
      "MinimumDataItem.below=missed"};
  for (const std::string& alternative : expected) {
    INFO("no table row reaches " << alternative);
    CHECK(seen.count(alternative) == 1);
  }
}
