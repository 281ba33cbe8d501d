#pragma once
// The article's six dimensions for choosing a GPU cloud, and their weights:
// 25/22/20/15/10/8 by default (../shared/reference/gpu-cloud-selection-2026),
// or read from a weights file. Weights are exact decimals that add up to 100.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/num/decimal.h"
#include "base/num/rational.h"

namespace slaudit::selection {

enum class Dimension { ClusterScale, FaultRecovery, NetworkStorage, Scheduling, SlaTerms, Openness };
inline constexpr size_t kDimensionCount = 6;
inline constexpr std::array<Dimension, kDimensionCount> kDimensions = {
    Dimension::ClusterScale, Dimension::FaultRecovery, Dimension::NetworkStorage,
    Dimension::Scheduling,   Dimension::SlaTerms,      Dimension::Openness};

// The name in weights files and JSON: "cluster_scale", "fault_recovery", ...
const char* dimension_id(Dimension dimension);
// The article's words: "cluster delivery and scale", ...
const char* dimension_title(Dimension dimension);
std::optional<Dimension> dimension_from_id(std::string_view id);
inline size_t index_of(Dimension dimension) { return static_cast<size_t>(dimension); }

struct Weights {
  std::array<Decimal, kDimensionCount> percent;  // by Dimension; they add up to 100
  std::string source;                            // "the article's (default)", or the file they were read from

  Rational of(Dimension dimension) const;        // the weight in percent points, exact
};

// 25, 22, 20, 15, 10, 8: the article's own scoring.
Weights article_weights();

// A weights file: one line per dimension, `cluster_scale = 25` (a `%` after
// the number is allowed), `#` starts a comment, blank lines are skipped. All
// six dimensions, each once, each at least 0, adding up to exactly 100.
struct WeightsError {
  size_t line = 0;  // 1-based; 0 when the error is about the whole file
  std::string message;
};
struct WeightsResult {
  std::optional<Weights> weights;
  std::vector<WeightsError> errors;  // in line order; weights is absent when there is any
};
WeightsResult parse_weights(std::string_view text, const std::string& source);

}  // namespace slaudit::selection
