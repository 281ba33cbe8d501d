#pragma once
// Request counts in a query_range response: two kinds of series, told apart by
// the label `slaudit_count` ("ok" or "total"), which the query adds:
//
//   label_replace(sum by (instance) (round(increase(http_requests_total{code!~"5.."}[1m]))),
//                 "slaudit_count", "ok", "", "")
//   or
//   label_replace(sum by (instance) (round(increase(http_requests_total[1m]))),
//                 "slaudit_count", "total", "", "")
//
// Per target (the target label's value, else the label set without
// slaudit_count and __name__) and timestamp, the ok values of every ok series
// are summed, and so are the totals: a series split in two where another label
// changes (a pod restarted: `sum by (instance, pod)`) adds up exactly, in
// integers. Each (target, timestamp) with both gives one Counts sample
// {ok, total}; its record is the smallest value index among the values summed.
//
// Used whole or not at all, never a partial sum. Per value:
//  - "NaN" is missing (as in ratio series);
//  - rejected with its own reason: +Inf/-Inf, not a number, negative, not a
//    whole number (`increase()` extrapolates to 12.5: the reason says to
//    query round(...); rounding here would be a count nobody measured), past
//    10^18, a bad pair or timestamp;
//  - a sound value whose (target, timestamp) cannot give a sample is rejected
//    with why: an ok without a total (or the reverse), ok > total, a sum past
//    2^64, or another value of it rejected or NaN (naming that value);
//  - ok 0 of total 0 (no request in the step) is no data: the values are
//    counted missing, with a note, like NaN.
// So every value is used, rejected or missing: read = used + rejected + missing.
// Samples go to the sink in (timestamp, target) order, whatever the order of
// the series: the figures never depend on it.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/time/instant.h"
#include "telemetry/probe/probe_csv.h"

namespace slaudit::probe {

inline constexpr const char* kCountLabel = "slaudit_count";
inline constexpr uint64_t kMaxCountValue = 1'000'000'000'000'000'000ULL;  // 10^18 a value

// One value of a count series, read.
struct CountValue {
  enum class Status : uint8_t { Ok, Missing, Rejected } status = Status::Ok;
  Instant at{};
  uint64_t count = 0;
  uint64_t record = 0;           // index in the whole input
  uint64_t index_in_series = 0;  // 1-based
  bool has_time = true;          // false for a bad pair or timestamp: paired with nothing
  std::string reason;            // Rejected: why
};

class CountPairing {
 public:
  // `series` names the series in messages ("series 3 {instance=\"a\",slaudit_count=\"ok\"}");
  // `role` is its slaudit_count value: a role other than ok or total rejects every value.
  void add_series(std::string series, const std::string& role, TargetId target, std::vector<CountValue> values);
  // Pairs, sums and emits every (target, timestamp); accounts every value.
  void finish(const ProbeInput& input);

 private:
  struct Member {
    uint32_t series = 0;  // index in series_
    bool ok = false;      // an ok value (else a total)
    CountValue value;
  };
  struct Group {
    std::vector<Member> members;
  };
  void finish_group(const ProbeInput& input, const std::pair<int64_t, TargetId>& key, Group& group);
  std::string where(const Member& m) const;

  std::vector<std::string> series_;
  std::map<std::pair<int64_t, TargetId>, Group> groups_;  // by (unix seconds, target)
  std::vector<Member> unpaired_;                           // values of series with a bad role
  uint64_t zero_groups_ = 0, zero_values_ = 0;
};

}  // namespace slaudit::probe
