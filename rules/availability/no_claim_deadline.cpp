// availability-no-claim-deadline: a credit with no claim deadline.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  // Without a credit there is nothing to claim: availability-no-remedy says so.
  for (const auto& c : in.contract.availability)
    if (c.credit && !c.claim)
      out.push_back({c.credit->range,
                     "the credit of the " + clause_name(in.contract, "availability", c.service, c.label) +
                         " has no claim deadline",
                     ""});
}
}  // namespace

const Rule& availability_no_claim_deadline() {
  static const Rule rule{
      {"availability-no-claim-deadline", Severity::Warning, "availability credit without a claim deadline",
       "Credits are rarely paid unasked: the customer must claim them, and the deadline decides whether a monthly "
       "audit is in time. Providers' deadlines range from 10 days (CoreWeave, unconfirmed) and 30 days with logs "
       "(Voltage Park) to the end of the second billing cycle (AWS) or two months, not before the 5th working day "
       "(Alibaba). Unstated, the provider can set one later, or refuse a claim as late. The rule fires on an "
       "availability clause with a `credit` and no `claim ...` item.",
       "Write the deadline: `claim within 30 d after period end;` or "
       "`claim by end of 2nd billing cycle after incident;`.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%; period calendar month;\n"
       "    credit of monthly fee { below 99.9%: 10%; }\n  }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%; period calendar month;\n"
       "    credit of monthly fee { below 99.9%: 10%; }\n    claim within 30 d after period end;\n  }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
