// Benchmark: audit N incidents over one year for one contract, at several N,
// each in its own child process so its peak memory is its own. Prints read
// and audit time, time per incident (flat or slowly rising = n log n or
// better), CPU time and peak RSS, for JSON Lines and CSV files and for the
// engine alone; asserts nothing.
//   build/bench/bench_audit                   # 250k, 500k, 1M
//   build/bench/bench_audit 1000000           # one size
//   build/bench/bench_audit 1000000 engine    # + engine variants: shuffled, findings, timeline
//   build/bench/bench_audit write N PREFIX    # PREFIX.{sla,jsonl,csv}, to time `slaudit audit` itself
// After the library figures, each size is also audited end to end by the
// `slaudit` binary beside this one (`slaudit audit bench.sla --incidents LOG
// --from 2026-01-01 --to 2026-12-31 > /dev/null`), three runs per format:
// wall time, CPU and peak RSS of the whole command, the figures the target
// (1M incidents: under 1 s, under 256 MiB) is about.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <tuple>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/gen/xorshift.h"

#include "engine/audit/audit.h"
#include "language/compile/compile.h"
#include "base/time/timestamp.h"
#include "telemetry/incidents/incident_reader.h"

namespace {

const char* kContract = R"SLA(
contract "benchmark" {
  effective 2026-01-01 to 2026-12-31; timezone "Asia/Shanghai"; currency CNY;
  service training { fee 1200000.00 per month; capacity 4096 gpus; }
  availability training {
    target 99.9%; period calendar month;
    unavailable when incident affects >= 5% of gpus;
    ignore downtime shorter than 1 min;
    exclude maintenance with notice >= 72 h, at most 4 h per period;
    exclude cause in (customer, force_majeure);
    excluded time removed from period;
    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }
    cap 100% of monthly fee; claim within 30 d after period end;
  }
  recovery training { faults (node_down, gpu_xid, nic_failure); within 20 min from detected to recovered;
                      credit 1% of monthly fee per breach; cap 10% of monthly fee; }
}
)SLA";

using Random = slaudit::bench::Xorshift;

// Fault classes drawn from the Llama 3 interruption mix (counts from the reference).
const char* fault_for(int64_t r) {
  if (r < 148) return "gpu_xid";
  if (r < 220) return "gpu_hbm";
  if (r < 274) return "software";
  if (r < 309) return "network";
  if (r < 341) return "node_down";
  if (r < 360) return "gpu_sram";
  if (r < 377) return "gpu_gsp";
  if (r < 384) return "nic_failure";
  if (r < 391) return "nccl_timeout";
  return "storage";
}

// `in_time_order`: as logs are written (appended as incidents start); otherwise shuffled.
std::vector<slaudit::Incident> generate(size_t n, bool in_time_order) {
  Random rnd;
  const int64_t year_start = 1767196800;  // 2026-01-01T00:00:00+08:00
  std::vector<slaudit::Incident> out;
  out.reserve(n);
  char id[32];
  slaudit::NameTable faults;
  const slaudit::SharedName service("training");
  for (size_t i = 0; i < n; ++i) {
    slaudit::Incident inc;
    const int64_t start = year_start + rnd.below(365 * 86400 - 6 * 3600);
    const int64_t length = 30 + rnd.below(rnd.below(10) == 0 ? 4 * 3600 : 900);
    const int64_t kind = rnd.below(100);
    std::snprintf(id, sizeof id, "inc-%07zu", i);
    inc.line = i + 1;
    inc.id = id;
    inc.service = service;
    inc.start = slaudit::Instant{std::chrono::seconds{start}};
    inc.end = inc.start + std::chrono::seconds{length};
    inc.detected = inc.start + std::chrono::seconds{20};
    inc.recovered = inc.end;
    inc.fault = faults.get(fault_for(rnd.below(402)));
    inc.cause = kind < 80 ? slaudit::Cause::Provider : kind < 90 ? slaudit::Cause::Customer : slaudit::Cause::Maintenance;
    inc.scope.affected = slaudit::AffectedCount{1 + rnd.below(512), slaudit::CountUnit::Gpus};
    if (kind >= 90) inc.notice = inc.start - std::chrono::hours{rnd.below(2) ? 96 : 24};
    out.push_back(std::move(inc));
  }
  if (in_time_order) {
    // In place (std::sort): a stable sort's buffer would double the peak memory measured.
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return std::tie(a.start, a.id) < std::tie(b.start, b.id); });
    for (size_t i = 0; i < out.size(); ++i) out[i].line = i + 1;
  }
  return out;
}

std::string to_jsonl(const std::vector<slaudit::Incident>& incidents) {
  std::string out;
  out.reserve(incidents.size() * 300);
  char line[640];
  for (const auto& i : incidents) {
    const auto t = [](slaudit::Instant x) { return slaudit::format_utc(x); };
    const auto& count = std::get<slaudit::AffectedCount>(*i.scope.affected);
    std::snprintf(line, sizeof line,
                  "{\"id\":\"%s\",\"service\":\"%s\",\"start\":\"%s\",\"end\":\"%s\",\"detected\":\"%s\","
                  "\"recovered\":\"%s\",\"fault\":\"%s\",\"cause\":\"%s\",\"scope\":{\"affected\":{\"gpus\":%lld}}%s%s%s}\n",
                  i.id.c_str(), i.service->c_str(), t(i.start).c_str(), t(*i.end).c_str(), t(*i.detected).c_str(),
                  t(*i.recovered).c_str(), i.fault->c_str(), std::string(slaudit::terms::keyword(i.cause)).c_str(),
                  static_cast<long long>(count.count), i.notice ? ",\"notice\":\"" : "",
                  i.notice ? t(*i.notice).c_str() : "", i.notice ? "\"" : "");
    out += line;
  }
  return out;
}

std::string to_csv(const std::vector<slaudit::Incident>& incidents) {
  std::string out = "id,service,start,end,detected,recovered,fault,cause,cluster,affected,notice\n";
  out.reserve(incidents.size() * 200);
  char line[640];
  for (const auto& i : incidents) {
    const auto t = [](slaudit::Instant x) { return slaudit::format_utc(x); };
    const auto& count = std::get<slaudit::AffectedCount>(*i.scope.affected);
    std::snprintf(line, sizeof line, "%s,%s,%s,%s,%s,%s,%s,%s,,%lld gpus,%s\n", i.id.c_str(), i.service->c_str(),
                  t(i.start).c_str(), t(*i.end).c_str(), t(*i.detected).c_str(), t(*i.recovered).c_str(),
                  i.fault->c_str(), std::string(slaudit::terms::keyword(i.cause)).c_str(),
                  static_cast<long long>(count.count), i.notice ? t(*i.notice).c_str() : "");
    out += line;
  }
  return out;
}

bool write_text(const std::string& path, const std::string& text) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return false;
  const bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  return std::fclose(file) == 0 && ok;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

struct Figures {
  double read_s = 0, audit_s = 0;
  size_t periods = 0;
  long long owed = 0;
};

enum class Source { Memory, JsonLinesFile, CsvFile };

const char* source_name(Source source) {
  return source == Source::Memory ? "memory" : source == Source::CsvFile ? "csv" : "jsonl";
}

// Runs one configuration. From a file: read and checked as `slaudit audit` reads
// it (in blocks, digest included), then audited; from memory: the engine alone.
Figures run_one(size_t n, Source source, const std::string& path, bool findings, bool timeline, bool in_time_order) {
  slaudit::SourceFile contract_source("benchmark.sla", kContract);
  auto compiled = slaudit::compile_contract(contract_source);
  if (!compiled.ok()) std::abort();
  Figures f;
  std::vector<slaudit::Incident> incidents;
  if (source == Source::Memory) {
    incidents = generate(n, in_time_order);
  } else {
    auto t = std::chrono::steady_clock::now();
    slaudit::IncidentReadOptions options;
    options.services = slaudit::ServiceNames{"training"};
    auto read = slaudit::read_incident_log_file(path, options);
    if (!read.ok() || read.log->incidents.size() != n || !read.log->rejected.empty()) std::abort();
    incidents = std::move(read.log->incidents);
    f.read_s = seconds_since(t);
  }
  slaudit::audit::AuditRequest req;
  req.contract = &*compiled.contract;
  req.contract_source = &contract_source;
  req.incidents = std::move(incidents);
  req.range = *slaudit::audit::parse_audit_range("2026");
  req.record_findings = findings;
  req.record_timeline = timeline;
  auto t = std::chrono::steady_clock::now();
  auto result = slaudit::audit::run_audit(req);
  f.audit_s = seconds_since(t);
  if (!result.report) std::abort();
  f.periods = result.report->periods.size();
  f.owed = result.report->total_owed_minor;
  return f;
}

double seconds_of(const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); }

// Each configuration in its own child process, so its peak memory is its own.
void report(size_t n, Source source, const std::string& path, bool findings, bool timeline = false,
            bool in_time_order = true) {
  int pipefd[2];
  if (pipe(pipefd) != 0) return;
  const pid_t pid = fork();
  if (pid == 0) {
    close(pipefd[0]);
    const Figures f = run_one(n, source, path, findings, timeline, in_time_order);
    if (write(pipefd[1], &f, sizeof f) != sizeof f) _exit(1);
    _exit(0);
  }
  close(pipefd[1]);
  Figures f;
  const bool got = read(pipefd[0], &f, sizeof f) == sizeof f;
  close(pipefd[0]);
  int status = 0;
  struct rusage usage {};
  wait4(pid, &status, 0, &usage);
  if (!got) {
    std::printf("%9zu  failed\n", n);
    return;
  }
  const double total = f.read_s + f.audit_s;
  // CPU: the child's user + system time, whole process; on a shared machine, wall time includes waiting for a core.
  std::printf("%9zu  %-8s %-6s %-8s  read %6.3f s  audit %6.3f s  total %6.3f s  %6.3f us/incident  CPU %6.3f s"
              "  peak RSS %6.1f MiB  (%zu periods, owed %lld)\n",
              n, in_time_order ? "ordered" : "shuffled", source_name(source),
              timeline ? "timeline" : findings ? "findings" : "figures", f.read_s, f.audit_s, total,
              1e6 * total / static_cast<double>(n), seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime),
              usage.ru_maxrss / 1024.0, f.periods, f.owed);
  std::fflush(stdout);
}

// Runs `slaudit audit` on a log, output discarded; wall time from fork to exit.
void report_cli(const std::string& slaudit, size_t n, const std::string& contract, const std::string& log,
                const char* format) {
  std::vector<double> walls;
  for (int run = 0; run < 3; ++run) {
    std::fflush(stdout);  // else the child's freopen would print what is buffered a second time
    const auto t = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
      if (!std::freopen("/dev/null", "w", stdout)) _exit(127);
      execl(slaudit.c_str(), slaudit.c_str(), "audit", contract.c_str(), "--incidents", log.c_str(), "--from",
            "2026-01-01", "--to", "2026-12-31", static_cast<char*>(nullptr));
      _exit(127);
    }
    int status = 0;
    struct rusage usage {};
    wait4(pid, &status, 0, &usage);
    const double wall = seconds_since(t);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    walls.push_back(wall);
    std::printf("%9zu  slaudit  %-6s run %d   wall %6.3f s  CPU %6.3f s (user %6.3f, system %6.3f)  peak RSS %6.1f MiB"
                "  exit %d\n",
                n, format, run + 1, wall, seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime),
                seconds_of(usage.ru_utime), seconds_of(usage.ru_stime), usage.ru_maxrss / 1024.0, code);
    std::fflush(stdout);
  }
  std::sort(walls.begin(), walls.end());
  std::printf("%9zu  slaudit  %-6s median wall %6.3f s\n", n, format, walls[1]);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "write") {
    // bench_audit write N PREFIX: PREFIX.sla, PREFIX.jsonl and PREFIX.csv, for timing `slaudit audit` itself.
    const std::string prefix = argv[3];
    const auto incidents = generate(static_cast<size_t>(std::atoll(argv[2])), true);
    const bool ok = write_text(prefix + ".sla", kContract) && write_text(prefix + ".jsonl", to_jsonl(incidents)) &&
                    write_text(prefix + ".csv", to_csv(incidents));
    std::printf("%s %s.sla, %s.jsonl, %s.csv\n", ok ? "wrote" : "FAILED to write", argv[3], argv[3], argv[3]);
    return ok ? 0 : 1;
  }
  // bench_audit [N] [engine]: engine adds the engine-only variants (shuffled, findings, timeline).
  std::vector<size_t> sizes = {250000, 500000, 1000000};
  if (argc > 1 && std::atoll(argv[1]) > 0) sizes = {static_cast<size_t>(std::atoll(argv[1]))};
  const bool engine_variants = std::string(argv[argc - 1]) == "engine";
  std::printf("audit of N incidents over 2026, one contract, figures only (as `slaudit audit` in text);\n"
              "jsonl/csv: read from a file (blocks, digest, checks) then audited; memory: incidents built in memory\n");
  const std::string dir = std::filesystem::temp_directory_path() / ("slaudit-bench-" + std::to_string(getpid()));
  // The command-line tool built beside this benchmark.
  const std::string slaudit = (std::filesystem::path(argv[0]).parent_path() / "slaudit").string();
  std::filesystem::create_directories(dir);
  for (size_t n : sizes) {
    const std::string jsonl = dir + "/log.jsonl", csv = dir + "/log.csv";
    {
      const auto incidents = generate(n, true);
      if (!write_text(jsonl, to_jsonl(incidents)) || !write_text(csv, to_csv(incidents))) return 1;
    }
    report(n, Source::JsonLinesFile, jsonl, false);
    report(n, Source::CsvFile, csv, false);
    report(n, Source::Memory, "", false);
    if (engine_variants) {
      report(n, Source::Memory, "", false, false, false);
      report(n, Source::Memory, "", true);
      report(n, Source::Memory, "", true, true);
    }
    if (std::filesystem::exists(slaudit) && write_text(dir + "/bench.sla", kContract)) {
      report_cli(slaudit, n, dir + "/bench.sla", jsonl, "jsonl");
      report_cli(slaudit, n, dir + "/bench.sla", csv, "csv");
    }
  }
  std::filesystem::remove_all(dir);
  return 0;
}
