// availability-no-remedy: a target with no credit when it is missed.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability)
    if (c.target && !c.credit)
      out.push_back({availability_anchor(in, c),
                     "the " + clause_name(in.contract, "availability", c.service, c.label) +
                         " says no remedy when the target is missed",
                     ""});
}
}  // namespace

const Rule& availability_no_remedy() {
  static const Rule rule{
      {"availability-no-remedy", Severity::Warning, "availability target without a remedy",
       "Question 3 before signing: how is compensation executed? A target without a credit is a promise with no "
       "consequence: missing it costs the provider nothing. Public SLAs pay tiered percentages of the month's "
       "charges (AWS 10/30/100%, Azure 10/25/100%) or lost time at the hourly rate (DigitalOcean). The rule fires "
       "on an availability clause with a target and no `credit`.",
       "Write the credit: `credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }` or "
       "`credit lost time at hourly rate;`, with `payout service_credit;` if it is not a refund.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { target 99.9%; period calendar month; }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%; period calendar month;\n"
       "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n  }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
