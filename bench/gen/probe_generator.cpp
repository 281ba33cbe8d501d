#include "bench/gen/probe_generator.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <vector>

namespace slaudit::bench {
namespace {

// splitmix64: small, fast, and the same sequence on every platform.
struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(next() % n); }
  bool one_in(uint32_t n) { return below(n) == 0; }
};

struct Span {
  uint32_t begin, end;  // minutes [begin, end)
};

// A target's outages and gaps, sorted, walked with a cursor as minutes pass.
struct Schedule {
  std::vector<Span> spans;
  size_t next = 0;
  bool in(uint32_t minute) {
    while (next < spans.size() && spans[next].end <= minute) ++next;
    for (size_t k = next; k < spans.size() && spans[k].begin <= minute; ++k)
      if (minute < spans[k].end) return true;
    return false;
  }
};

void add_span(std::vector<Span>& spans, uint32_t begin, uint32_t length, uint32_t minutes) {
  if (begin >= minutes) return;
  spans.push_back({begin, std::min(begin + length, minutes)});
}

void add_random(std::vector<Span>& spans, Rng& rng, uint32_t count, uint32_t min_len, uint32_t max_len, uint32_t minutes) {
  for (uint32_t k = 0; k < count; ++k) {
    const uint32_t length = min_len + rng.below(max_len - min_len + 1);
    add_span(spans, rng.below(minutes), length, minutes);
  }
}

void sort_spans(std::vector<Span>& spans) {
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
}

// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
void civil(int64_t days, int& y, unsigned& m, unsigned& d) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(days - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<int>(yoe + era * 400 + (m <= 2));
}

std::string format_time(int64_t t, ProbeGenOptions::Clock clock) {
  if (clock == ProbeGenOptions::Clock::Unix) return std::to_string(t);
  const int64_t days = (t >= 0 ? t : t - 86399) / 86400;
  const int64_t sod = t - days * 86400;
  int y;
  unsigned m, d;
  civil(days, y, m, d);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02dZ", y, m, d, int(sod / 3600), int(sod / 60 % 60),
                int(sod % 60));
  return buf;
}

struct LateRow {
  uint32_t release;  // minute before whose rows it is written
  std::string text;
};

}  // namespace

std::string probe_target_name(uint32_t i) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "probe-%05u", i);
  return buf;
}

ProbeGenStats generate_probes(const ProbeGenOptions& o, const std::function<void(std::string_view)>& write) {
  ProbeGenStats stats;
  const uint32_t minutes = o.minutes;
  // Fleet-wide events, at fixed times so that every seed has them.
  std::vector<Span> fleet_outages, fleet_gaps;
  add_span(fleet_outages, 9 * 1440 + 14 * 60, 12, minutes);
  add_span(fleet_outages, 20 * 1440 + 14 * 60, 3, minutes);
  add_span(fleet_gaps, 15 * 1440 + 3 * 60, 8, minutes);
  std::vector<Schedule> outages(o.targets), gaps(o.targets);
  std::vector<std::string> names(o.targets);
  for (uint32_t t = 0; t < o.targets; ++t) {
    Rng rng{o.seed * 0x100000001B3ULL + t};
    // Scaled to the period: a 30-day month gets 2-4 short and 0-2 long outages.
    const uint32_t months_x10 = std::max<uint32_t>(1, minutes * 10 / (30 * 1440));
    add_random(outages[t].spans, rng, (2 + rng.below(3)) * months_x10 / 10 + 1, 1, 4, minutes);
    add_random(outages[t].spans, rng, rng.below(3) * months_x10 / 10, 6, 60, minutes);
    outages[t].spans.insert(outages[t].spans.end(), fleet_outages.begin(), fleet_outages.end());
    add_random(gaps[t].spans, rng, rng.below(3) * months_x10 / 10, 2, 20, minutes);
    gaps[t].spans.insert(gaps[t].spans.end(), fleet_gaps.begin(), fleet_gaps.end());
    sort_spans(outages[t].spans);
    sort_spans(gaps[t].spans);
    names[t] = probe_target_name(t);
  }

  const bool counts = o.schema == ProbeGenOptions::Schema::Counts;
  std::string out;
  out.reserve((1 << 20) + 4096);
  auto flush = [&](bool force) {
    if (out.size() >= (1 << 20) || (force && !out.empty())) {
      stats.bytes += out.size();
      write(out);
      out.clear();
    }
  };
  out += counts ? "timestamp,target,ok,total\n" : "timestamp,target,success\n";
  Rng rng{o.seed ^ 0xD1B54A32D192ED03ULL};
  std::vector<LateRow> late;
  std::string row;
  for (uint32_t m = 0; m < minutes; ++m) {
    const std::string when = format_time(o.start + int64_t(m) * 60, o.clock);
    // Rows held back two minutes ago come first: they are now out of order.
    for (auto it = late.begin(); it != late.end();) {
      if (it->release <= m) {
        out += it->text;
        it = late.erase(it);
      } else {
        ++it;
      }
    }
    for (uint32_t t = 0; t < o.targets; ++t) {
      const bool down = outages[t].in(m);
      if (gaps[t].in(m)) {
        ++stats.gap_rows;
        continue;
      }
      stats.outage_rows += down;
      row.assign(when);
      row += ',';
      row += names[t];
      row += ',';
      if (counts) {
        const uint32_t total = 60 + rng.below(81);
        uint32_t ok = total;
        if (down) ok = rng.below(total / 2 + 1);
        else if (rng.one_in(20)) ok = total - 1 - rng.below(2);
        char num[16];
        row.append(num, std::to_chars(num, num + sizeof num, ok).ptr);
        row += ',';
        row.append(num, std::to_chars(num, num + sizeof num, total).ptr);
      } else {
        const bool good = down ? rng.one_in(10) : !rng.one_in(500);
        row += good ? '1' : '0';
      }
      row += '\n';
      const std::string_view text(row);
      ++stats.rows;
      if (o.anomalies && rng.one_in(20000)) {
        ++stats.late_rows;
        late.push_back({m + 2, std::string(text)});
        continue;
      }
      out.append(text);
      if (o.anomalies && rng.one_in(20000)) {
        ++stats.duplicate_rows;
        ++stats.rows;
        out.append(text);
      }
      flush(false);
    }
  }
  for (const LateRow& r : late) out += r.text;  // held past the end: written last
  flush(true);
  return stats;
}

}  // namespace slaudit::bench
