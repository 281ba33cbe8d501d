#include "engine/audit/probe/recording_plan.h"

#include "base/time/timestamp.h"

namespace slaudit::probe {

Seconds bucket_phase(Instant period_start, Seconds bucket) {
  const int64_t b = bucket.count();
  const int64_t r = period_start.time_since_epoch().count() % b;
  return Seconds{r < 0 ? r + b : r};
}

Seconds recording_shift(Seconds phase, Seconds bucket, Seconds lag) {
  const int64_t b = bucket.count();
  const int64_t lag_buckets = (lag.count() + b - 1) / b;
  return Seconds{(b - phase.count()) % b + lag_buckets * b};
}

bool shift_fits(Seconds shift, Seconds phase, Seconds bucket) {
  return shift.count() >= 0 && (shift.count() + phase.count()) % bucket.count() == 0;
}

std::string unrecordable_reason(Seconds bucket, const std::vector<ProbePart>& parts) {
  const int64_t b = bucket.count();
  for (const ProbePart& p : parts) {
    const int64_t from = (p.from - p.period_start).count(), to = (p.to - p.period_start).count();
    if (from % b == 0 && to % b == 0) continue;
    const Instant at = from % b != 0 ? p.from : p.to;
    return "a bucket of " + std::to_string(b) + " s is clipped at " + format_utc(at) + " (the period from " +
           format_utc(p.period_start) + " is not a whole number of buckets there); a recording rule sums whole "
           "buckets, so the clipped one cannot be recorded: choose a bucket that divides the period (1 min, 5 min, 1 h)";
  }
  return {};
}

int64_t recorded_query_ms(Instant bucket_start, Seconds bucket, Seconds shift) {
  return (bucket_start.time_since_epoch().count() + 2 * bucket.count() + shift.count()) * 1000 - 1;
}

Instant bucket_of_query_ms(int64_t ms, Seconds bucket, Seconds shift) {
  return Instant{Seconds{(ms + 1) / 1000 - 2 * bucket.count() - shift.count()}};
}

}  // namespace slaudit::probe
