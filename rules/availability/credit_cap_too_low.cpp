// credit-cap-too-low: a cap on credits so low that it empties the remedy.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

constexpr const char* kId = "credit-cap-too-low";

// The cap as a percentage of the monthly fee, compared exactly with `bound`:
// negative when below, 0 when equal, positive when above; nullopt when the cap
// is money and the service has no monthly fee to compare it with.
std::optional<std::strong_ordering> compare_cap(const model::Cap& cap, const model::Service& service,
                                                const Decimal& bound) {
  if (cap.percent_of_fee) return cap.percent_of_fee->value <=> bound;
  if (!cap.amount || !service.fee || service.fee_basis != model::FeeBasis::PerMonth) return std::nullopt;
  const std::optional<int64_t> fee_minor = service.fee->whole_minor();
  if (!fee_minor || *fee_minor <= 0) return std::nullopt;
  // amount / fee * 100 <=> bound, as amount * 100 <=> bound * fee (all exact).
  auto lhs = Decimal::from_int(cap.amount->minor).times(100);
  auto rhs = bound.times(*fee_minor);
  if (!lhs || !rhs) return std::nullopt;
  return *lhs <=> *rhs;
}

std::string written(const RuleInput& in, SourceRange range) {
  std::string text(in.source.slice(range));
  while (!text.empty() && (text.back() == ';' || text.back() == ' ')) text.pop_back();
  return "'" + text + "'";
}

void judge(const RuleInput& in, Findings& out, const model::Cap& cap, size_t service, const std::string& clause,
           const std::optional<Decimal>& smallest_credit, const char* credit_kind) {
  const Decimal min = in.options.percent(kId, "min", Decimal::from_int(10));
  const auto& s = in.contract.services.at(service);
  if (auto below = compare_cap(cap, s, min); below && *below < 0) {
    out.push_back({cap.range, "the " + written(in, cap.range) + " of the " + clause + " is below " + min.to_string() +
                                  "% of the monthly fee: it empties the remedy",
                   ""});
    return;
  }
  if (!smallest_credit) return;
  if (auto below = compare_cap(cap, s, *smallest_credit); below && *below < 0)
    out.push_back({cap.range, "the " + written(in, cap.range) + " of the " + clause + " is below the smallest " +
                                  credit_kind + " (" + smallest_credit->to_string() + "%): none is paid in full",
                   ""});
}

void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability) {
    std::optional<Decimal> smallest;
    if (c.credit)
      for (const auto& t : c.credit->tiers)  // percentage tiers: a cap of the fee compares with them
        if (const model::Percent* p = t.percent(); p && (!smallest || p->value < *smallest)) smallest = p->value;
    for (const auto& cap : c.caps)
      judge(in, out, cap, c.service, clause_name(in.contract, "availability", c.service, c.label), smallest,
            "credit tier");
  }
  for (const auto& r : in.contract.recovery) {
    std::optional<Decimal> per_breach;
    if (r.credit_per_breach) per_breach = r.credit_per_breach->value;
    for (const auto& cap : r.caps)
      judge(in, out, cap, r.service, clause_name(in.contract, "recovery", r.service, r.label), per_breach,
            "credit per breach");
  }
}

}  // namespace

const Rule& credit_cap_too_low() {
  static const Rule rule{
      {kId, Severity::Warning, "credit cap so low it empties the remedy",
       "Question 3 before signing: how is compensation executed? A cap bounds what all credits can add up to. "
       "Set low enough, it quietly cancels the tiers above it: with a 5% cap, a month at 90% availability that "
       "the tiers price at 100% still pays 5%. The rule fires when a cap of an availability or recovery clause "
       "is below `min` percent of the monthly fee (default 10%, the smallest first tier among AWS, S3 and Azure; "
       "set with `--rule-option credit-cap-too-low.min=25%`), or below the clause's smallest credit tier (or "
       "its credit per breach), so that not even the first tier is paid in full. A cap in money is compared with "
       "the service's monthly fee; with an hourly fee it is not judged. For comparison, Alibaba caps vouchers at "
       "50% of the monthly fee, and AWS pays up to 100%.",
       "Raise the cap to at least the largest tier, e.g. `cap 100% of monthly fee;`, or drop it; if a low cap is "
       "what was negotiated, silence the rule on it with `@allow(credit_cap_too_low) cap 5% of monthly fee;`.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%;\n"
       "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n    cap 5% of monthly fee;\n  }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%;\n"
       "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n    cap 100% of monthly fee;\n  }\n",
       {{"min", "the lowest acceptable cap, in percent of the monthly fee; default 10%"}}},
      check};
  return rule;
}

}  // namespace slaudit::rules
