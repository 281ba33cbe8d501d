#pragma once
// The probe harnesses' shared pieces: bytes served to a ByteStream in pieces
// of a chosen size (so the readers' block boundaries fall anywhere), and one
// read's every sample and rejection as text, for comparing two reads.
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "engine/records/probe_accounting.h"
#include "engine/records/probe_sample.h"
#include "engine/records/probe_targets.h"
#include "telemetry/probe/byte_stream.h"
#include "telemetry/probe/probe_csv.h"

namespace slaudit::fuzz {

class PieceSource : public probe::RawSource {
 public:
  PieceSource(std::string_view data, size_t piece) : data_(data), piece_(piece) {}
  size_t read(char* out, size_t cap, std::string&) override {
    const size_t n = std::min({cap, piece_, data_.size() - pos_});
    std::memcpy(out, data_.data() + pos_, n);
    pos_ += n;
    return n;
  }

 private:
  std::string_view data_;
  size_t piece_;
  size_t pos_ = 0;
};

// One read of one input: what the reader pushed and counted, as text.
struct ProbeRead : probe::ProbeSink {
  probe::ProbeTargets targets;
  probe::ProbeAccounting accounting;
  std::string samples;  // one line a sample: time, target name, kind, record, ok/total, latency bound
  uint64_t pushed = 0;  // rows that gave samples (a histogram row gives one per bound)
  // Latency bounds as a contract with two latency clauses gives them, so that
  // histogram headers (le= columns) are read, not refused.
  std::vector<Decimal> bounds{*Decimal::parse("0.3"), *Decimal::parse("1")};

  void add(const probe::ProbeSample& sample) override;
  probe::ProbeInput input() {
    probe::ProbeInput in{0, &targets, this, &accounting};
    in.latency_bounds = &bounds;
    return in;
  }
  // The accounting invariant and each sample's bounds; then everything as text.
  std::string checked_text(const std::string& error);
};

}  // namespace slaudit::fuzz
