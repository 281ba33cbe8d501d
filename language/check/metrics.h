#pragma once
// The metrics that commitments and claims may name, with their dimension, so
// `commit checkpoint_write >= 400 GB/s` is checked for units and can later be
// verified against measurements of the same name.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "language/model/contract.h"

namespace slaudit::check {

struct MetricDef {
  std::string name;
  model::Dimension dimension;
  const char* meaning;
};

std::optional<MetricDef> find_metric(std::string_view name);
std::vector<std::string> metric_names();

}  // namespace slaudit::check
