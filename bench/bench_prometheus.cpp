// Benchmark (issue 19): what an audit reads when Prometheus reduced the probe
// samples to per-target, per-bucket figures (`slaudit prometheus-rules`),
// against reading the raw samples as CSV. For each size it generates the raw
// probe file (bench/gen/probe_generator.h: one sample a minute per target, no
// duplicate or late rows, so a TSDB would hold the same samples), computes
// the figures the rules record, serves them from a local HTTP server exactly as
// Prometheus' /api/v1/query_range formats them, and then, in this process with
// the same clock, audits the same month both ways:
//   raw CSV     slaudit audit --probes FILE          bytes = the file
//   recorded    slaudit audit --prometheus URL       bytes = every response body
// and prints bytes, their ratio (the reduction factor), wall time, the
// speed-up, and whether the figures (buckets, bad buckets, money) are equal.
// The recorded audit is timed replaying the responses it fetched (saved with
// --save-fetched, read with --prometheus-replay): slaudit's own cost, without
// the stand-in server's formatting, which runs in this process; the time
// over HTTP is printed too.
// What it does not measure: the server's own cost of evaluating the rules
// and answering (a real Prometheus is in the live test, tests/cli/).
//   build/bench/bench_prometheus                          # 1,000 targets x 30 days, buckets 1 and 5 min
//   build/bench/bench_prometheus --targets 10000 --buckets 5,60
//   build/bench/bench_prometheus --targets 200 --days 7   # a quick look
#include <sys/stat.h>

#include <filesystem>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/gen/probe_generator.h"
#include "engine/audit/probe/recording_plan.h"
#include "jobs/audit_job.h"
#include "tests/support/fake_http_server.h"

namespace {

using slaudit::bench::ProbeGenOptions;
constexpr int64_t kStart = 1793491200;  // 2026-11-01T00:00:00Z, the generator's default

std::string contract(int bucket_minutes) {
  return R"(contract "probe benchmark" {
  effective 2026-01-01 to 2026-12-31; timezone "UTC"; currency USD;
  service api { fee 10000.00 per month; }
  availability api {
    target 99.9%;
    period calendar month;
    unavailable from probes {
      bucket )" + std::to_string(bucket_minutes) + R"( min;
      bad when success ratio < 95%;
      at least 5 consecutive bad buckets;
      targets at least 10%;
    }
    missing data counts as excluded;
    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }
  }
}
)";
}

// Per target and minute: ok and total of the raw sample, 0xFFFF when none.
struct Minutes {
  uint32_t targets = 0, minutes = 0;
  std::vector<uint16_t> ok, total;  // [target * minutes + minute]
};

Minutes read_minutes(const std::string& csv, uint32_t targets, uint32_t minutes) {
  Minutes m{targets, minutes, std::vector<uint16_t>(size_t(targets) * minutes, 0xFFFF),
            std::vector<uint16_t>(size_t(targets) * minutes, 0xFFFF)};
  FILE* f = std::fopen(csv.c_str(), "r");
  char line[256];
  std::fgets(line, sizeof line, f);  // header
  while (std::fgets(line, sizeof line, f)) {
    // "<ts>,probe-<n>,<ok>,<total>": read with from_chars (sscanf took 6 of the 8 minutes at 10,000 targets).
    long long ts = 0;
    unsigned target = 0, ok = 0, total = 0;
    const char* end = line + std::strlen(line);
    auto r = std::from_chars(line, end, ts);
    if (r.ec != std::errc() || std::strncmp(r.ptr, ",probe-", 7) != 0) continue;
    r = std::from_chars(r.ptr + 7, end, target);
    if (r.ec != std::errc() || *r.ptr != ',') continue;
    r = std::from_chars(r.ptr + 1, end, ok);
    if (r.ec != std::errc() || *r.ptr != ',') continue;
    r = std::from_chars(r.ptr + 1, end, total);
    if (r.ec != std::errc()) continue;
    const long long minute = (ts - kStart) / 60;
    if (minute < 0 || minute >= minutes || target >= targets) continue;
    m.ok[size_t(target) * minutes + size_t(minute)] = uint16_t(ok);
    m.total[size_t(target) * minutes + size_t(minute)] = uint16_t(total);
  }
  std::fclose(f);
  return m;
}

// The answers of a Prometheus holding the recorded series of `bucket_minutes`.
class Recorded {
 public:
  Recorded(const Minutes& m, int bucket_minutes) : m_(m), b_(bucket_minutes) {}

  slaudit::testing::FakeResponse answer(const slaudit::testing::FakeRequest& r) const {
    slaudit::testing::FakeResponse out;
    const std::string labels = "\"slaudit_bucket\":\"" + std::to_string(b_ * 60) +
                               "\",\"slaudit_contract\":\"probe benchmark\",\"slaudit_service\":\"api\",\"slaudit_shift\":\"" +
                               std::to_string(b_ * 60) + "\"";
    if (r.target.starts_with("/api/v1/series")) {
      out.body = "{\"status\":\"success\",\"data\":[{\"__name__\":\"slaudit:probe_evaluated:bucket\"," + labels + "}";
      for (uint32_t t = 0; t < m_.targets; ++t)
        out.body += ",{\"__name__\":\"slaudit:probe_total:bucket\",\"instance\":\"" + slaudit::bench::probe_target_name(t) +
                    "\"," + labels + "}";
      out.body += "]}";
      return out;
    }
    const std::string query = slaudit::testing::query_value(r.target, "query");
    const int64_t start = std::llround(std::stod(slaudit::testing::query_value(r.target, "start")) * 1000);
    const int64_t end = std::llround(std::stod(slaudit::testing::query_value(r.target, "end")) * 1000);
    const bool evaluated = query.find("evaluated") != std::string::npos, ok = query.find("probe_ok") != std::string::npos;
    const slaudit::Seconds bucket{b_ * 60};
    std::string& o = out.body;
    o = "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[";
    const uint32_t series = evaluated ? 1 : m_.targets;
    char num[64];
    for (uint32_t t = 0; t < series; ++t) {
      o += std::string(t ? "," : "") + "{\"metric\":{" +
           (evaluated ? "" : "\"instance\":\"" + slaudit::bench::probe_target_name(t) + "\",") + labels + "},\"values\":[";
      bool first = true;
      for (int64_t ms = start; ms <= end; ms += b_ * 60000) {
        const int64_t from = (slaudit::probe::bucket_of_query_ms(ms, bucket, bucket).time_since_epoch().count() - kStart) / 60;
        uint32_t sum = 0, any = 0;
        for (int64_t k = from; k < from + b_ && k < int64_t(m_.minutes); ++k) {
          const size_t i = size_t(t) * m_.minutes + size_t(k);
          if (m_.total[i] == 0xFFFF) continue;
          ++any;
          sum += ok ? m_.ok[i] : m_.total[i];
        }
        if (!evaluated && any == 0) continue;
        std::snprintf(num, sizeof num, "%s[%lld.%03lld,\"%u\"]", first ? "" : ",", (long long)(ms / 1000),
                      (long long)(ms % 1000), evaluated ? 1u : sum);
        o += num;
        first = false;
      }
      o += "]}";
    }
    o += "]}}";
    return out;
  }

 private:
  const Minutes& m_;
  int b_;
};

struct Measured {
  double seconds = 0;
  uint64_t bytes = 0;
  size_t requests = 0;
  int exit = 0;
  std::string figures;  // buckets, bad buckets, down buckets, owed
};

// `url` empty: from the CSV; `replay`: from responses saved in that folder.
Measured audit(const std::string& contract_path, const std::string& csv, const std::string& url,
               const std::string& save = "", const std::string& replay = "") {
  slaudit::jobs::AuditJobOptions o;
  o.contract = contract_path;
  o.period = "2026-11";
  o.record_findings = false;
  o.record_timeline = false;
  if (!replay.empty()) o.prometheus.replay_dir = replay;
  else if (url.empty()) o.probes = {csv};
  else o.prometheus.url = url;
  o.prometheus.save_dir = save;
  const auto t0 = std::chrono::steady_clock::now();
  const auto job = slaudit::jobs::run_audit_job(o);
  Measured m;
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  m.exit = job.exit_code;
  m.bytes = job.prometheus_bytes;
  m.requests = job.prometheus_requests;
  if (job.report)
    for (const auto& p : job.report->periods)
      if (p.probe)
        m.figures = std::to_string(p.probe->buckets) + " buckets, " + std::to_string(p.probe->bad_buckets) + " bad, " +
                    std::to_string(p.probe->down_buckets) + " down, " + std::to_string(p.probe->target_buckets_missing) +
                    " target-buckets missing, owed " + std::to_string(p.owed_minor);
  for (const auto& line : job.messages)
    if (line.find("error") != std::string::npos) std::fprintf(stderr, "  %s\n", line.c_str());
  return m;
}

}  // namespace

// A whole number in [low, high]; nullopt for anything else ("", "12x", "-1").
std::optional<uint32_t> whole_arg(std::string_view text, uint32_t low, uint32_t high) {
  uint32_t n = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || ptr != text.data() + text.size() || n < low || n > high) return std::nullopt;
  return n;
}

int usage() {
  std::fprintf(stderr,
               "usage: bench_prometheus [--targets N] [--days D] [--buckets 1,5,60] [--dir DIR]\n"
               "N: 1 to 100000 targets; D: 1 to 30 days; buckets: minutes, 1 to 1440 each\n");
  return 2;
}

int main(int argc, char** argv) {
  uint32_t targets = 1000, days = 30;
  std::vector<int> buckets = {1, 5};
  std::string dir = "/tmp/slaudit-bench";
  if (argc % 2 == 0) return usage();  // a flag without its value
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    std::optional<uint32_t> n;
    if (a == "--targets" && (n = whole_arg(v, 1, 100'000))) targets = *n;
    else if (a == "--days" && (n = whole_arg(v, 1, 30))) days = *n;
    else if (a == "--dir") dir = v;
    else if (a == "--buckets") {
      buckets.clear();
      for (size_t at = 0; at <= v.size();) {
        const size_t end = std::min(v.find(',', at), v.size());
        const auto minutes = whole_arg(std::string_view(v).substr(at, end - at), 1, 1440);
        if (!minutes) return usage();
        buckets.push_back(static_cast<int>(*minutes));
        at = end + 1;
      }
    } else {
      return usage();
    }
  }
  if (days != 30) std::fprintf(stderr, "note: the audited period is November 2026; with --days %u the rest is missing data\n", days);
  ::mkdir(dir.c_str(), 0755);
  const std::string csv = dir + "/prometheus-n" + std::to_string(targets) + "-d" + std::to_string(days) + ".csv";
  ProbeGenOptions g;
  g.targets = targets;
  g.minutes = days * 1440;
  g.anomalies = false;  // a TSDB holds no duplicate and no late sample
  struct stat st{};
  if (::stat(csv.c_str(), &st) != 0) {
    std::fprintf(stderr, "generating %s ...\n", csv.c_str());
    FILE* f = std::fopen((csv + ".tmp").c_str(), "wb");
    slaudit::bench::generate_probes(g, [&](std::string_view c) { std::fwrite(c.data(), 1, c.size(), f); });
    std::fclose(f);
    std::rename((csv + ".tmp").c_str(), csv.c_str());
    ::stat(csv.c_str(), &st);
  }
  std::fprintf(stderr, "reading the minutes back to compute the recorded figures ...\n");
  const Minutes minutes = read_minutes(csv, targets, days * 1440);
  std::printf("%u targets x %u days, one sample a minute per target; raw CSV %.1f MB\n", targets, days, st.st_size / 1e6);
  std::printf("%-8s %-10s %14s %10s %10s %9s %8s  %s\n", "bucket", "input", "bytes", "reduction", "requests", "time s",
              "speed-up", "figures");
  for (int b : buckets) {
    const std::string contract_path = dir + "/prometheus-bench-" + std::to_string(b) + "min.sla";
    if (FILE* f = std::fopen(contract_path.c_str(), "w")) {
      std::fputs(contract(b).c_str(), f);
      std::fclose(f);
    }
    const Measured raw = audit(contract_path, csv, "");
    const Recorded recorded(minutes, b);
    const std::string saved = dir + "/prometheus-fetched-" + std::to_string(targets) + "-" + std::to_string(b);
    std::filesystem::remove_all(saved);
    Measured served;
    {
      slaudit::testing::FakeHttpServer server([&](const slaudit::testing::FakeRequest& r) { return recorded.answer(r); });
      served = audit(contract_path, csv, server.url(), saved);
    }
    // slaudit's own cost of reading the recorded figures: the same responses, from disk (page cache warm).
    Measured rec = audit(contract_path, csv, "", "", saved);
    rec.requests = served.requests;
    std::filesystem::remove_all(saved);
    std::printf("%-8s %-10s %14llu %10s %10s %9.2f %8s  %s\n", (std::to_string(b) + " min").c_str(), "raw CSV",
                (unsigned long long)st.st_size, "1", "-", raw.seconds, "1", raw.figures.c_str());
    char ratio[32], speed[32];
    std::snprintf(ratio, sizeof ratio, "%.1fx", double(st.st_size) / double(std::max<uint64_t>(1, rec.bytes)));
    std::snprintf(speed, sizeof speed, "%.1fx", raw.seconds / std::max(1e-9, rec.seconds));
    std::printf("%-8s %-10s %14llu %10s %10zu %9.2f %8s  %s\n", "", "recorded", (unsigned long long)rec.bytes, ratio,
                rec.requests, rec.seconds, speed, rec.figures.c_str());
    std::printf("%-8s (over HTTP from the local stand-in server, which formats the JSON in this process: %.2f s)\n", "",
                served.seconds);
    std::printf("%-8s figures equal: %s (exit %d, %d and %d)\n", "",
                raw.figures == rec.figures && raw.figures == served.figures ? "yes" : "NO", raw.exit, served.exit, rec.exit);
  }
  return 0;
}
