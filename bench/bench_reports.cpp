// Benchmark: every audit report format on the benchmark's year of incidents
// (the log `bench_audit write N` writes: one contract, N incidents over 2026).
// For each size and format, `slaudit audit` runs in its own child process with
// its report written to a file, and one line gives, side by side, wall time,
// CPU, peak RSS of the whole command and the bytes of the report: the figures
// the target (1M incidents, every format, under 3 s and under 512 MiB) is about.
// Asserts nothing; marks a row "over" when it misses the target.
//   build/bench/bench_reports                  # 200,000 and 1,000,000 incidents, one run each
//   build/bench/bench_reports 1000000          # one size
//   build/bench/bench_reports --runs 3 200000  # each measurement 3 times, the median run printed
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Format {
  const char* name;  // as printed
  std::vector<std::string> args;
};

const std::vector<Format>& formats() {
  static const std::vector<Format> all = {
      {"text", {"--format", "text"}},
      {"text --explain", {"--format", "text", "--explain"}},
      {"json", {"--format", "json"}},
      {"markdown", {"--format", "markdown"}},
      {"html", {"--format", "html"}},
  };
  return all;
}

struct Run {
  double wall = 0, cpu = 0, rss_mib = 0;
  uintmax_t bytes = 0;
  int exit = -1;
};

double seconds_of(const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); }

// `program args...` with stdout to `output` (stderr discarded); wall time from fork to exit.
Run run(const std::string& program, const std::vector<std::string>& args, const std::string& output) {
  std::fflush(stdout);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    if (!std::freopen(output.c_str(), "w", stdout) || !std::freopen("/dev/null", "w", stderr)) _exit(127);
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  wait4(pid, &status, 0, &usage);
  Run r;
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpu = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  r.rss_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::error_code ec;
  r.bytes = fs::file_size(output, ec);
  if (ec) r.bytes = 0;
  fs::remove(output, ec);
  return r;
}

// 1234567 -> "1,234,567".
std::string grouped(uintmax_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void measure(const std::string& slaudit, const std::string& dir, size_t n, int runs) {
  const std::string prefix = dir + "/year";
  const std::string bench_audit = (fs::path(slaudit).parent_path() / "bench_audit").string();
  const Run wrote = run(bench_audit, {"write", std::to_string(n), prefix}, dir + "/write.out");
  if (wrote.exit != 0) {
    std::printf("%9zu  could not write the log with %s\n", n, bench_audit.c_str());
    return;
  }
  for (const Format& format : formats()) {
    std::vector<std::string> args = {"audit", prefix + ".sla", "--incidents", prefix + ".jsonl",
                                      "--from", "2026-01-01", "--to", "2026-12-31"};
    args.insert(args.end(), format.args.begin(), format.args.end());
    std::vector<Run> all;
    for (int i = 0; i < runs; ++i) all.push_back(run(slaudit, args, dir + "/report.out"));
    std::sort(all.begin(), all.end(), [](const Run& a, const Run& b) { return a.wall < b.wall; });
    const Run& r = all[all.size() / 2];
    const bool over = r.wall >= 3.0 || r.rss_mib >= 512.0;
    std::printf("%9zu  %-15s %8.3f %8.3f %10.1f %15s %5d  %s\n", n, format.name, r.wall, r.cpu, r.rss_mib,
                grouped(r.bytes).c_str(), r.exit, over ? "over" : "");
    std::fflush(stdout);
  }
  for (const char* ext : {".sla", ".jsonl", ".csv"}) fs::remove(prefix + ext);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 1;
  std::vector<size_t> sizes;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else if (std::atoll(argv[i]) > 0) sizes.push_back(static_cast<size_t>(std::atoll(argv[i])));
  }
  if (sizes.empty()) sizes = {200000, 1000000};
  const std::string slaudit = (fs::path(argv[0]).parent_path() / "slaudit").string();
  if (!fs::exists(slaudit)) {
    std::printf("no slaudit beside this benchmark (%s)\n", slaudit.c_str());
    return 1;
  }
  const std::string dir = (fs::temp_directory_path() / ("slaudit-bench-reports-" + std::to_string(getpid()))).string();
  fs::create_directories(dir);
  std::printf("report formats: `slaudit audit year.sla --incidents year.jsonl --from 2026-01-01 --to 2026-12-31 "
              "--format F > file`\n(the log of `bench_audit write N`); %d run(s) each, the median shown; "
              "target: under 3 s and 512 MiB\n",
              runs);
  std::printf("%9s  %-15s %8s %8s %10s %15s %5s\n", "incidents", "format", "wall s", "CPU s", "peak MiB",
              "bytes written", "exit");
  for (size_t n : sizes) measure(slaudit, dir, n, runs);
  fs::remove_all(dir);
  return 0;
}
