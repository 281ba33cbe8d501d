#include "fuzz/support/probe_reads.h"

#include "fuzz/support/fuzz_target.h"

namespace slaudit::fuzz {

void ProbeRead::add(const probe::ProbeSample& sample) {
  SLAUDIT_FUZZ_EXPECT(sample.total > 0, "a sample with total 0");
  SLAUDIT_FUZZ_EXPECT(sample.ok <= sample.total, "a sample with ok > total");
  SLAUDIT_FUZZ_EXPECT(sample.target < targets.size(), "a sample naming a target never interned");
  SLAUDIT_FUZZ_EXPECT(sample.bound <= bounds.size(), "a sample of a latency bound never given");
  // A histogram row gives its samples one after another, bound 1 first.
  if (sample.bound <= 1) ++pushed;
  samples += std::to_string(sample.at.time_since_epoch().count()) + " " + targets.name(sample.target) + " " +
             std::to_string(static_cast<int>(sample.kind)) + " #" + std::to_string(sample.record) + " " +
             std::to_string(sample.ok) + "/" + std::to_string(sample.total) + " b" + std::to_string(sample.bound) + "\n";
}

std::string ProbeRead::checked_text(const std::string& error) {
  const probe::ProbeAccounting& a = accounting;
  if (error.empty()) {
    SLAUDIT_FUZZ_EXPECT(a.read == a.used + a.rejected + a.missing, "probe rows read != used + rejected + missing");
    SLAUDIT_FUZZ_EXPECT(a.used == pushed + a.used_merged, "probe rows counted used != samples pushed (+ values summed)");
  }
  // After a whole-input error the rows already pushed depend on when the error
  // was found (a gzip member's checksum is checked at its end, so rows read in
  // pieces arrive before it, rows read at once do not): the caller discards
  // them (probe_csv.h), so only the error itself must agree.
  if (!error.empty()) return "error '" + error + "'\n";
  std::string out = "error '" + error + "' read " + std::to_string(a.read) + " used " + std::to_string(a.used) +
                    " rejected " + std::to_string(a.rejected) + " missing " + std::to_string(a.missing) + "\n";
  for (const probe::ProbeRejection& r : a.first_rejections) {
    SLAUDIT_FUZZ_EXPECT(!r.reason.empty(), "a probe rejection without a reason");
    out += "rejected #" + std::to_string(r.record) + ": " + r.reason + "\n";
  }
  return out + samples;
}

}  // namespace slaudit::fuzz
