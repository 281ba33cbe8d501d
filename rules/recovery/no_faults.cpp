// recovery-no-faults: a recovery time that does not say which fault classes it covers.
#include <algorithm>

#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

// Whether the named service has a recovery clause that lists its fault classes.
bool service_lists_faults(const model::Contract& contract, const std::optional<std::string>& service) {
  auto index = service ? contract.find_service(*service) : std::nullopt;
  return index && std::any_of(contract.recovery.begin(), contract.recovery.end(), [&](const model::RecoveryClause& r) {
           return r.service == *index && !r.faults.empty();
         });
}

void check(const RuleInput& in, Findings& out) {
  for (const auto& r : in.contract.recovery)
    if (r.faults.empty())
      out.push_back({recovery_head(in, r),
                     "the " + clause_name(in.contract, "recovery", r.service, r.label) +
                         " does not say which fault classes it covers",
                     ""});
  for (const auto& s : metric_statements(in.syntax)) {
    if (s.metric != "recovery_time" || s.has_qualifier(ast::ClaimQualifier::Kind::Faults) ||
        service_lists_faults(in.contract, s.service))
      continue;
    out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) +
                                "' does not say which fault classes it covers",
                   s.claim ? "add them: claim \"...\": " + s.written(in.source) + " faults (node_down, nic_failure);"
                           : "write a recovery clause instead: recovery SERVICE { faults (node_down, nic_failure); "
                             "within 20 min from detected to recovered; }"});
  }
}

}  // namespace

const Rule& recovery_no_faults() {
  static const Rule rule{
      {"recovery-no-faults", Severity::Warning, "recovery time without fault classes",
       "Question 2 before signing: which fault classes does \"self-healing in about 20 minutes\" cover? A node "
       "down, a NIC failure and an optical module failure recover by different paths, with very different times; "
       "Llama 3's 16,384-GPU run saw faulty GPUs, HBM3 memory, switches and cables, NICs and more. A time that "
       "names no class will be met by the easy faults and argued away for the hard ones. The rule fires on a "
       "recovery clause without `faults (...)`, and on a `recovery_time` commitment or claim that neither lists "
       "`faults (...)` nor names a service whose recovery clause lists them.",
       "Name the classes: `faults (node_down, gpu_xid, nic_failure, optical_module);` in the recovery clause, and "
       "`faults (node_down)` after a recovery_time claim's value.",
       "  service training { fee 1000.00 per month; }\n"
       "  recovery training { within 20 min from detected to recovered; }\n"
       "  claim \"训练任务中断约20分钟自动恢复\": recovery_time about 20 min;\n",
       "  service training { fee 1000.00 per month; }\n"
       "  recovery training { faults (node_down, nic_failure); within 20 min from detected to recovered; }\n"
       "  claim \"训练任务中断约20分钟自动恢复\": recovery_time about 20 min faults (node_down);\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
