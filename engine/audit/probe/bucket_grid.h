#pragma once
// The probe audit's bucket grid: one period, fixed-size buckets from the
// period's start (a local midnight, so whole-hour DST shifts keep minute and
// 5-minute buckets aligned), per target per bucket the summed ok/total of its
// Counts samples. Memory is targets x buckets x 8 bytes and does not grow with
// rows, so unsorted and repeated rows are exact; it is NOT yet the windowed
// design the issue asks for (10,000 targets x 43,200 minutes would be 3.5 GB).
#include <cstdint>
#include <vector>

#include "engine/model/contract.h"
#include "telemetry/probe/probe_sample.h"

namespace slaudit::probe {

struct BucketCell {
  uint32_t ok = 0;
  uint32_t total = 0;  // 0: no sample in this bucket (missing data)
};

struct GridCounts {
  uint64_t used = 0;
  uint64_t outside_period = 0;  // sample time before the start or at/after the end
  uint64_t ratio_unsupported = 0;  // Ratio samples: averaging not built yet
  uint64_t overflow = 0;         // a bucket's sum would pass 2^32-1
};

class BucketGrid : public ProbeSink {
 public:
  BucketGrid(Instant start, Instant end, Seconds bucket, TargetId targets);
  void add(const ProbeSample& sample) override;

  int64_t bucket_count() const { return buckets_; }
  const BucketCell& cell(TargetId target, int64_t bucket) const {
    return cells_[static_cast<size_t>(target) * static_cast<size_t>(buckets_) + static_cast<size_t>(bucket)];
  }
  const GridCounts& counts() const { return counts_; }
  TargetId targets() const { return targets_; }

 private:
  Instant start_;
  Seconds bucket_;
  int64_t buckets_ = 0;
  TargetId targets_ = 0;
  std::vector<BucketCell> cells_;
  GridCounts counts_;
};

// Whether a bucket with `ok` of `total` good is bad under the rule, exactly:
// ok/total <cmp> threshold compared as ok*den <cmp> coef*total in 128 bits.
bool bucket_is_bad(const model::ProbeRule& rule, uint64_t ok, uint64_t total);

// Per bucket of one target: bad after the missing-data rule and the minimum run.
// A missing bucket is bad under Down, good under Up; under Excluded it is neither
// and does not break or extend a run (it is left out of the counting).
enum class BucketState : uint8_t { Good, Bad, Excluded };
std::vector<BucketState> target_states(const BucketGrid& grid, TargetId target,
                                       const model::ProbeRule& rule, model::MissingData missing);

}  // namespace slaudit::probe
