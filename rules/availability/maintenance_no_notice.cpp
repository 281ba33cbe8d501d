// maintenance-no-notice: a maintenance exclusion with no minimum notice.
#include "rules/availability/maintenance_terms.h"
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& c : in.contract.availability)
    for (const auto& m : maintenance_terms(c))
      if (!m.has_notice)
        out.push_back({m.range,
                       "the maintenance exclusion of the " +
                           clause_name(in.contract, "availability", c.service, c.label) +
                           " requires no notice: any outage can be announced as maintenance",
                       ""});
}
}  // namespace

const Rule& maintenance_no_notice() {
  static const Rule rule{
      {"maintenance-no-notice", Severity::Warning, "maintenance exclusion without a minimum notice",
       "Scheduled maintenance is excluded from almost every public SLA (Hetzner, DigitalOcean, Kingsoft). Without "
       "a minimum notice, \"scheduled\" means nothing: an outage can be called maintenance after it started, and "
       "the downtime leaves the availability figure. For a training run, notice decides whether a checkpoint is "
       "taken before the nodes go. The rule fires on `exclude maintenance` without `with notice`, and on "
       "`exclude cause in (maintenance)`, which excludes maintenance unannounced and unbounded.",
       "Require notice: `exclude maintenance with notice >= 72 h, at most 4 h per period;`.",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { exclude maintenance, at most 4 h per period; }\n",
       "  service training { fee 1000.00 per month; }\n"
       "  availability training { exclude maintenance with notice >= 72 h, at most 4 h per period; }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
