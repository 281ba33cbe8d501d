#pragma once
// What became of every row a probe reader saw: used or rejected with a reason.
// Memory is bounded: all rejections are counted, only the first `keep` kept.
// read == used + rejected + missing.
#include <cstdint>
#include <string>
#include <vector>

namespace slaudit::probe {

struct ProbeRejection {
  uint32_t source = 0;   // input index
  uint64_t record = 0;   // 1-based line (CSV)
  std::string reason;
};

struct ProbeAccounting {
  uint64_t read = 0;
  uint64_t used = 0;
  uint64_t rejected = 0;
  // Values that say "no data here": Prometheus NaN, which is also how a stale
  // marker appears in the JSON. Neither used nor rejected: the bucket they fall
  // in has no sample from them and the missing-data rule decides it.
  uint64_t missing = 0;
  // Prometheus inputs: the step at which the coarsest series was sampled (the
  // smallest spacing between its consecutive values), 0 when no series had two.
  // A step coarser than a clause's bucket leaves buckets without data by
  // construction: the audit refuses it rather than call them missing.
  int64_t step_seconds = 0;
  std::string step_series;  // the series with that step, as Prometheus prints it
  // What the reader says of its input beside rejections (e.g. what its missing
  // values were: Uptime Kuma's maintenance, zero request counts); shown once
  // each, after the input's name. `missing_noted` of `missing` are explained
  // by them; the rest are Prometheus NaN.
  std::vector<std::string> notes;
  uint64_t missing_noted = 0;
  // Of `used`: values summed into a sample that another value begins
  // (Prometheus count series: ok and total, split series), so a reader's
  // samples number used - used_merged.
  uint64_t used_merged = 0;
  size_t keep = 100;
  std::vector<ProbeRejection> first_rejections;

  void reject(uint32_t source, uint64_t record, const char* reason) {
    ++rejected;
    if (first_rejections.size() < keep) first_rejections.push_back({source, record, reason});
  }
  // For reasons that name more than a fixed text (a series, a value); the
  // text is built only while rejections are still being kept.
  template <class MakeReason>
  void reject_with(uint32_t source, uint64_t record, MakeReason make_reason) {
    ++rejected;
    if (first_rejections.size() < keep) first_rejections.push_back({source, record, make_reason()});
  }
};

}  // namespace slaudit::probe
