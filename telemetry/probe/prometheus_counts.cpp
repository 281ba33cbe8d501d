#include "telemetry/probe/prometheus_counts.h"

#include <algorithm>
#include <cstdio>

#include "base/time/timestamp.h"

namespace slaudit::probe {
namespace {

// A label value in a reason: control characters escaped, cut to 60 bytes.
std::string shown_label(const std::string& value) {
  std::string out;
  for (char c : value.substr(0, 60)) {
    if (c == '\\' || c == '"') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", unsigned(c));
      out += hex;
    } else {
      out += c;
    }
  }
  return value.size() > 60 ? out + "..." : out;
}

}  // namespace

void CountPairing::add_series(std::string series, const std::string& role, TargetId target,
                              std::vector<CountValue> values) {
  const uint32_t index = static_cast<uint32_t>(series_.size());
  series_.push_back(std::move(series));
  const bool ok = role == "ok";
  if (!ok && role != "total") {
    const std::string why = "label slaudit_count is \"" + shown_label(role) + "\", expected \"ok\" or \"total\"";
    for (CountValue& v : values) {
      if (v.status == CountValue::Status::Ok) {
        v.status = CountValue::Status::Rejected;
        v.reason = why;
      }
      unpaired_.push_back({index, false, std::move(v)});
    }
    return;
  }
  for (CountValue& v : values) {
    if (!v.has_time) {  // a bad pair or timestamp: it belongs to no (target, timestamp)
      unpaired_.push_back({index, ok, std::move(v)});
      continue;
    }
    const int64_t at = v.at.time_since_epoch().count();
    groups_[{at, target}].members.push_back({index, ok, std::move(v)});
  }
}

std::string CountPairing::where(const Member& m) const {
  return series_[m.series] + " value " + std::to_string(m.value.index_in_series);
}

void CountPairing::finish(const ProbeInput& input) {
  ProbeAccounting& acc = *input.accounting;
  for (const Member& m : unpaired_) {
    ++acc.read;
    if (m.value.status == CountValue::Status::Missing) {
      ++acc.missing;
      continue;
    }
    acc.reject_with(input.source, m.value.record, [&] { return where(m) + ": " + m.value.reason; });
  }
  for (auto& [key, group] : groups_) finish_group(input, key, group);
  if (zero_groups_ > 0) {
    acc.missing_noted += zero_values_;
    acc.notes.push_back(std::to_string(zero_values_) + " count values (" + std::to_string(zero_groups_) +
                        " target-timestamps of ok 0 of total 0: no request in the step) are no data: read, not "
                        "used nor rejected; their buckets follow the missing-data rule");
  }
  series_.clear();
  groups_.clear();
  unpaired_.clear();
  zero_groups_ = zero_values_ = 0;
}

void CountPairing::finish_group(const ProbeInput& input, const std::pair<int64_t, TargetId>& key, Group& group) {
  ProbeAccounting& acc = *input.accounting;
  const std::vector<Member>& members = group.members;
  acc.read += members.size();
  const Instant at{Seconds{key.first}};
  const std::string& target = input.targets->name(key.second);
  auto reject_all = [&](auto&& why) {
    for (const Member& m : members)
      acc.reject_with(input.source, m.value.record, [&] { return where(m) + ": " + why(); });
  };
  // A value rejected or NaN: no sum of this target and time is whole.
  const auto bad = std::find_if(members.begin(), members.end(), [](const Member& m) {
    return m.value.status == CountValue::Status::Rejected;
  });
  const auto nan = std::find_if(members.begin(), members.end(), [](const Member& m) {
    return m.value.status == CountValue::Status::Missing;
  });
  if (bad != members.end() || nan != members.end()) {
    const Member& cause = bad != members.end() ? *bad : *nan;
    const std::string incomplete = "the counts of " + target + " at " + format_utc(at) + " are incomplete: " +
                                   where(cause) + (bad != members.end() ? " was rejected" : " is NaN");
    for (const Member& m : members) {
      if (m.value.status == CountValue::Status::Missing) ++acc.missing;
      else if (m.value.status == CountValue::Status::Rejected)
        acc.reject_with(input.source, m.value.record, [&] { return where(m) + ": " + m.value.reason; });
      else acc.reject_with(input.source, m.value.record, [&] { return where(m) + ": " + incomplete; });
    }
    return;
  }
  uint64_t ok = 0, total = 0;
  bool has_ok = false, has_total = false, overflow = false;
  for (const Member& m : members) {
    uint64_t& sum = m.ok ? ok : total;
    (m.ok ? has_ok : has_total) = true;
    overflow = overflow || __builtin_add_overflow(sum, m.value.count, &sum);
  }
  const std::string when = " at " + format_utc(at) + " for target " + target;
  if (!has_total) return reject_all([&] { return "ok without a total" + when + " (no slaudit_count=\"total\" value)"; });
  if (!has_ok) return reject_all([&] { return "total without an ok" + when + " (no slaudit_count=\"ok\" value)"; });
  if (overflow) return reject_all([&] { return "the summed counts" + when + " are past 2^64"; });
  if (ok > total)
    return reject_all([&] { return "ok " + std::to_string(ok) + " > total " + std::to_string(total) + when; });
  if (total == 0) {
    acc.missing += members.size();
    ++zero_groups_;
    zero_values_ += members.size();
    return;
  }
  ProbeSample sample;
  sample.at = at;
  sample.target = key.second;
  sample.kind = SampleKind::Counts;
  sample.source = input.source;
  sample.record = std::min_element(members.begin(), members.end(), [](const Member& a, const Member& b) {
                    return a.value.record < b.value.record;
                  })->value.record;
  sample.ok = ok;
  sample.total = total;
  acc.used += members.size();
  acc.used_merged += members.size() - 1;
  input.sink->add(sample);
}

}  // namespace slaudit::probe
