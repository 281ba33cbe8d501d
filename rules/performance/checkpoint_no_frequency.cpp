// checkpoint-no-frequency: checkpoint write bandwidth with no limit on checkpoint frequency.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  if (states_metric(in.syntax, "checkpoint_interval")) return;
  for (const auto& s : metric_statements(in.syntax))
    if (s.metric == "checkpoint_write")
      out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) +
                                  "' comes with no limit on how often checkpoints may be written",
                     ""});
}
}  // namespace

const Rule& checkpoint_no_frequency() {
  static const Rule rule{
      {"checkpoint-no-frequency", Severity::Warning, "checkpoint bandwidth without a checkpoint frequency",
       "Question 6 before signing: checkpoint write bandwidth and the maximum checkpoint frequency together decide "
       "the effective utilisation of a long training run. A bandwidth that holds only for one checkpoint an hour "
       "means up to an hour of work lost at every interruption (Llama 3 saw 419 unexpected ones in 54 days). The "
       "rule fires on a `checkpoint_write` commitment or claim when the contract states no `checkpoint_interval` "
       "(the shortest supported interval between checkpoints).",
       "State the frequency beside the bandwidth: `commit checkpoint_interval <= 30 min;`.",
       "  commit checkpoint_write >= 400 GB/s under load;\n",
       "  commit checkpoint_write >= 400 GB/s under load;\n  commit checkpoint_interval <= 30 min;\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
