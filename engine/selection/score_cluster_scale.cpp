// Cluster delivery and scale (the article's 25%): the largest single cluster
// and the capacity in all, against the article's 10,000-GPU bar (万卡).
#include "engine/selection/located.h"
#include "engine/selection/scoring.h"

namespace slaudit::selection {

namespace {

constexpr int64_t kClusterBar = 10000;

Share size_share(const Statement& s, const Meaning& m, bool single_only) {
  if (s.predicate.metric != "gpus") return {0, "counts nodes, not GPUs"};
  if (!bounds_from_below(s.predicate.cmp)) return {0, "does not promise at least a size"};
  if (single_only && m.cluster != model::ClusterReading::Single)
    return {0, "several clusters added up say nothing of one cluster"};
  return capped_share(value_of(s.predicate), kClusterBar, num(value_of(s.predicate)), "10,000");
}

std::string scope_text(const model::Service& service) {
  return service.scope == model::ScopeKind::SingleCluster ? "one cluster" : "clusters added up";
}

}  // namespace

DimensionScore score_cluster_scale(const ScoreInput& in) {
  const model::Service& service = in.service();
  const ServiceLines lines = service_lines(*in.vendor.source, *in.vendor.syntax, service.name);
  // The contract's own size: the capacity, when the scope says whether it is one cluster.
  const bool stated = service.scope != model::ScopeKind::Unspecified && service.gpus.has_value();
  const int64_t gpus = service.gpus.value_or(0);
  const std::string term = stated ? "contract: service " + service.name + " is " + scope_text(service) + " of " +
                                        num(gpus) + " gpus (" + quoted_line(in, lines.scope) + ")"
                                  : "";

  Criterion single = best_statement(in, "largest single cluster", 50, {"gpus"},
                                    [](const Statement& s, const Meaning& m) { return size_share(s, m, true); });
  if (stated && service.scope == model::ScopeKind::SingleCluster)
    single = better(term_criterion("largest single cluster", 50, capped_share(gpus, kClusterBar, num(gpus), "10,000"),
                                   term, lines.scope),
                    single);

  Criterion total = best_statement(in, "capacity in all", 30, {"gpus"},
                                   [](const Statement& s, const Meaning& m) { return size_share(s, m, false); });
  if (stated)
    total = better(term_criterion("capacity in all", 30, capped_share(gpus, kClusterBar, num(gpus), "10,000"), term,
                                  lines.scope),
                   total);

  return dimension(Dimension::ClusterScale, {single, total, plainly(in, {"cluster-size-scope"})},
                   {"delivery cases and acceptance criteria of 10,000-GPU clusters"});
}

}  // namespace slaudit::selection
