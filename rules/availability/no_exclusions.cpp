// availability-no-exclusions: a target with no exclusions listed.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability)
    if (c.target && c.exclusion_ranges.empty())
      out.push_back({availability_anchor(in, c),
                     "the " + clause_name(in.contract, "availability", c.service, c.label) + " lists no exclusions",
                     ""});
}
}  // namespace

const Rule& availability_no_exclusions() {
  static const Rule rule{
      {"availability-no-exclusions", Severity::Warning, "availability target without exclusions listed",
       "Question 3 before signing asks for the exclusion clauses. Every public SLA has them: scheduled "
       "maintenance, customer software or configuration, attacks, networks outside the provider's control, "
       "pre-GA features (Hetzner, Kingsoft KS3, DigitalOcean). A contract that lists none usually means they sit "
       "in a document the contract does not quote, and the provider will apply them anyway. If the clause truly "
       "has no exclusions, say so by silencing the rule on it with `@allow(availability_no_exclusions)`.",
       "List them: `exclude maintenance with notice >= 72 h, at most 4 h per period;`, "
       "`exclude cause in (customer, force_majeure);`, `exclude window Sun 02:00-06:00;`.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { target 99.9%; period calendar month; }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%; period calendar month;\n"
       "    exclude cause in (customer, force_majeure);\n  }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
