// billing-no-granularity: a service with a fee but no billing granularity.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& s : in.contract.services)
    if (s.fee && !s.billing_granularity)
      out.push_back({s.fee_range, "service '" + s.name + "' has a fee but no billing granularity", ""});
}
}  // namespace

const Rule& billing_no_granularity() {
  static const Rule rule{
      {"billing-no-granularity", Severity::Warning, "billing without granularity",
       "Question 7 before signing: billing granularity. A job that runs 61 minutes costs 61 minutes billed per "
       "second or per minute, two hours billed per hour, and a whole day or month billed per day or month; for "
       "thousands of GPUs started and stopped around faults, the difference is large. It also decides how a "
       "partial period is charged and what an hourly credit is worth. The rule fires on a service with a `fee` "
       "and no `billing per ...`.",
       "State it in the service: `billing per second;` (or `minute`, `hour`, `day`, `month`).",
       "  service training { fee 1000.00 per month; }\n",
       "  service training { fee 1000.00 per month; billing per hour; }\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
