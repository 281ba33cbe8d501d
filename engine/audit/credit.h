#pragma once
// From availability to money: the tier an availability falls in (exact
// comparison: a boundary hit exactly lands on the "at least" side), the credit
// it earns, and caps applied after summing.
#include <optional>

#include "engine/audit/report.h"

namespace slaudit::audit {

// The tier with at_least <= availability < below, if any.
std::optional<model::CreditTier> find_tier(const std::vector<model::CreditTier>& tiers, const Rational& availability);
// Whether `availability` (a share) meets `target` (a percentage): availability >= target.
bool meets_target(const Rational& availability, const model::Percent& target);

}  // namespace slaudit::audit
