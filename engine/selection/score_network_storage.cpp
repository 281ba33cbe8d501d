// Network interconnect and storage IO (the article's 20%): an RDMA-class
// fabric, exclusive to the customer, and bandwidth and storage throughput that
// hold under load.
#include "engine/selection/located.h"
#include "engine/selection/scoring.h"

namespace slaudit::selection {

namespace {

Criterion interconnect(const ScoreInput& in, size_t line) {
  const model::Service& service = in.service();
  if (!service.interconnect) return {"RDMA-class interconnect", 0, 20, "no interconnect stated for " + service.name, 0};
  const bool ethernet = *service.interconnect == "ethernet";
  const Share share = ethernet ? Share{Rational(1, 4), "1/4 (ethernet: no RDMA)"}
                               : Share{1, "1 (" + *service.interconnect + ": RDMA-class)"};
  return term_criterion("RDMA-class interconnect", 20, share, "contract: " + quoted_line(in, line), line);
}

Criterion tenancy(const ScoreInput& in, size_t line) {
  const model::Service& service = in.service();
  if (service.tenancy == model::Tenancy::Exclusive)
    return term_criterion("exclusive fabric", 10, {1, "1 (exclusive)"}, "contract: " + quoted_line(in, line), line);
  if (service.tenancy == model::Tenancy::Shared)
    return {"exclusive fabric", 0, 10, "contract: " + quoted_line(in, line) + ": shared with other tenants", line};
  return {"exclusive fabric", 0, 10, "the contract does not say whether the fabric is exclusive", 0};
}

// Under load earns in full; a figure for an empty system (or none stated) earns `other`.
ShareOf load_share(Rational other, std::string other_text) {
  return [other, other_text](const Statement& s, const Meaning& m) -> Share {
    if (!bounds_from_below(s.predicate.cmp)) return {0, "does not promise at least a rate"};
    if (m.condition == model::Condition::UnderLoad) return {1, "1 (under load)"};
    return {other, other_text + (m.condition == model::Condition::Empty ? " (empty system)" : " (no load condition)")};
  };
}

}  // namespace

DimensionScore score_network_storage(const ScoreInput& in) {
  const ServiceLines lines = service_lines(*in.vendor.source, *in.vendor.syntax, in.service().name);
  return dimension(
      Dimension::NetworkStorage,
      {interconnect(in, lines.interconnect), tenancy(in, lines.interconnect),
       best_statement(in, "network bandwidth that holds", 20, {"rdma_bandwidth", "network_bandwidth"},
                      load_share(Rational(1, 2), "1/2")),
       best_statement(in, "storage throughput that holds", 30, {"storage_throughput"}, load_share(Rational(1, 3), "1/3")),
       plainly(in, {"rdma-no-tenancy", "throughput-no-load-condition"})},
      {"topology oversubscription", "parallel file system architecture"});
}

}  // namespace slaudit::selection
