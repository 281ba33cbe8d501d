// preemption-no-notice: a preemptible service with no notice before reclaim.
#include "rules/catalogue_rules.h"
#include "rules/lifecycle/mentions.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  if (states_metric(in.syntax, "preemption_notice")) return;
  for (const auto& m : mentions(in.syntax, kPreemptionWords))
    out.push_back({m.range, "the contract speaks of preemption ('" + m.word +
                                "') but states no notice before preempted resources are reclaimed",
                   ""});
}
}  // namespace

const Rule& preemption_no_notice() {
  static const Rule rule{
      {"preemption-no-notice", Severity::Warning, "preemption without a notice time",
       "Question 7 before signing: what notice is given before preempted resources are reclaimed? Thirty "
       "seconds and thirty minutes are different products: with enough notice a training job writes a "
       "checkpoint and loses nothing, without it the work since the last checkpoint is gone. The language has no "
       "preemption construct; the rule fires where a service name, a clause label, a claim or a `terms per` "
       "reference speaks of preemption (preempt..., spot, interruptible, 抢占, 竞价) and the contract states no "
       "`preemption_notice` commitment or claim.",
       "State the notice: `commit preemption_notice >= 30 min;`.",
       "  service spot_training { fee 1000.00 per month; billing per hour; }\n",
       "  service spot_training { fee 1000.00 per month; billing per hour; }\n"
       "  commit preemption_notice >= 30 min;\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
