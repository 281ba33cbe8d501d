// The geometry of recorded buckets (engine/audit/probe/recording_plan.h).
#include <catch2/catch.hpp>

#include "engine/audit/probe/recording_plan.h"

using namespace slaudit;
using probe::ProbePart;

namespace {
Instant at(int64_t s) { return Instant{Seconds{s}}; }
}  // namespace

TEST_CASE("recording plan: phase and shift put the recorded window on a clause bucket", "[probe][prometheus]") {
  struct Case {
    int64_t period_start, bucket, lag, phase, shift;
  };
  const Case cases[] = {
      // 2026-11-01T00:00Z, minute buckets, lag 1 min: phase 0, shift one bucket.
      {1793491200, 60, 60, 0, 60},
      // Asia/Kolkata 2025-06 starts 2025-05-31T18:30Z = 1748716200: 1748716200 mod 3600 = 1800;
      // shift (3600 - 1800) + lag 1 min rounded up to 1 h = 5400.
      {1748716200, 3600, 60, 1800, 5400},
      // The same without lag: 1800.
      {1748716200, 3600, 0, 1800, 1800},
      // Asia/Kathmandu (+05:45) 2026-11 starts 2026-10-31T18:15Z = 1793470500: mod 3600 = 900; 2700 + 0.
      {1793470500, 3600, 0, 900, 2700},
      // 5-minute buckets, a lag of 7 min rounds up to 2 buckets: 600.
      {1793491200, 300, 420, 0, 600},
  };
  for (const Case& c : cases) {
    INFO(c.period_start << " bucket " << c.bucket);
    const Seconds phase = probe::bucket_phase(at(c.period_start), Seconds{c.bucket});
    CHECK(phase.count() == c.phase);
    const Seconds shift = probe::recording_shift(phase, Seconds{c.bucket}, Seconds{c.lag});
    CHECK(shift.count() == c.shift);
    CHECK(probe::shift_fits(shift, phase, Seconds{c.bucket}));
    CHECK_FALSE(probe::shift_fits(shift + Seconds{1}, phase, Seconds{c.bucket}));
    // The recorded sample of the period's first bucket is at tau = start + bucket + shift,
    // a multiple of the bucket since the epoch; the query point is a bucket later, less 1 ms.
    const int64_t ms = probe::recorded_query_ms(at(c.period_start), Seconds{c.bucket}, shift);
    CHECK((ms + 1 - c.bucket * 1000) % (c.bucket * 1000) == 0);
    CHECK(probe::bucket_of_query_ms(ms, Seconds{c.bucket}, shift) == at(c.period_start));
  }
}

TEST_CASE("recording plan: a clipped bucket cannot be recorded", "[probe][prometheus]") {
  // November 2026 (30 days = 43,200 min) in UTC.
  const std::vector<ProbePart> november = {{at(1793491200), at(1793491200), at(1793491200 + 30 * 86400)}};
  CHECK(probe::unrecordable_reason(Seconds{60}, november).empty());
  CHECK(probe::unrecordable_reason(Seconds{3600}, november).empty());
  // 43,200 / 7 is not whole: the last 7-minute bucket is clipped at the month's end.
  const std::string why = probe::unrecordable_reason(Seconds{420}, november);
  CHECK(why.find("clipped at 2026-12-01T00:00:00Z") != std::string::npos);
  // A partial period starting mid-hour with hour buckets.
  const std::vector<ProbePart> partial = {{at(1793491200), at(1793491200 + 1800), at(1793491200 + 30 * 86400)}};
  CHECK_FALSE(probe::unrecordable_reason(Seconds{3600}, partial).empty());
}
