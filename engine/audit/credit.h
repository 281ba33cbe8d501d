#pragma once
// From availability to money: the tier an availability falls in (exact
// comparison: a boundary hit exactly lands on the "at least" side), the credit
// it earns, and caps applied after summing.
#include <optional>
#include <string>

#include "engine/audit/report.h"

namespace slaudit::audit {

// The tier with at_least <= availability < below, if any.
std::optional<model::CreditTier> find_tier(const std::vector<model::CreditTier>& tiers, const Rational& availability);
// The tier's credit as the contract words it: "10%", "2.00 GBP", "not stated".
std::string tier_credit_words(const model::CreditTier& tier, const model::Currency& currency);
// The note every report carries for a period in a `not stated` tier:
// "credit not stated by the contract (below 99.0%)".
std::string not_stated_note(const model::CreditTier& tier);
// Whether `availability` (a share) meets `target` (a percentage): availability >= target.
bool meets_target(const Rational& availability, const model::Percent& target);

}  // namespace slaudit::audit
