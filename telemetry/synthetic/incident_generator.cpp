#include "telemetry/synthetic/incident_generator.h"

#include <algorithm>
#include <cstdio>

#include "base/time/timestamp.h"

namespace slaudit::generate {

namespace {

// splitmix64: small, fast, and the same sequence on every platform.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int64_t below(int64_t n) { return n <= 0 ? 0 : static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }
  int64_t between(int64_t lo, int64_t hi) { return lo + below(hi - lo + 1); }  // inclusive

 private:
  uint64_t state_;
};

// How each class of fault behaves: seconds to detect and to recover (uniform in
// the ranges), and how many GPUs it takes down (one node = 8 GPUs).
struct FaultBehaviour {
  const char* fault;
  int64_t detect_min, detect_max, recover_min, recover_max;
  int64_t gpus_min, gpus_max;
};

// Recovery paths differ by class (the article's question 2): a GPU reset is
// quick, a cable or optical module needs hands in the data centre.
const FaultBehaviour kBehaviours[] = {
    {"gpu_xid", 30, 300, 600, 2400, 8, 8},         {"gpu_hbm", 30, 300, 900, 3600, 8, 8},
    {"software", 60, 600, 300, 1800, 8, 64},       {"network", 60, 900, 1200, 7200, 64, 512},
    {"node_down", 30, 180, 600, 1800, 8, 8},       {"gpu_sram", 30, 300, 900, 3600, 8, 8},
    {"gpu_gsp", 30, 300, 600, 2400, 8, 8},         {"nic_failure", 60, 600, 1200, 3600, 8, 16},
    {"nccl_timeout", 300, 1800, 300, 1200, 8, 512}, {"silent_data_corruption", 3600, 86400, 1800, 7200, 8, 8},
    {"gpu_thermal", 60, 600, 1200, 3600, 8, 8},    {"storage", 60, 600, 1800, 7200, 8, 128},
    {"power_supply", 30, 120, 1800, 7200, 8, 8},   {"chassis", 30, 120, 3600, 14400, 8, 8},
    {"io_board", 30, 120, 3600, 14400, 8, 8},      {"dependency", 300, 1800, 600, 3600, 8, 64},
    {"cpu", 30, 300, 1800, 7200, 8, 8},            {"system_memory", 30, 300, 1800, 7200, 8, 8},
};

const FaultBehaviour& behaviour(const std::string& fault) {
  for (const FaultBehaviour& b : kBehaviours)
    if (fault == b.fault) return b;
  return kBehaviours[0];
}

const char* draw_fault(Random& rnd) {
  const auto& mix = llama3_fault_mix();
  int64_t total = 0;
  for (const FaultShare& s : mix) total += s.count;
  int64_t r = rnd.below(total);
  for (const FaultShare& s : mix) {
    if (r < s.count) return s.fault;
    r -= s.count;
  }
  return mix.front().fault;
}

struct Event {
  Instant start;
  std::string json_tail;  // everything after the id
};

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

std::string ts(Instant at) { return quoted(format_utc(at)); }

Event unexpected_incident(const IncidentLogOptions& o, Random& rnd, Instant start, bool open) {
  const std::string fault = draw_fault(rnd);
  const FaultBehaviour& b = behaviour(fault);
  const Instant detected = start + Seconds(rnd.between(b.detect_min, b.detect_max));
  const Instant recovered = detected + Seconds(rnd.between(b.recover_min, b.recover_max));
  const int64_t gpus = std::min(o.gpus, std::max<int64_t>(8, rnd.between(b.gpus_min, b.gpus_max) / 8 * 8));
  const int64_t cause_roll = rnd.below(100);
  const char* cause = cause_roll < 3 ? "customer" : cause_roll < 4 ? "third_party" : "provider";
  std::string tail = ",\"service\":" + quoted(o.service) + ",\"fault\":" + quoted(fault) +
                     ",\"cause\":" + quoted(cause) + ",\"start\":" + ts(start);
  if (!open) tail += ",\"end\":" + ts(recovered) + ",\"detected\":" + ts(detected) + ",\"recovered\":" + ts(recovered);
  else tail += ",\"detected\":" + ts(detected);
  tail += ",\"scope\":{\"cluster\":" + quoted(o.cluster) + ",\"affected\":{\"gpus\":" + std::to_string(gpus) + "}}}";
  return {start, tail};
}

Event maintenance_incident(const IncidentLogOptions& o, Random& rnd, Instant start) {
  const bool short_notice = rnd.below(100) < o.short_notice_percent;
  const Instant notice = start - Seconds(short_notice ? 24 * 3600 : rnd.between(72, 240) * 3600);
  const Instant end = start + Seconds(rnd.between(1, 4) * 3600);
  std::string tail = ",\"service\":" + quoted(o.service) + ",\"cause\":\"maintenance\",\"start\":" + ts(start) +
                     ",\"end\":" + ts(end) + ",\"notice\":" + ts(notice) + ",\"scope\":{\"cluster\":" +
                     quoted(o.cluster) + ",\"affected\":1}}";
  return {start, tail};
}

}  // namespace

std::vector<std::string> generate_incident_log(const IncidentLogOptions& o) {
  Random rnd(o.seed);
  const int64_t span = (o.to - o.from).count();
  std::vector<std::string> lines;
  if (span <= 0) return lines;
  const int64_t month = 30 * 86400;
  // Counts scale with the span, rounded half up.
  const int64_t unexpected =
      o.unexpected_count.value_or((o.unexpected_per_30_days * span * 2 + month) / (2 * month));
  const int64_t planned = o.maintenance_count.value_or((o.maintenance_per_30_days * span * 2 + month) / (2 * month));
  std::vector<Event> events;
  events.reserve(static_cast<size_t>(unexpected + planned));
  std::vector<Instant> starts;
  for (int64_t i = 0; i < unexpected; ++i) starts.push_back(o.from + Seconds(rnd.below(span)));
  std::sort(starts.begin(), starts.end());
  for (size_t i = 0; i < starts.size(); ++i)
    events.push_back(unexpected_incident(o, rnd, starts[i], o.leave_last_open && i + 1 == starts.size()));
  // Maintenance at night (02:00 UTC on a random day of the span), never before `from`.
  for (int64_t i = 0; i < planned; ++i) {
    const int64_t day = rnd.below(std::max<int64_t>(span / 86400, 1));
    const Instant start = o.from + Seconds(day * 86400 + 2 * 3600);
    if (start < o.to) events.push_back(maintenance_incident(o, rnd, start));
  }
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.start < b.start; });
  lines.reserve(events.size());
  char id[32];
  for (size_t i = 0; i < events.size(); ++i) {
    std::snprintf(id, sizeof id, "gen-%06zu", i + 1);
    lines.push_back("{\"id\":\"" + std::string(id) + "\"" + events[i].json_tail);
  }
  return lines;
}

}  // namespace slaudit::generate
