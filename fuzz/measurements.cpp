// Measurements (JSON Lines): every record used or rejected with its line and
// a reason, both lists in line order.
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/incident_logs.h"
#include "telemetry/evidence/measurements.h"

using namespace slaudit;

SLAUDIT_FUZZ_TARGET(measurements) {
  const evidence::MeasurementLog log = evidence::read_measurements(data, "fuzz.jsonl", fuzz::fuzz_services());
  SLAUDIT_FUZZ_EXPECT(log.records_read == log.measurements.size() + log.rejected.size(),
                      "measurements read != used + rejected");
  size_t previous = 0;
  for (const RejectedRecord& r : log.rejected) {
    SLAUDIT_FUZZ_EXPECT(!r.reason.empty(), "a rejected measurement without a reason");
    SLAUDIT_FUZZ_EXPECT(r.line > previous, "rejected measurements out of line order");
    previous = r.line;
  }
  previous = 0;
  for (const evidence::Measurement& m : log.measurements) {
    SLAUDIT_FUZZ_EXPECT(m.line > previous, "measurements out of line order");
    previous = m.line;
  }
}
