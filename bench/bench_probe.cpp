// Benchmark: probe telemetry at scale (issue 4). Generates (or reuses) probe
// CSV files of one target count at two lengths, then measures side by side,
// each in its own child process and with the same clock:
//   wc -l                 on the same file, from the page cache (warmed first)
//   probe reader          the CSV reader into a sink that only counts
//   whole audit           `slaudit audit CONTRACT --probes FILE --period ...`: a batch, so
//                         the generator's late rows make it read the file again
//                         through the external sort (issue 14)
//   one pass (--live)     the same audit reading once, late rows lost: the sort's cost
//   rows shuffled         the same rows in a shuffled order (shuf, fixed random
//                         source): figures must be identical, time shows the sort
// and prints rows/s, MB/s, the ratio of each throughput to wc -l's and each
// child's peak RSS (wait4). Asserts nothing; the machine is shared, so run it
// more than once (--runs N reports the median of N).
//   build/bench/bench_probe                       # 1,000 targets: 7 days and 30 days
//   build/bench/bench_probe --targets 1000 --days 30 --small-days 7 --runs 3
//   build/bench/bench_probe --schema success --clock iso
//   build/bench/bench_probe --big                 # also 10,000 targets x 30 days, piped (no file)
//   build/bench/bench_probe --big-only            # only that
// Files are cached in --dir (default /tmp/slaudit-bench), named by their options.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/gen/probe_generator.h"
#include "telemetry/probe/probe_input.h"

using slaudit::bench::ProbeGenOptions;

namespace {

// The audited clause: per-minute buckets, bad under 95% success, a downtime
// run of 5 minutes or more, the service down when at least 10% of the targets
// are bad (so fleet-wide outages count and single-target ones do not), every
// target of the input (no target items), missing data excluded.
const char* kContract = R"SLA(contract "probe benchmark" {
  effective 2026-01-01 to 2026-12-31; timezone "UTC"; currency USD;
  service api { fee 10000.00 per month; }
  availability api {
    target 99.9%;
    period calendar month;
    unavailable from probes {
      bucket 1 min;
      bad when success ratio < 95%;
      at least 5 consecutive bad buckets;
      targets at least 10%;
    }
    missing data counts as excluded;
    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; }
  }
}
)SLA";

struct Options {
  ProbeGenOptions gen;
  uint32_t days = 30, small_days = 7;
  std::string dir = "/tmp/slaudit-bench";
  int runs = 1;
  bool big = false, big_only = false;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr,
               "bench_probe: %s\nusage: bench_probe [--targets N] [--days D] [--small-days D] [--seed S]\n"
               "                   [--schema counts|success] [--clock unix|iso] [--dir DIR] [--runs N] [--big | --big-only]\n",
               why.c_str());
  std::exit(2);
}

std::string self_dir() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return ".";
  std::string path(buf, size_t(n));
  return path.substr(0, path.rfind('/'));
}

std::string file_for(const Options& o, uint32_t days) {
  ProbeGenOptions g = o.gen;
  return o.dir + "/probes-n" + std::to_string(g.targets) + "-d" + std::to_string(days) + "-s" + std::to_string(g.seed) +
         (g.schema == ProbeGenOptions::Schema::Counts ? "-counts" : "-success") +
         (g.clock == ProbeGenOptions::Clock::Unix ? "-unix" : "-iso") + ".csv";
}

// Generates the file unless a complete one is there (written to a temporary
// name and renamed, so an interrupted run leaves no half file behind).
uint64_t ensure_file(const Options& o, uint32_t days, const std::string& path) {
  struct stat st{};
  const std::string rows_path = path + ".rows";
  if (::stat(path.c_str(), &st) == 0) {
    if (FILE* f = std::fopen(rows_path.c_str(), "r")) {
      unsigned long long rows = 0;
      const bool ok = std::fscanf(f, "%llu", &rows) == 1;
      std::fclose(f);
      if (ok) return rows;
    }
  }
  ::mkdir(o.dir.c_str(), 0755);
  ProbeGenOptions g = o.gen;
  g.minutes = days * 1440;
  const std::string tmp = path + ".tmp";
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) usage("cannot write " + tmp);
  std::fprintf(stderr, "generating %s ...\n", path.c_str());
  const auto t0 = std::chrono::steady_clock::now();
  const auto stats = slaudit::bench::generate_probes(g, [&](std::string_view c) { std::fwrite(c.data(), 1, c.size(), f); });
  if (std::fclose(f) != 0) usage("write error on " + tmp);
  std::rename(tmp.c_str(), path.c_str());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "  %llu rows (%llu duplicates, %llu late, %llu target-minutes in gaps), %.0f MB in %.1f s\n",
               (unsigned long long)stats.rows, (unsigned long long)stats.duplicate_rows,
               (unsigned long long)stats.late_rows, (unsigned long long)stats.gap_rows, stats.bytes / 1e6, secs);
  if (FILE* r = std::fopen(rows_path.c_str(), "w")) {
    std::fprintf(r, "%llu\n", (unsigned long long)stats.rows);
    std::fclose(r);
  }
  return stats.rows;
}

struct Run {
  double seconds = 0;
  double cpu_seconds = 0;  // user + system: less sensitive than wall time to other load
  long max_rss_kib = 0;
  int status = 0;
  std::string out;  // the child's standard output
};

// Runs argv in a child, stdout captured, stdin from `stdin_fd` (or /dev/null),
// and times it from fork to exit with the steady clock.
Run run_child(const std::vector<std::string>& args, int stdin_fd = -1) {
  int pipefd[2];
  if (::pipe(pipefd) != 0) usage("pipe failed");
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(pipefd[1], 1);
    ::close(pipefd[0]);
    ::close(pipefd[1]);
    if (stdin_fd >= 0) ::dup2(stdin_fd, 0);
    else if (const int null_fd = ::open("/dev/null", O_RDONLY); null_fd >= 0) ::dup2(null_fd, 0);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    std::fprintf(stderr, "bench_probe: cannot run %s: %s\n", argv[0], std::strerror(errno));
    ::_exit(127);
  }
  ::close(pipefd[1]);
  Run run;
  char buf[4096];
  for (ssize_t n; (n = ::read(pipefd[0], buf, sizeof buf)) > 0;) run.out.append(buf, size_t(n));
  ::close(pipefd[0]);
  struct rusage usage{};
  ::wait4(pid, &run.status, 0, &usage);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  run.max_rss_kib = usage.ru_maxrss;
  run.cpu_seconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  return run;
}

Run median(std::vector<Run> runs) {
  std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
  return runs[runs.size() / 2];
}

struct CountingSink : slaudit::probe::ProbeSink {
  uint64_t samples = 0, ok = 0;
  void add(const slaudit::probe::ProbeSample& s) override {
    ++samples;
    ok += s.ok;
  }
};

// Child mode: read the file with the probe reader into a counting sink.
int child_read(const std::string& path) {
  slaudit::probe::ProbeTargets targets;
  slaudit::probe::ProbeAccounting accounting;
  CountingSink sink;
  const std::string error = slaudit::probe::read_probe_inputs({path}, targets, sink, accounting);
  if (!error.empty()) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  std::printf("read %llu used %llu rejected %llu targets %zu\n", (unsigned long long)accounting.read,
              (unsigned long long)accounting.used, (unsigned long long)accounting.rejected, targets.size());
  return 0;
}

void print_row(const char* what, const Run& r, uint64_t rows, uint64_t bytes, double wc_seconds) {
  const bool ok = WIFEXITED(r.status) && (WEXITSTATUS(r.status) == 0 || WEXITSTATUS(r.status) == 3);
  std::printf("  %-24s %7.2f s (cpu %6.2f s) %7.2f M rows/s %6.0f MB/s  %6.3f x wc -l  peak RSS %7.1f MiB%s\n", what,
              r.seconds, r.cpu_seconds, rows / r.seconds / 1e6, bytes / r.seconds / 1e6, wc_seconds / r.seconds,
              r.max_rss_kib / 1024.0, ok ? "" : "   FAILED");
}

struct SizeResult {
  uint32_t days;
  uint64_t rows, bytes;
  Run wc, reader, audit, live, shuffled;
};

// The file's rows (not its header) in a fixed shuffled order, made once: `shuf`
// with the file itself as its random source, so every run shuffles alike.
std::string ensure_shuffled(const std::string& path) {
  const std::string out = path + ".shuffled";
  struct stat st{};
  if (::stat(out.c_str(), &st) == 0) return out;
  std::fprintf(stderr, "shuffling %s ...\n", path.c_str());
  const std::string command = "(head -n 1 '" + path + "' && tail -n +2 '" + path + "' | shuf --random-source='" +
                              path + "') > '" + out + ".tmp' && mv '" + out + ".tmp' '" + out + "'";
  if (std::system(command.c_str()) != 0) usage("cannot shuffle " + path);
  return out;
}

// The figures part of a report: everything before the inputs, but the lines naming an input file.
std::string figures_of(const std::string& report) {
  std::string out;
  size_t start = 0;
  while (start < report.size()) {
    size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    const std::string line = report.substr(start, end - start);
    if (line == "Inputs") break;  // the inputs' names and digests differ by construction
    if (line.find(".csv") == std::string::npos) out += line + "\n";
    start = end + 1;
  }
  return out;
}

std::string write_contract(const Options& o) {
  ::mkdir(o.dir.c_str(), 0755);
  const std::string path = o.dir + "/probe-bench.sla";
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) usage("cannot write " + path);
  std::fputs(kContract, f);
  std::fclose(f);
  return path;
}

// The month the generated files start in (2026-11 for the default start).
std::string period_of(const Options& o) {
  const int64_t days = o.gen.start / 86400;
  // Days to civil month (Howard Hinnant's algorithm), enough for YYYY-MM.
  const int64_t z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = unsigned(z - era * 146097), yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  const int64_t y = int64_t(yoe) + era * 400 + (m <= 2);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04lld-%02u", (long long)y, m);
  return buf;
}

// The first lines of the audit's text report that carry figures.
std::string summary_of(const std::string& report) {
  std::string out;
  size_t start = 0;
  int kept = 0;
  while (start < report.size() && kept < 12) {
    size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    const std::string line = report.substr(start, end - start);
    if (line.find("2026-") != std::string::npos || line.find("bucket") != std::string::npos ||
        line.find("rows") != std::string::npos || line.find("credit") != std::string::npos ||
        line.find("samples") != std::string::npos) {
      out += "    | " + line + "\n";
      ++kept;
    }
    start = end + 1;
  }
  return out;
}

SizeResult measure(const Options& o, uint32_t days) {
  SizeResult res;
  res.days = days;
  const std::string path = file_for(o, days);
  res.rows = ensure_file(o, days, path);
  struct stat st{};
  ::stat(path.c_str(), &st);
  res.bytes = uint64_t(st.st_size);
  const std::string self = self_dir() + "/bench_probe";
  const std::string slaudit = self_dir() + "/slaudit";
  const std::string contract = write_contract(o);
  run_child({"wc", "-l", path});  // warms the page cache; not timed
  const std::string shuffled = ensure_shuffled(path);
  std::vector<Run> wc, reader, audit, live, mixed;
  for (int k = 0; k < o.runs; ++k) {
    wc.push_back(run_child({"wc", "-l", path}));
    reader.push_back(run_child({self, "--child-read", path}));
    audit.push_back(run_child({slaudit, "audit", contract, "--probes", path, "--period", period_of(o), "--quiet"}));
    live.push_back(
        run_child({slaudit, "audit", contract, "--probes", path, "--period", period_of(o), "--quiet", "--live"}));
    mixed.push_back(run_child({slaudit, "audit", contract, "--probes", shuffled, "--period", period_of(o), "--quiet"}));
  }
  res.wc = median(wc);
  res.reader = median(reader);
  res.audit = median(audit);
  res.live = median(live);
  res.shuffled = median(mixed);
  std::printf("\n%u targets x %u days: %s\n  %llu rows, %.0f MB (wc -l counted %s)\n", o.gen.targets, days,
              path.c_str(), (unsigned long long)res.rows, res.bytes / 1e6,
              res.wc.out.substr(0, res.wc.out.find(' ')).c_str());
  std::printf("  reader: %s", res.reader.out.c_str());
  print_row("wc -l", res.wc, res.rows, res.bytes, res.wc.seconds);
  print_row("probe reader (counting)", res.reader, res.rows, res.bytes, res.wc.seconds);
  print_row("whole audit (slaudit)", res.audit, res.rows, res.bytes, res.wc.seconds);
  print_row("one pass (--live)", res.live, res.rows, res.bytes, res.wc.seconds);
  print_row("rows shuffled", res.shuffled, res.rows, res.bytes, res.wc.seconds);
  std::printf("  shuffled rows give the same figures as the file's order: %s\n",
              figures_of(res.shuffled.out) == figures_of(res.audit.out) ? "yes" : "NO (a bug: figures depend on order)");
  std::printf("  audit report (excerpt):\n%s", summary_of(res.audit.out).c_str());
  std::fflush(stdout);
  return res;
}

// 10,000 targets x 30 days (432 million rows, ~13 GB): generated into a pipe
// that the audit reads as standard input, so nothing is written to disk.
void big_run(const Options& o) {
  const std::string gen = self_dir() + "/gen_probes";
  const std::string slaudit = self_dir() + "/slaudit";
  const std::string contract = write_contract(o);
  int pipefd[2];
  if (::pipe(pipefd) != 0) usage("pipe failed");
  std::printf("\n10000 targets x %u days, generated into a pipe (gen_probes | slaudit audit --probes -) ...\n", o.days);
  std::fflush(stdout);
  const pid_t gen_pid = ::fork();
  if (gen_pid == 0) {
    ::dup2(pipefd[1], 1);
    ::close(pipefd[0]);
    ::close(pipefd[1]);
    const std::string days = std::to_string(o.days), seed = std::to_string(o.gen.seed);
    ::execl(gen.c_str(), gen.c_str(), "--targets", "10000", "--days", days.c_str(), "--seed", seed.c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(pipefd[1]);
  const Run audit = run_child({slaudit, "audit", contract, "--probes", "-", "--period", period_of(o), "--quiet"}, pipefd[0]);
  ::close(pipefd[0]);
  int status = 0;
  ::waitpid(gen_pid, &status, 0);
  const bool ok = WIFEXITED(audit.status) && (WEXITSTATUS(audit.status) == 0 || WEXITSTATUS(audit.status) == 3);
  std::printf("  whole audit (generator and audit running together): %.1f s, audit peak RSS %.1f MiB (limit 256 MiB)%s\n",
              audit.seconds, audit.max_rss_kib / 1024.0, ok ? "" : "   FAILED");
  std::printf("  audit report (excerpt):\n%s", summary_of(audit.out).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--child-read") return child_read(argv[2]);
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage("missing value after " + a);
      return argv[++i];
    };
    auto number = [&]() -> uint64_t {
      const std::string v = value();
      char* end = nullptr;
      const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0') usage(a + " needs a whole number");
      return n;
    };
    if (a == "--targets") o.gen.targets = uint32_t(number());
    else if (a == "--days") o.days = uint32_t(number());
    else if (a == "--small-days") o.small_days = uint32_t(number());
    else if (a == "--seed") o.gen.seed = number();
    else if (a == "--dir") o.dir = value();
    else if (a == "--runs") o.runs = std::max(1, int(number()));
    else if (a == "--big") o.big = true;
    else if (a == "--big-only") o.big = o.big_only = true;
    else if (a == "--schema") {
      const std::string v = value();
      if (v != "counts" && v != "success") usage("--schema is counts or success");
      o.gen.schema = v == "counts" ? ProbeGenOptions::Schema::Counts : ProbeGenOptions::Schema::Success;
    } else if (a == "--clock") {
      const std::string v = value();
      if (v != "unix" && v != "iso") usage("--clock is unix or iso");
      o.gen.clock = v == "unix" ? ProbeGenOptions::Clock::Unix : ProbeGenOptions::Clock::Iso;
    } else {
      usage("unknown option " + a);
    }
  }
  std::printf("bench_probe: %d run(s) each, median shown; every figure from a child process (wait4 peak RSS)\n", o.runs);
  if (o.big_only) {
    big_run(o);
    return 0;
  }
  std::vector<SizeResult> results;
  if (o.small_days > 0 && o.small_days != o.days) results.push_back(measure(o, o.small_days));
  results.push_back(measure(o, o.days));
  std::printf("\nsummary (%u targets, period %s):\n", o.gen.targets, period_of(o).c_str());
  for (const SizeResult& r : results)
    std::printf("  %2u days %11llu rows %6.0f MB: audit %7.0f MB/s = %.3f x wc -l (target >= 0.1), audit peak RSS %.1f MiB\n",
                r.days, (unsigned long long)r.rows, r.bytes / 1e6, r.bytes / r.audit.seconds / 1e6,
                r.wc.seconds / r.audit.seconds, r.audit.max_rss_kib / 1024.0);
  if (o.big) big_run(o);
  return 0;
}
