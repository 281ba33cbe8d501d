#include "language/syntax/terms.h"

namespace slaudit::terms {

// Each switch names every value and has no default, so -Wswitch flags a value
// added to an enum without its words.

std::string_view keyword(ProbeSignal value) {
  switch (value) {
    case ProbeSignal::SuccessRatio: return "success ratio";
    case ProbeSignal::ErrorRate: return "error rate";
    case ProbeSignal::Latency: return "latency";
  }
  return "";
}

std::string_view keyword(TargetCombination value) {
  switch (value) {
    case TargetCombination::Any: return "any";
    case TargetCombination::All: return "all";
    case TargetCombination::AtLeastShare: return "at least";
    case TargetCombination::Averaged: return "averaged";
  }
  return "";
}

std::string_view keyword(ProbeMethod value) {
  switch (value) {
    case ProbeMethod::BadBuckets: return "bad buckets";
    case ProbeMethod::Requests: return "requests";
    case ProbeMethod::AverageErrorRate: return "average error rate";
  }
  return "";
}

std::string_view keyword(MinimumDataUnit value) {
  switch (value) {
    case MinimumDataUnit::Requests: return "requests";
    case MinimumDataUnit::Samples: return "samples";
  }
  return "";
}

std::string_view keyword(MinimumDataScope value) {
  switch (value) {
    case MinimumDataScope::Bucket: return "bucket";
    case MinimumDataScope::Period: return "period";
  }
  return "";
}

std::string_view keyword(BelowMinimum value) {
  switch (value) {
    case BelowMinimum::NotAssessed: return "not assessed";
    case BelowMinimum::Missed: return "missed";
  }
  return "";
}

std::string_view keyword(MissingData value) {
  switch (value) {
    case MissingData::Up: return "up";
    case MissingData::Down: return "down";
    case MissingData::Excluded: return "excluded";
  }
  return "";
}

std::string_view keyword(CapWindowKind value) {
  switch (value) {
    case CapWindowKind::PerPeriod: return "per period";
    case CapWindowKind::PerContractYear: return "per contract year";
    case CapWindowKind::TrailingMonths: return "per trailing months";
  }
  return "";
}

std::string_view keyword(DeadlineAnchor value) {
  switch (value) {
    case DeadlineAnchor::PeriodEnd: return "period end";
    case DeadlineAnchor::Incident: return "incident";
  }
  return "";
}

std::string_view keyword(MinimumRelation value) {
  switch (value) {
    case MinimumRelation::ShorterThan: return "shorter than";
    case MinimumRelation::UpTo: return "up to";
  }
  return "";
}

std::string_view keyword(PartialMinuteRule value) {
  switch (value) {
    case PartialMinuteRule::RoundedUp: return "rounded up";
    case PartialMinuteRule::Dropped: return "dropped";
    case PartialMinuteRule::Exact: return "exact";
  }
  return "";
}

std::string_view keyword(ExcludedTreatment value) {
  switch (value) {
    case ExcludedTreatment::RemovedFromPeriod: return "removed from period";
    case ExcludedTreatment::CountsAsAvailable: return "counts as available";
  }
  return "";
}

std::string_view keyword(RoundingMode value) {
  switch (value) {
    case RoundingMode::HalfUp: return "half up";
    case RoundingMode::HalfEven: return "half even";
    case RoundingMode::Up: return "up";
    case RoundingMode::Down: return "down";
  }
  return "";
}

std::string_view keyword(CompositeShape value) {
  switch (value) {
    case CompositeShape::Series: return "series";
    case CompositeShape::Parallel: return "parallel";
  }
  return "";
}

std::string_view keyword(Condition value) {
  switch (value) {
    case Condition::Unspecified: return "";
    case Condition::UnderLoad: return "under load";
    case Condition::Empty: return "empty";
  }
  return "";
}

std::string_view keyword(Cause value) {
  switch (value) {
    case Cause::Provider: return "provider";
    case Cause::Customer: return "customer";
    case Cause::ForceMajeure: return "force_majeure";
    case Cause::ThirdParty: return "third_party";
    case Cause::Maintenance: return "maintenance";
  }
  return "";
}

std::optional<Cause> cause_from_keyword(std::string_view word) {
  for (const Cause cause : kCauses)
    if (keyword(cause) == word) return cause;
  return std::nullopt;
}

std::string cause_keywords() {
  std::string out;
  for (const Cause cause : kCauses) out += (out.empty() ? "" : ", ") + std::string(keyword(cause));
  return out;
}

}  // namespace slaudit::terms
