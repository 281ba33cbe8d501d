// reclaim-no-retention: reclaimed resources with no term for how long data is kept.
#include "rules/catalogue_rules.h"
#include "rules/lifecycle/mentions.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  if (states_metric(in.syntax, "data_retention")) return;
  // A notice before reclaim says that resources are reclaimed.
  for (const auto& s : metric_statements(in.syntax))
    if (s.metric == "preemption_notice")
      out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) +
                                  "' implies reclaim, but the contract does not say how long data is kept after it",
                     ""});
  std::vector<std::string> words = kReclaimWords;
  words.insert(words.end(), kPreemptionWords.begin(), kPreemptionWords.end());
  for (const auto& m : mentions(in.syntax, words))
    out.push_back({m.range, "the contract speaks of reclaim ('" + m.word +
                                "') but does not say how long data is kept after it",
                   ""});
}
}  // namespace

const Rule& reclaim_no_retention() {
  static const Rule rule{
      {"reclaim-no-retention", Severity::Warning, "reclaim without data retention",
       "Question 7 before signing: how long is data kept after resources are reclaimed? Local NVMe scratch and "
       "instance disks are often wiped at once; a checkpoint that lived only there is lost with the node. The "
       "rule fires where the contract speaks of reclaim or preemption (reclaim, 回收, and the preemption words) "
       "or commits to a `preemption_notice`, and states no `data_retention` commitment or claim.",
       "State the retention: `commit data_retention >= 7 d;`.",
       "  commit preemption_notice >= 30 min;\n",
       "  commit preemption_notice >= 30 min;\n  commit data_retention >= 7 d;\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
