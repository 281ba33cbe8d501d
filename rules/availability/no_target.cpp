// availability-no-target: an availability clause that states no target.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability) {
    if (c.target) continue;
    const bool tiers = c.credit && c.credit->form == model::CreditForm::Tiered && !c.credit->tiers.empty();
    out.push_back({availability_anchor(in, c),
                   "the " + clause_name(in.contract, "availability", c.service, c.label) + " states no target" +
                       (tiers ? ": only its credit tiers say what level is promised"
                              : ": nothing says what level is promised"),
                   ""});
  }
}
}  // namespace

const Rule& availability_no_target() {
  static const Rule rule{
      {"availability-no-target", Severity::Warning, "availability clause without a target",
       "Question 3 before signing: what does the SLA promise? An availability clause without a target promises no "
       "level: no period can be judged met or missed, and a customer cannot tell what to expect. Where the clause "
       "has credit tiers, the audit takes a tier reached as a breach (docs/audit.md, section 19), but the level the "
       "provider commits to is then only implied by where the credits start. Public SLAs state it: 99.99% (AWS "
       "EC2 region level), 99.9% (Azure VMs with premium storage), 99.975% (Alibaba ECS). The rule fires on every "
       "availability clause without `target`.",
       "State the level promised: `target 99.9%;` (where the credit tiers start, if the provider means that).",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    period calendar month;\n"
       "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n  }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%; period calendar month;\n"
       "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }\n  }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
