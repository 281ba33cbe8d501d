// The query_range fast path (telemetry/prometheus/query_range_scan.h) against
// the general parser: wherever the fast path reads a body, the general parser
// accepts that body and reads exactly the same series, points and warnings.
// (Where the fast path declines, the general parser reads the body anyway.)
#include "fuzz/support/fuzz_target.h"
#include "telemetry/prometheus/api_response.h"
#include "telemetry/prometheus/query_range_scan.h"

using namespace slaudit;

SLAUDIT_FUZZ_TARGET(api_response) {
  const auto fast = prometheus::scan_query_range(data);
  if (!fast) return;
  const prometheus::ApiResponse general = prometheus::parse_api_response_general(data, "fuzz.json");
  SLAUDIT_FUZZ_EXPECT(general.error.empty(), "the fast path read a body the general parser refuses: " + general.error);
  SLAUDIT_FUZZ_EXPECT(*fast == general, "the fast path and the general parser read different series");
}
