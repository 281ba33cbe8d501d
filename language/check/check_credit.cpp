// The remedy: credit tiers (no overlaps, no holes, monotonic), lost-time
// credits, caps and claim deadlines.
#include <algorithm>

#include "language/check/parts.h"

namespace slaudit::check {

namespace {

std::string pct(const model::Percent& p) { return p.value.to_string() + "%"; }

struct Tier {
  model::CreditTier tier;
  bool explicit_lower = false;
};

// Tiers sorted by their upper bound, highest first; each tier's lower bound is
// its `at least`, or else the next tier's upper bound, or else 0%.
std::vector<model::CreditTier> ordered_tiers(Context& cx, std::vector<Tier> tiers,
                                             const std::optional<model::Percent>& target) {
  auto& d = cx.diagnostics();
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
              "drop 'and at least " + pct(t.tier.at_least) + "' from the lowest tier, or add a tier below it");
    if (next && next->tier.credit.value < t.tier.credit.value)
      d.error("tier-not-monotonic", next->tier.range,
              "the credit falls from " + pct(t.tier.credit) + " to " + pct(next->tier.credit) +
                  " although availability is lower",
              "a lower availability earns at least the credit of a higher one")
          .notes.push_back({t.tier.range, "the tier above earns " + pct(t.tier.credit)});
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
    auto credit = cx.percent(t.credit, "a tier's credit");
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
  if (!ok) return std::nullopt;
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
