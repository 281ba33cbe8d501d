#include "language/check/metrics.h"

namespace slaudit::check {

namespace {
using model::Dimension;
struct Entry {
  const char* name;
  Dimension dimension;
  const char* meaning;
};
constexpr Entry kMetrics[] = {
    {"gpus", Dimension::Count, "GPUs delivered (one cluster or several added up)"},
    {"nodes", Dimension::Count, "nodes delivered"},
    {"availability", Dimension::Percent, "measured availability over a statistical period"},
    {"recovery_time", Dimension::Duration, "time from fault to recovery"},
    {"checkpoint_write", Dimension::DataRate, "checkpoint write bandwidth"},
    {"checkpoint_interval", Dimension::Duration, "shortest supported interval between checkpoints"},
    {"storage_throughput", Dimension::DataRate, "parallel file system throughput"},
    {"network_bandwidth", Dimension::DataRate, "interconnect bandwidth per node"},
    {"rdma_bandwidth", Dimension::DataRate, "RDMA/RoCE bandwidth per node"},
    {"preemption_notice", Dimension::Duration, "notice before preempted resources are reclaimed"},
    {"data_retention", Dimension::Duration, "how long data is kept after reclaim"},
    {"scale_out_time", Dimension::Duration, "time to add capacity"},
    {"models", Dimension::Count, "models offered"},
    {"model_onboarding", Dimension::Duration, "time from a model's release to its availability"},
};
}  // namespace

std::optional<MetricDef> find_metric(std::string_view name) {
  for (const auto& m : kMetrics)
    if (name == m.name) return MetricDef{m.name, m.dimension, m.meaning};
  return std::nullopt;
}

std::vector<std::string> metric_names() {
  std::vector<std::string> out;
  for (const auto& m : kMetrics) out.push_back(m.name);
  return out;
}

}  // namespace slaudit::check
