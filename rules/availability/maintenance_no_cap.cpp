// maintenance-no-cap: a maintenance exclusion with no cap per period.
#include "rules/availability/maintenance_terms.h"
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability)
    for (const auto& m : maintenance_terms(c))
      if (!m.has_cap)
        out.push_back({m.range,
                       "the maintenance exclusion of the " +
                           clause_name(in.contract, "availability", c.service, c.label) +
                           " has no cap: announced maintenance could take the whole period",
                       ""});
}
}  // namespace

const Rule& maintenance_no_cap() {
  static const Rule rule{
      {"maintenance-no-cap", Severity::Warning, "maintenance exclusion without a cap per period",
       "An uncapped maintenance exclusion lets every announced outage leave the availability figure: a provider "
       "that gives 72 hours' notice could take the cluster down for a week and still report 100%. A cap per "
       "statistical period bounds what maintenance may remove. The rule fires on `exclude maintenance` without "
       "`at most ... per period`, and on `exclude cause in (maintenance)`. Recurring windows "
       "(`exclude window Sun 02:00-06:00`) are bounded by their length and do not fire it.",
       "Cap it: `exclude maintenance with notice >= 72 h, at most 4 h per period;`, or name a recurring window: "
       "`exclude window Sun 02:00-06:00;`.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { exclude maintenance with notice >= 72 h; }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { exclude maintenance with notice >= 72 h, at most 4 h per period; }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
