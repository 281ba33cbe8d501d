// The remedy: credit tiers (no overlaps, no holes, monotonic), lost-time
// credits, caps and claim deadlines.
#include <algorithm>

#include "base/util/overloaded.h"
#include "language/check/parts.h"
#include "language/check/units.h"

namespace slaudit::check {

namespace {

std::string pct(const model::Percent& p) { return p.value.to_string() + "%"; }

struct Tier {
  model::CreditTier tier;
  bool explicit_lower = false;
};

// A tier's credit as the contract states it, for messages.
std::string credit_text(const model::CreditTier& t, const model::Currency* currency) {
  return std::visit(Overloaded{[](const model::Percent& p) { return pct(p); },
                               [&](const model::Money& m) {
                                 const int digits = currency ? currency->minor_digits : 2;
                                 return Decimal(m.minor, digits).to_string() + (currency ? " " + currency->code : "");
                               },
                               [](const model::CreditNotStated&) { return std::string("not stated"); }},
                    t.credit);
}

// A lower tier earns at least what the tier above does. Only credits of one
// kind compare: a `not stated` tier is unknown, and a table mixing
// percentages with amounts is refused before this.
bool falls(const model::TierCredit& above, const model::TierCredit& below) {
  auto* a = std::get_if<model::Percent>(&above);
  auto* b = std::get_if<model::Percent>(&below);
  if (a && b) return b->value < a->value;
  auto* am = std::get_if<model::Money>(&above);
  auto* bm = std::get_if<model::Money>(&below);
  return am && bm && bm->minor < am->minor;
}

// Tiers sorted by their upper bound, highest first; each tier's lower bound is
// its `at least`, or else the next tier's upper bound, or else 0%.
std::vector<model::CreditTier> ordered_tiers(Context& cx, std::vector<Tier> tiers,
                                             const std::optional<model::Percent>& target) {
  auto& d = cx.diagnostics();
  const model::Currency* currency = cx.contract().currency ? &*cx.contract().currency : nullptr;
  std::stable_sort(tiers.begin(), tiers.end(),
                   [](const Tier& a, const Tier& b) { return a.tier.below.value > b.tier.below.value; });
  for (size_t i = 0; i < tiers.size(); ++i) {
    auto& t = tiers[i];
    const Tier* next = i + 1 < tiers.size() ? &tiers[i + 1] : nullptr;
    if (next && next->tier.below.value == t.tier.below.value) {
      d.error("tier-overlap", next->tier.range, "two credit tiers both start below " + pct(t.tier.below))
          .notes.push_back({t.tier.range, "the other tier"});
      continue;
    }
    if (t.explicit_lower && t.tier.at_least.value >= t.tier.below.value) {
      d.error("tier-empty", t.tier.range,
              "the tier below " + pct(t.tier.below) + " and at least " + pct(t.tier.at_least) + " is empty");
      continue;
    }
    if (!t.explicit_lower) t.tier.at_least = next ? next->tier.below : model::Percent{Decimal::from_int(0)};
    // The table stops at a `not stated` tier: nothing the contract states lies below it.
    if (next && !t.tier.stated())
      d.error("tier-not-stated", t.tier.range,
              "the tier below " + pct(t.tier.below) + " is not stated, yet a tier below it states a credit",
              "only the lowest tier may be 'not stated': the contract's table stops there")
          .notes.push_back({next->tier.range, "the tier below"});
    if (next && t.explicit_lower && next->tier.below.value > t.tier.at_least.value)
      d.error("tier-overlap", next->tier.range,
              "credit tiers overlap from " + pct(t.tier.at_least) + " to " + pct(next->tier.below))
          .notes.push_back({t.tier.range, "this tier already covers availability from " + pct(t.tier.at_least)});
    if (next && t.explicit_lower && next->tier.below.value < t.tier.at_least.value)
      d.error("tier-hole", next->tier.range,
              "no credit tier covers availability from " + pct(next->tier.below) + " up to " + pct(t.tier.at_least),
              "make this tier start below " + pct(t.tier.at_least) + ", or lower the tier above")
          .notes.push_back({t.tier.range, "the tier above ends at " + pct(t.tier.at_least)});
    if (!next && t.tier.at_least.value > Decimal::from_int(0))
      d.error("tier-hole", t.tier.range, "no credit tier covers availability below " + pct(t.tier.at_least),
              "drop 'and at least " + pct(t.tier.at_least) + "' from the lowest tier, add a tier below it, or, " +
                  "if the contract states no credit there, write 'below " + pct(t.tier.at_least) + ": not stated;'");
    if (next && falls(t.tier.credit, next->tier.credit))
      d.error("tier-not-monotonic", next->tier.range,
              "the credit falls from " + credit_text(t.tier, currency) + " to " + credit_text(next->tier, currency) +
                  " although availability is lower",
              "a lower availability earns at least the credit of a higher one")
          .notes.push_back({t.tier.range, "the tier above earns " + credit_text(t.tier, currency)});
  }
  if (target && !tiers.empty()) {
    const auto& top = tiers.front().tier;
    if (top.below.value > target->value)
      d.warning("tier-above-target", top.range,
                "credit starts below " + pct(top.below) + ", above the target " + pct(*target),
                "a met target normally earns no credit; start the top tier below the target");
    else if (top.below.value < target->value)
      d.warning("tier-below-target", top.range,
                "availability from " + pct(top.below) + " up to the target " + pct(*target) + " misses the target but earns no credit");
  }
  std::vector<model::CreditTier> out;
  for (auto& t : tiers) out.push_back(t.tier);
  return out;
}

// A fixed amount in the contract's currency (`2.00 GBP`), above zero. The
// code is required: a bare number would read as a percentage to many.
std::optional<model::TierCredit> amount_credit(Context& cx, const ast::Quantity& q) {
  if (q.unit.empty()) {
    cx.diagnostics().error("unit-mismatch", q.range,
                           "a tier's credit is a percentage of the fee or an amount with its currency code, found '" +
                               cx.written(q.range) + "'",
                           "write e.g. " + cx.written(q.range) + "% or " + cx.written(q.range) + " " +
                               (cx.contract().currency ? cx.contract().currency->code : std::string("USD")));
    return std::nullopt;
  }
  const auto& currency = cx.contract().currency;
  if (currency && find_currency(q.unit) && q.unit != currency->code) {  // the code is required, so name it
    cx.diagnostics().error("currency-mismatch", q.unit_range,
                           "a tier's credit is in " + q.unit + " but the contract's currency is " + currency->code,
                           "write the amount in " + currency->code);
    return std::nullopt;
  }
  auto m = cx.money(q, "a tier's credit");
  if (!m) return std::nullopt;
  if (m->minor == 0) {
    cx.diagnostics().error("out-of-range", q.range, "a tier's credit must be above zero");
    return std::nullopt;
  }
  return model::TierCredit{*m};
}

// A tier's credit: a percentage of the fee, a fixed amount, or `not stated`.
std::optional<model::TierCredit> tier_credit(Context& cx, const ast::TierCredit& credit) {
  return std::visit(Overloaded{[&](const ast::Quantity& q) -> std::optional<model::TierCredit> {
                                 if (!q.percent) return amount_credit(cx, q);
                                 auto p = cx.percent(q, "a tier's credit");
                                 if (!p) return std::nullopt;
                                 return model::TierCredit{*p};
                               },
                               [](const ast::NotStated&) -> std::optional<model::TierCredit> {
                                 return model::TierCredit{model::CreditNotStated{}};
                               }},
                    credit);
}

// One table pays percentages of the fee or fixed amounts, not both: with
// both, whether a lower tier earns at least as much depends on the fee.
bool one_kind_of_credit(Context& cx, const std::vector<Tier>& tiers) {
  const Tier* first_percent = nullptr;
  const Tier* first_amount = nullptr;
  for (const auto& t : tiers) {  // in source order
    if (t.tier.percent() && !first_percent) first_percent = &t;
    if (t.tier.amount() && !first_amount) first_amount = &t;
  }
  if (!first_percent || !first_amount) return true;
  const bool percent_first = first_percent->tier.range.begin < first_amount->tier.range.begin;
  const Tier& first = percent_first ? *first_percent : *first_amount;
  const Tier& other = percent_first ? *first_amount : *first_percent;
  cx.diagnostics()
      .error("tier-mixed-credit", other.tier.range,
             "a credit table mixes percentages of the fee and fixed amounts",
             "write every tier as a percentage or every tier as an amount: a lower tier must be seen to earn at "
             "least as much")
      .notes.push_back({first.tier.range, percent_first ? "this tier is a percentage" : "this tier is an amount"});
  return false;
}

// A table must state at least one credit: `not stated` alone says nothing.
bool states_a_credit(Context& cx, const std::vector<Tier>& tiers, SourceRange range) {
  for (const auto& t : tiers)
    if (t.tier.stated()) return true;
  cx.diagnostics().error("no-tiers", range, "the credit states no tier's credit, only 'not stated'",
                         "write e.g. below 99.9%: 10%; above the tier not stated");
  return false;
}

}  // namespace

std::optional<model::CreditRule> check_credit(Context& cx, const ast::CreditItem& item, SourceRange range,
                                              const std::optional<model::Percent>& target) {
  model::CreditRule rule;
  rule.range = range;
  if (auto* lost = std::get_if<ast::LostTimeCredit>(&item.spec)) {
    rule.form = model::CreditForm::LostTime;
    if (lost->multiplier) {
      if (lost->multiplier->number <= Decimal::from_int(0)) {
        cx.diagnostics().error("out-of-range", lost->multiplier->range, "the multiplier must be above zero");
        return std::nullopt;
      }
      rule.lost_time_multiplier = lost->multiplier->number;
    }
    return rule;
  }
  const auto& tiered = std::get<ast::TieredCredit>(item.spec);
  if (tiered.tiers.empty()) {
    cx.diagnostics().error("no-tiers", range, "the credit has no tiers", "write e.g. below 99.9%: 10%;");
    return std::nullopt;
  }
  std::vector<Tier> tiers;
  bool ok = true;
  for (const auto& t : tiered.tiers) {
    Tier tier;
    tier.tier.range = t.range;
    auto below = cx.percent(t.below, "a tier bound");
    auto credit = tier_credit(cx, t.credit);
    std::optional<model::Percent> lower = model::Percent{Decimal::from_int(0)};
    if (t.at_least) lower = cx.percent(*t.at_least, "a tier bound", true);
    if (!below || !credit || !lower) {
      ok = false;
      continue;
    }
    tier.tier.below = *below;
    tier.tier.credit = *credit;
    tier.tier.at_least = *lower;
    tier.explicit_lower = t.at_least.has_value();
    tiers.push_back(tier);
  }
  if (!ok || !states_a_credit(cx, tiers, range) || !one_kind_of_credit(cx, tiers)) return std::nullopt;
  const size_t errors = cx.diagnostics().error_count();
  rule.tiers = ordered_tiers(cx, std::move(tiers), target);
  if (cx.diagnostics().error_count() != errors) return std::nullopt;
  return rule;
}

std::optional<model::Cap> check_cap(Context& cx, const ast::CapSpec& spec, SourceRange range) {
  model::Cap cap;
  cap.range = range;
  if (spec.amount.percent) {
    if (!spec.of_monthly_fee) {
      cx.diagnostics().error("cap-base", spec.amount.range, "a percentage cap needs a base",
                             "write: cap " + cx.written(spec.amount.range) + " of monthly fee;");
      return std::nullopt;
    }
    // Over a contract year or trailing months a cap may exceed one month's fee.
    cap.percent_of_fee = cx.percent(spec.amount, "the cap", false, false);
    if (!cap.percent_of_fee) return std::nullopt;
  } else {
    if (spec.of_monthly_fee) {
      cx.diagnostics().error("unit-mismatch", spec.amount.range, "a cap of the monthly fee is a percentage",
                             "write: cap 100% of monthly fee;");
      return std::nullopt;
    }
    cap.amount = cx.money(spec.amount, "the cap");
    if (!cap.amount) return std::nullopt;
  }
  if (spec.window) {
    cap.window = spec.window->kind;
    if (spec.window->months) {
      const auto& m = *spec.window->months;
      if (m.value < 1 || m.value > 120) {
        cx.diagnostics().error("out-of-range", m.range, "a trailing window runs from 1 to 120 months");
        return std::nullopt;
      }
      cap.trailing_months = static_cast<int>(m.value);
    }
  }
  return cap;
}

namespace {

std::string ordinal_suffix(int64_t n) {
  if (n % 100 >= 11 && n % 100 <= 13) return "th";
  switch (n % 10) {
    case 1: return "st";
    case 2: return "nd";
    case 3: return "rd";
    default: return "th";
  }
}

}  // namespace

// Claim windows are bounded so a deadline is a date, not an overflow: ten
// years is far beyond any contract's, and keeps deadline arithmetic in range.
constexpr int64_t kMaxClaimDays = 3660;
constexpr int64_t kMaxClaimMonths = 120;
constexpr int64_t kMaxEarliestWorkingDays = 2610;  // ten years of Monday-to-Friday days

std::optional<model::ClaimDeadline> check_claim_deadline(Context& cx, const ast::ClaimDeadline& spec,
                                                         SourceRange range) {
  model::ClaimDeadline out;
  out.range = range;
  const std::optional<ast::ClaimEarliest>* earliest = nullptr;
  if (auto* w = std::get_if<ast::ClaimWithin>(&spec)) {
    earliest = &w->earliest;
    out.anchor = w->anchor.anchor;
    const auto& q = w->span;
    if (q.unit == "month" || q.unit == "months") {
      auto n = q.number.scaled_to(0);
      if (!n || *n < 1 || *n > kMaxClaimMonths) {
        cx.diagnostics().error("out-of-range", q.range,
                               "a claim window is a whole number of months from 1 to " + std::to_string(kMaxClaimMonths));
        return std::nullopt;
      }
      out.unit = model::DeadlineUnit::Months;
      out.count = *n;
    } else {
      auto d = cx.duration(q, "the claim window");
      if (!d) return std::nullopt;
      if (d->count() % 86400 != 0) {
        cx.diagnostics().error("out-of-range", q.range, "a claim window is a whole number of days or months");
        return std::nullopt;
      }
      if (d->count() / 86400 > kMaxClaimDays) {
        cx.diagnostics().error("out-of-range", q.range,
                               "a claim window is at most " + std::to_string(kMaxClaimDays) + " d (ten years)");
        return std::nullopt;
      }
      out.unit = model::DeadlineUnit::Days;
      out.count = d->count() / 86400;
    }
  } else {
    const auto& c = std::get<ast::ClaimByCycleEnd>(spec);
    earliest = &c.earliest;
    out.anchor = c.anchor.anchor;
    out.unit = model::DeadlineUnit::BillingCycles;
    out.count = c.ordinal.value;
    if (c.ordinal.value < 1 || c.ordinal.value > 24) {
      cx.diagnostics().error("out-of-range", c.ordinal.range, "the billing cycle runs from the 1st to the 24th");
      return std::nullopt;
    }
    const std::string expected = std::to_string(c.ordinal.value) + ordinal_suffix(c.ordinal.value);
    if (c.ordinal_text != expected) {
      cx.diagnostics().error("bad-ordinal", c.ordinal.range, "'" + c.ordinal_text + "' is not an ordinal",
                             "write " + expected);
      return std::nullopt;
    }
  }
  if (earliest && *earliest) {
    const auto& days = (*earliest)->working_days;
    if (days.value < 0 || days.value > kMaxEarliestWorkingDays) {
      cx.diagnostics().error("out-of-range", days.range,
                             "the earliest claim day is 0 to " + std::to_string(kMaxEarliestWorkingDays) +
                                 " working days after");
      return std::nullopt;
    }
    out.earliest_working_days = (*earliest)->working_days.value;
    out.earliest_anchor = (*earliest)->anchor.anchor;
  }
  return out;
}

}  // namespace slaudit::check
