// throughput-no-load-condition: a data rate (storage, network, RDMA, checkpoint
// bandwidth) that does not say whether it was measured empty or under load.
#include "language/check/metrics.h"
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {
void check(const RuleInput& in, Findings& out) {
  for (const auto& s : metric_statements(in.syntax)) {
    auto def = check::find_metric(s.metric);
    if (!def || def->dimension != model::Dimension::DataRate || s.has_condition()) continue;
    out.push_back({s.range, std::string("the ") + s.kind() + " '" + s.written(in.source) +
                                "' does not say whether it holds on an empty system or under load",
                   std::string("add the condition: ") + (s.claim ? "claim \"...\": " : "commit ") +
                       s.written(in.source) + " under load;"});
  }
}
}  // namespace

const Rule& throughput_no_load_condition() {
  static const Rule rule{
      {"throughput-no-load-condition", Severity::Warning,
       "storage or network throughput without a load condition",
       "Question 5 before signing: is the stated peak storage throughput a benchmark on an empty system, or "
       "measured under real load? A parallel file system that writes 2 TB/s alone may give a fraction of it "
       "while a hundred other tenants checkpoint. The same holds for network and RDMA bandwidth. The rule fires "
       "on a commitment or claim of a data rate (storage_throughput, network_bandwidth, rdma_bandwidth, "
       "checkpoint_write) without `under load` or `empty`.",
       "Say the condition: `commit storage_throughput >= 2 TB/s under load;` (a figure measured `empty` is "
       "stated honestly too, and the claims check then asks for measurements under load).",
       "  commit storage_throughput >= 2 TB/s;\n",
       "  commit storage_throughput >= 2 TB/s under load;\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
