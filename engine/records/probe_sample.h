#pragma once
// One probe sample as the probe audit sees it: the boundary between the probe
// readers (telemetry/probe/, CSV and Prometheus) and the bucket engine
// (engine/audit/probe/). Readers intern target names and push samples into a
// ProbeSink as they stream; nothing here holds a whole file in memory.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/time/instant.h"

namespace slaudit::probe {

// Index of a target in its ProbeTargets table; dense, from 0.
using TargetId = uint32_t;

// What a sample's two numbers mean.
//  Counts: `ok` good requests of `total` (CSV ok,total; CSV success 0/1 gives 1/1 or 0/1).
//  Ratio:  ok/total is an exact success ratio (Prometheus "0.97" gives 97/100);
//          ratios in one bucket are averaged, one weight per sample, never summed as counts.
enum class SampleKind : uint8_t { Counts, Ratio };

struct ProbeSample {
  Instant at;                  // sample time, UTC seconds
  TargetId target = 0;
  SampleKind kind = SampleKind::Counts;
  // 0: a probe sample; k: from a latency histogram, ok = the requests within
  // the contract's latency bound k (every clause takes only its own bound's).
  uint16_t bound = 0;
  uint32_t source = 0;         // index of the input (file) it came from
  uint64_t record = 0;         // 1-based line (CSV) or value index (Prometheus) in that input
  uint64_t ok = 0;
  uint64_t total = 0;          // > 0 for every sample a reader emits
};

// Where readers push samples. The engine implements it; tests implement it too.
class ProbeSink {
 public:
  virtual ~ProbeSink() = default;
  virtual void add(const ProbeSample& sample) = 0;
  // Samples in the order read; the same as add() on each, one call per batch.
  virtual void add_batch(std::span<const ProbeSample> samples) {
    for (const ProbeSample& s : samples) add(s);
  }
};

}  // namespace slaudit::probe
