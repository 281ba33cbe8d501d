// Benchmark: Uptime Kuma's database as a probe input (issue 40, part 3).
// Writes (or reuses) a database of M monitors x N heartbeats in Uptime Kuma's
// schema (its indexes too), then times, each in its own child process:
//   sqlite3 count(*)   `sqlite3 DB 'select count(*) from heartbeat'`, SQLite's
//                      own floor for touching every row (skipped without the shell)
//   reader             read_probe_inputs (one thread) into a counting sink
//   pipeline           read_probe_inputs_threaded: the audit's reading, with
//                      the file's SHA-256 on a thread of its own
// and prints seconds, rows/s, peak RSS and, for the issue's target of 100
// monitors x a year of 20 s beats (157,680,000 rows, under 30 s), the time
// each would take at its rate. Asserts nothing; run it when the machine is quiet.
//   build/release/bench_kuma                         # 100 monitors x 7 days
//   build/release/bench_kuma --monitors 100 --days 365 --runs 1
// Databases are cached in --dir (default /tmp/slaudit-bench).
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "telemetry/probe/probe_input.h"
#include "telemetry/probe/probe_pipeline.h"

namespace {

constexpr double kTargetRows = 100.0 * 365 * 86400 / 20;  // 157,680,000
constexpr int64_t kStart = 1793491200;                     // 2026-11-01T00:00:00Z

struct Options {
  int monitors = 100;
  int days = 7;
  int interval = 20;
  std::string dir = "/tmp/slaudit-bench";
  int runs = 1;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "bench_kuma: %s\nusage: bench_kuma [--monitors M] [--days D] [--interval S] [--dir DIR] [--runs N]\n",
               why.c_str());
  std::exit(2);
}

void exec_or_die(sqlite3* db, const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &error) != SQLITE_OK) usage(std::string("sqlite: ") + (error ? error : ""));
}

// Uptime Kuma's two tables and the heartbeat indexes its schema creates.
const char* kSchema = R"SQL(
CREATE TABLE monitor (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(150), active BOOLEAN NOT NULL DEFAULT 1,
  interval INTEGER NOT NULL DEFAULT 20, url TEXT, type VARCHAR(20));
CREATE TABLE heartbeat (id INTEGER PRIMARY KEY AUTOINCREMENT, important BOOLEAN NOT NULL DEFAULT 0,
  monitor_id INTEGER NOT NULL, status SMALLINT NOT NULL, msg TEXT, time DATETIME NOT NULL, ping INTEGER,
  duration INTEGER NOT NULL DEFAULT 0, down_count INTEGER NOT NULL DEFAULT 0);
CREATE INDEX important ON heartbeat (important);
CREATE INDEX monitor_time_index ON heartbeat (monitor_id, time);
CREATE INDEX monitor_id ON heartbeat (monitor_id);
CREATE INDEX monitor_important_time_index ON heartbeat (monitor_id, important, time);
)SQL";

// Beats as Kuma records them: every monitor once per interval, in time order,
// mostly up; one in 1,000 down, pending or in maintenance.
uint64_t ensure_db(const Options& o, const std::string& path) {
  const uint64_t rows = uint64_t(o.monitors) * uint64_t(o.days) * 86400 / uint64_t(o.interval);
  struct stat st{};
  if (::stat(path.c_str(), &st) == 0) return rows;
  ::mkdir(o.dir.c_str(), 0755);
  const std::string tmp = path + ".tmp";
  std::remove(tmp.c_str());
  std::fprintf(stderr, "generating %s (%llu heartbeats) ...\n", path.c_str(), (unsigned long long)rows);
  const auto t0 = std::chrono::steady_clock::now();
  sqlite3* db = nullptr;
  if (sqlite3_open(tmp.c_str(), &db) != SQLITE_OK) usage("cannot create " + tmp);
  exec_or_die(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
  exec_or_die(db, kSchema);
  exec_or_die(db, "BEGIN");
  for (int m = 1; m <= o.monitors; ++m) {
    const std::string sql = "INSERT INTO monitor (id, name, url, type) VALUES (" + std::to_string(m) + ", 'monitor-" +
                            std::to_string(m) + "', 'https://example.com/', 'http')";
    exec_or_die(db, sql.c_str());
  }
  sqlite3_stmt* insert = nullptr;
  sqlite3_prepare_v2(db, "INSERT INTO heartbeat (monitor_id, status, msg, time, ping, duration) VALUES (?, ?, '', ?, 40, ?)",
                     -1, &insert, nullptr);
  const int64_t beats = int64_t(o.days) * 86400 / o.interval;
  char when[40];
  for (int64_t k = 0; k < beats; ++k) {
    const time_t t = time_t(kStart + k * o.interval);
    struct tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
    std::snprintf(when + 19, sizeof when - 19, ".%03d", int(k % 1000));
    for (int m = 1; m <= o.monitors; ++m) {
      const int64_t pick = (k * 7 + m * 13) % 1000;
      sqlite3_bind_int(insert, 1, m);
      sqlite3_bind_int(insert, 2, pick == 0 ? 0 : pick == 1 ? 2 : pick == 2 ? 3 : 1);
      sqlite3_bind_text(insert, 3, when, -1, SQLITE_STATIC);
      sqlite3_bind_int(insert, 4, o.interval);
      if (sqlite3_step(insert) != SQLITE_DONE) usage(std::string("insert failed: ") + sqlite3_errmsg(db));
      sqlite3_reset(insert);
    }
  }
  sqlite3_finalize(insert);
  exec_or_die(db, "COMMIT");
  sqlite3_close(db);
  std::rename(tmp.c_str(), path.c_str());
  std::fprintf(stderr, "  written in %.1f s\n",
               std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  return rows;
}

struct Run {
  double seconds = 0, cpu_seconds = 0;
  long max_rss_kib = 0;
  int status = 0;
  std::string out;
};

// Runs argv in a child with its standard output captured, timed from fork to exit.
Run run_child(const std::vector<std::string>& args) {
  int pipefd[2];
  if (::pipe(pipefd) != 0) usage("pipe failed");
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(pipefd[1], 1);
    ::close(pipefd[0]);
    ::close(pipefd[1]);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(pipefd[1]);
  Run run;
  char buf[4096];
  for (ssize_t n; (n = ::read(pipefd[0], buf, sizeof buf)) > 0;) run.out.append(buf, size_t(n));
  ::close(pipefd[0]);
  struct rusage ru{};
  ::wait4(pid, &run.status, 0, &ru);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  run.max_rss_kib = ru.ru_maxrss;
  run.cpu_seconds = double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
  return run;
}

struct CountingSink : slaudit::probe::ProbeSink {
  uint64_t samples = 0, ok = 0;
  void add(const slaudit::probe::ProbeSample& s) override {
    ++samples;
    ok += s.ok;
  }
};

// Child mode: one reading of the database, its accounting on standard output.
int child_read(const std::string& path, bool threaded) {
  slaudit::probe::ProbeTargets targets;
  CountingSink sink;
  slaudit::probe::ProbeAccounting accounting;
  std::string error;
  if (threaded) {
    std::vector<slaudit::probe::ProbeFileResult> files;
    error = slaudit::probe::read_probe_inputs_threaded({path}, targets, sink, files);
    if (!files.empty()) accounting = files[0].accounting;
  } else {
    error = slaudit::probe::read_probe_inputs({path}, targets, sink, accounting);
  }
  if (!error.empty()) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  std::printf("read %llu used %llu missing %llu rejected %llu samples %llu ok %llu targets %zu\n",
              (unsigned long long)accounting.read, (unsigned long long)accounting.used,
              (unsigned long long)accounting.missing, (unsigned long long)accounting.rejected,
              (unsigned long long)sink.samples, (unsigned long long)sink.ok, targets.size());
  return 0;
}

void print_row(const char* what, const Run& r, uint64_t rows) {
  const double rate = rows / r.seconds;
  std::printf("%-18s %8.2f s  %6.2f s cpu  %7.2f M rows/s  %7ld MiB peak  %8.1f s at 157.68 M rows%s\n", what,
              r.seconds, r.cpu_seconds, rate / 1e6, r.max_rss_kib / 1024, kTargetRows / rate,
              r.status == 0 ? "" : "  (FAILED)");
}

Run best_of(const Options& o, const std::vector<std::string>& args) {
  std::vector<Run> runs;
  for (int i = 0; i < o.runs; ++i) runs.push_back(run_child(args));
  std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
  return runs[runs.size() / 2];
}

std::string self_path() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : "bench_kuma";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--child-read") == 0) return child_read(argv[2], false);
  if (argc == 3 && std::strcmp(argv[1], "--child-pipeline") == 0) return child_read(argv[2], true);
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--monitors") o.monitors = std::atoi(value().c_str());
    else if (a == "--days") o.days = std::atoi(value().c_str());
    else if (a == "--interval") o.interval = std::atoi(value().c_str());
    else if (a == "--dir") o.dir = value();
    else if (a == "--runs") o.runs = std::atoi(value().c_str());
    else usage("unknown option " + a);
  }
  if (o.monitors < 1 || o.days < 1 || o.interval < 1 || o.runs < 1) usage("every count must be at least 1");
  const std::string path = o.dir + "/kuma-m" + std::to_string(o.monitors) + "-d" + std::to_string(o.days) + "-i" +
                           std::to_string(o.interval) + ".db";
  const uint64_t rows = ensure_db(o, path);
  struct stat st{};
  ::stat(path.c_str(), &st);
  std::printf("%s: %d monitors x %d days of %d s beats = %llu heartbeats, %.0f MB\n", path.c_str(), o.monitors, o.days,
              o.interval, (unsigned long long)rows, double(st.st_size) / 1e6);
  run_child({"cat", path});  // warm the page cache: every run below reads from memory
  const Run count = best_of(o, {"sqlite3", path, "select count(*) from heartbeat"});
  if (count.status == 0) print_row("sqlite3 count(*)", count, rows);
  else std::printf("sqlite3 count(*)   skipped: no sqlite3 shell (scripts/setup-debian.sh installs it)\n");
  const Run reader = best_of(o, {self_path(), "--child-read", path});
  print_row("reader", reader, rows);
  const Run pipeline = best_of(o, {self_path(), "--child-pipeline", path});
  print_row("pipeline (+SHA-256)", pipeline, rows);
  std::printf("reader: %s", reader.out.c_str());
  return reader.status == 0 && pipeline.status == 0 ? 0 : 1;
}
