#pragma once
// The sensitivity of a ranking to its weights: for two neighbours of the
// ranking, the least weight that must move between dimensions for the one
// behind to overtake. Internal to engine/selection; docs/compare.md derives it.
#include "engine/selection/comparison.h"

namespace slaudit::selection {

// `ahead` and `behind` index `vendors`; their scorecards are already made.
Sensitivity sensitivity(const std::vector<VendorComparison>& vendors, size_t ahead, size_t behind, const Weights& weights);

}  // namespace slaudit::selection
