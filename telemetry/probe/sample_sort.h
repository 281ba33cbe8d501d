#pragma once
// Probe samples put in time order with bounded memory: an external merge sort.
// A batch audit whose inputs are not in time order (a Prometheus response lists
// one series after another; a file may be shuffled or sorted by target) reads
// them again through a SampleSorter, which keeps at most `run_samples` samples
// in memory, sorts each such run and spills it to an unlinked temporary file,
// then merges the runs into a sink in order of (time, target, input, record).
// In time order no sample is ever late, so the engines' figures are those of
// the data, whatever its order.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "engine/records/probe_sample.h"

namespace slaudit::probe {

class SampleSorter final : public ProbeSink {
 public:
  // Runs of `run_samples` samples (40 bytes each) in `temp_dir` (empty: $TMPDIR or /tmp).
  explicit SampleSorter(size_t run_samples = size_t{1} << 20, std::string temp_dir = "");
  ~SampleSorter() override;
  SampleSorter(const SampleSorter&) = delete;
  SampleSorter& operator=(const SampleSorter&) = delete;

  void add(const ProbeSample& sample) override;
  void add_batch(std::span<const ProbeSample> samples) override;

  // Gives every sample added to `sink`, in order, in batches; once. Returns an
  // error message ("cannot write a temporary file in /tmp: No space left on
  // device"), or "" when all went well.
  std::string replay(ProbeSink& sink);

  uint64_t samples() const { return samples_; }
  size_t runs() const { return runs_.size(); }               // spilled runs (0: all in memory)
  uint64_t spilled_bytes() const { return spilled_bytes_; }

 private:
  struct Packed;
  bool spill();

  size_t run_samples_;
  std::string temp_dir_;
  std::vector<ProbeSample> buffer_;
  std::vector<std::FILE*> runs_;
  uint64_t samples_ = 0, spilled_bytes_ = 0;
  std::string error_;
};

}  // namespace slaudit::probe
