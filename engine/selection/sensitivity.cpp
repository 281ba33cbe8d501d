// The weighted gap between two vendors is linear in the weights:
//   gap = Σ_k w_k · d_k / 100,  d_k = score of `ahead` − score of `behind` on dimension k.
// Moving δ points of weight from dimension i to dimension j changes it by
// δ · (d_j − d_i) / 100. Every point moved into the dimension where `behind`
// is strongest (the least d_j) closes the gap most; taking it first from the
// dimensions where `ahead` is strongest (the largest d_i), each up to its
// whole weight, closes the gap with the least weight moved. The tie is where
// the moves have closed the gap exactly; any more puts `behind` ahead.
#include "engine/selection/sensitivity.h"

#include <algorithm>

namespace slaudit::selection {

Sensitivity sensitivity(const std::vector<VendorComparison>& vendors, size_t ahead, size_t behind, const Weights& weights) {
  Sensitivity out;
  out.ahead = ahead;
  out.behind = behind;
  out.gap = vendors[ahead].score.weighted - vendors[behind].score.weighted;
  out.moved = 0;
  std::array<Rational, kDimensionCount> d;
  for (Dimension k : kDimensions)
    d[index_of(k)] = vendors[ahead].score.dimensions[index_of(k)].score - vendors[behind].score.dimensions[index_of(k)].score;
  // Into the dimension where `behind` is strongest; the first of equals, for the same answer every run.
  Dimension to = kDimensions.front();
  for (Dimension k : kDimensions)
    if (d[index_of(k)] < d[index_of(to)]) to = k;
  out.to = to;
  if (out.gap == 0) {  // tied: any weight moved into `to` puts `behind` ahead, if it is stronger there
    out.possible = d[index_of(to)] < 0;
    return out;
  }
  std::vector<Dimension> sources(kDimensions.begin(), kDimensions.end());
  std::stable_sort(sources.begin(), sources.end(), [&](Dimension a, Dimension b) { return d[index_of(a)] > d[index_of(b)]; });
  Rational left = out.gap * 100;  // the gap to close, in weight × score
  bool more = false;              // weight would be left to move past the tie
  for (Dimension from : sources) {
    const Rational per_point = d[index_of(from)] - d[index_of(to)];
    if (per_point <= 0 || weights.of(from) == 0) continue;
    if (left == 0) {
      more = true;
      break;
    }
    const Rational take = std::min(weights.of(from), Rational(left / per_point));
    out.from.push_back({from, take});
    out.moved += take;
    left -= take * per_point;
    more = take < weights.of(from);
  }
  out.possible = left == 0 && more;
  if (!out.possible) {
    out.from.clear();
    out.moved = 0;
  }
  return out;
}

}  // namespace slaudit::selection
