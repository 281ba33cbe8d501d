// recovery-no-clock: a recovery time that does not say when its clock starts and stops.
#include <algorithm>

#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

// Whether the named service has a recovery clause with a time limit (which always has a clock).
bool service_has_clock(const model::Contract& contract, const std::optional<std::string>& service) {
  auto index = service ? contract.find_service(*service) : std::nullopt;
  return index && std::any_of(contract.recovery.begin(), contract.recovery.end(), [&](const model::RecoveryClause& r) {
           return r.service == *index && r.limit && r.clock_start && r.clock_stop;
         });
}

void check(const RuleInput& in, Findings& out) {
  for (const auto& r : in.contract.recovery)
    if (!r.limit || !r.clock_start || !r.clock_stop)
      out.push_back({recovery_head(in, r),
                     "the " + clause_name(in.contract, "recovery", r.service, r.label) +
                         " states no time limit with a clock start and stop",
                     ""});
  for (const auto& s : metric_statements(in.syntax)) {
    if (s.metric != "recovery_time" || service_has_clock(in.contract, s.service)) continue;
    out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) +
                                "' does not say when the clock starts and stops",
                   "name a service whose recovery clause has `within ... from detected to recovered`: " +
                       std::string(s.claim ? "claim \"...\": " : "commit ") + s.metric + " ... for SERVICE;"});
  }
}

}  // namespace

const Rule& recovery_no_clock() {
  static const Rule rule{
      {"recovery-no-clock", Severity::Warning, "recovery time without clock start and stop",
       "\"Recovers in 20 minutes\" measured from when? From the fault, or from when the provider's monitoring "
       "noticed it, which can be much later; and until the node is back, or until the customer's job runs again "
       "from its checkpoint? The article separates detecting, locating and self-healing a fault for this reason. "
       "The rule fires on a recovery clause without `within T from START to STOP`, and on a `recovery_time` "
       "commitment or claim that does not name a service whose recovery clause states the clock (a claim or a "
       "commitment cannot state one itself).",
       "State the clock in a recovery clause: `within 20 min from occurred to recovered;` (or `from detected`, "
       "`to resolved`), and tie claims to it with `for SERVICE`.",
       "  service training { fee 1000.00 per month; }\n"
       "  claim \"训练任务中断约20分钟自动恢复\": recovery_time about 20 min faults (node_down);\n",
       "  service training { fee 1000.00 per month; }\n"
       "  recovery training { faults (node_down); within 20 min from occurred to recovered; }\n"
       "  claim \"训练任务中断约20分钟自动恢复\": recovery_time about 20 min faults (node_down) for training;\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
