#include "engine/audit/credit.h"

#include "base/util/overloaded.h"
#include "engine/audit/money.h"
#include "engine/figures/figures.h"

namespace slaudit::audit {

std::optional<model::CreditTier> find_tier(const std::vector<model::CreditTier>& tiers, const Rational& availability) {
  const Rational percent = availability * 100;
  for (const auto& t : tiers)
    if (percent < to_rational(t.below.value) && percent >= to_rational(t.at_least.value)) return t;
  return std::nullopt;
}

std::string tier_credit_words(const model::CreditTier& tier, const model::Currency& currency) {
  return std::visit(Overloaded{[](const model::Percent& p) { return p.value.to_string() + "%"; },
                               [&](const model::Money& m) { return money_with_code(m.minor, currency); },
                               [](const model::CreditNotStated&) { return std::string("not stated"); }},
                    tier.credit);
}

std::string not_stated_note(const model::CreditTier& tier) {
  return "credit not stated by the contract (below " + tier.below.value.to_string() +
         "%): a credit is owed but its amount is unknown, and the total owed is a lower bound";
}

bool meets_target(const Rational& availability, const model::Percent& target) {
  return availability * 100 >= to_rational(target.value);
}

}  // namespace slaudit::audit
