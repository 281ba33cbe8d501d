// availability-no-period: a target, a commitment or a claim of availability
// with no statistical period.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability)
    if (c.target && !c.period)
      out.push_back({availability_anchor(in, c),
                     "the availability target " + c.target->value.to_string() + "% of the " +
                         clause_name(in.contract, "availability", c.service, c.label) + " has no statistical period",
                     ""});
  for (const auto& s : metric_statements(in.syntax)) {
    if (s.metric != "availability" || s.has_qualifier(ast::ClaimQualifier::Kind::Period)) continue;
    out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) + "' has no statistical period",
                   s.claim ? "add the period: claim \"...\": " + s.written(in.source) + " period calendar month;"
                           : "write an availability clause instead: availability SERVICE { target ...; period calendar "
                             "month; ... }"});
  }
}
}  // namespace

const Rule& availability_no_period() {
  static const Rule rule{
      {"availability-no-period", Severity::Warning, "availability target without a statistical period",
       "Question 3 before signing: \"SLA 99.9%\" over what period? 99.9% of a calendar month allows 43 minutes "
       "down; of a year, 8.8 hours in one stretch. Providers differ: calendar month (most), monthly billing cycle "
       "(AWS), per instance (Google), partial months split at the purchase date (Tencent). Without a period the "
       "figure cannot be audited. The rule fires on an availability clause with a target and no `period`, on an "
       "availability claim without `period ...`, and on an availability commitment (which cannot carry one).",
       "Write the period: `period calendar month;` (or `billing month from day 17;`, `rolling 30 d;`) in the "
       "clause, and `period calendar month` after an availability claim's value.",
       "  service training { fee 1000.00 per month; }\n  availability training { target 99.9%; }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { target 99.9%; period calendar month; }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
