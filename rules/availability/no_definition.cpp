// availability-no-definition: a target with no definition of "unavailable".
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability)
    // A group-level clause defines its group's downtime by its down rule.
    if (c.target && !c.measurement && !c.group)
      out.push_back({availability_anchor(in, c),
                     "the " + clause_name(in.contract, "availability", c.service, c.label) +
                         " does not define when the service is unavailable",
                     ""});
}
}  // namespace

const Rule& availability_no_definition() {
  static const Rule rule{
      {"availability-no-definition", Severity::Warning, "availability target without a definition of unavailable",
       "An availability figure is only as good as its definition of downtime. Is one failed GPU out of 4,096 an "
       "outage? Providers answer differently: loss of external connectivity (Google), two-way TCP/UDP failing for "
       "more than a minute (Alibaba), more than five minutes (Kingsoft), 5xx error rate per five-minute interval "
       "(S3). Left unsaid, the provider decides after the fact what counted. The rule fires on an availability "
       "clause with a target and no `unavailable ...` item (a group-level clause's `unavailable when ... down` "
       "defines it).",
       "Define it: `unavailable when incident affects >= 5% of gpus;`, `unavailable when any incident;`, "
       "`unavailable weighted by affected share;` or `unavailable from probes { ... }`.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { target 99.9%; period calendar month; }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training {\n    target 99.9%; period calendar month;\n"
       "    unavailable when incident affects >= 5% of gpus;\n  }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
