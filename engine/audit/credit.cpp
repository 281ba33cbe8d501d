#include "engine/audit/credit.h"

#include "engine/audit/money.h"

namespace slaudit::audit {

std::optional<model::CreditTier> find_tier(const std::vector<model::CreditTier>& tiers, const Rational& availability) {
  const Rational percent = availability * 100;
  for (const auto& t : tiers)
    if (percent < to_rational(t.below.value) && percent >= to_rational(t.at_least.value)) return t;
  return std::nullopt;
}

bool meets_target(const Rational& availability, const model::Percent& target) {
  return availability * 100 >= to_rational(target.value);
}

}  // namespace slaudit::audit
