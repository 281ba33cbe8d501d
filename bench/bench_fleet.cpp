// Benchmark: the fleet audit end to end, as a user runs it. For each fleet
// size N (default 10k, 30k, 100k resources) it writes, in a temporary folder,
// an EC2-style contract, an inventory of N instances in 3 regions x 3 zones
// (some launched or terminated mid-month), a billing export of N rows (0.0416
// USD an hour, summed exactly) and an incident log of 20 x N incidents
// (per-instance ones and a few zone-wide outages), then times
//   slaudit audit fleet.sla --inventory ... --billing-export ... --incidents ... --period 2026-11
// with --format json and text to /dev/null, in a child process each: wall
// time, CPU time and peak RSS of the whole command, side by side with
// `wc -l` over the same three files (the floor: reading the bytes once).
// The target (issue 15): 100k resources and 2M incidents under 5 s and
// under 1 GiB. Asserts nothing.
//   build/release/bench_fleet                 # 10000 30000 100000
//   build/release/bench_fleet 100000          # one size
//   build/release/bench_fleet write N DIR     # only write the files, to run slaudit by hand
//   build/release/bench_fleet probes [N...]   # a fleet measured from probes (docs/fleet.md), 100 and 1000
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "bench/gen/xorshift.h"

namespace fs = std::filesystem;

namespace {

const char* kContract = R"SLA(contract "fleet benchmark" {
  timezone "UTC";
  currency USD;
  service ec2 { resources instance with zones; }
  availability ec2 "instance level" per instance {
    target 99.5%;
    period calendar month;
    unavailable when any incident;
    partial minutes rounded up;
    no charge for clock hour with more than 6 min down;
    credit of monthly fee {
      below 99.5% and at least 99.0%: 10%;
      below 99.0% and at least 95.0%: 30%;
      below 95.0%: 100%;
    }
    claim by end of 2nd billing cycle after incident;
  }
}
)SLA";

using Random = slaudit::bench::Xorshift;

constexpr int64_t kNovemberStart = 1793491200;  // 2026-11-01T00:00:00Z
constexpr int64_t kNovember = 30 * 86400;

std::string utc(int64_t t) {
  const std::time_t time = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&time, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

std::string zone_of(size_t i) {
  static const char* regions[] = {"us-east-1", "eu-west-1", "ap-south-1"};
  return std::string(regions[i % 9 / 3]) + static_cast<char>('a' + i % 3);
}
std::string region_of(size_t i) {
  static const char* regions[] = {"us-east-1", "eu-west-1", "ap-south-1"};
  return regions[i % 9 / 3];
}

struct Files {
  fs::path contract, inventory, billing, incidents;
  size_t incident_rows = 0;
};

Files write_fleet(size_t n, const fs::path& dir) {
  fs::create_directories(dir);
  Files f{dir / "fleet.sla", dir / "inventory.csv", dir / "billing.csv", dir / "incidents.csv", 0};
  std::ofstream(f.contract) << kContract;
  Random random;
  std::ofstream inventory(f.inventory), billing(f.billing);
  inventory << "id,service,region,zone,zones,launched,terminated\n";
  billing << "resource,period,charge,currency,usage_type\n";
  char id[32];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(id, sizeof id, "i-%08zx", i);
    // One in 20 launched mid-month, one in 20 terminated mid-month.
    int64_t hours = 720;
    std::string launched, terminated;
    if (i % 20 == 7) {
      const int64_t day = 1 + random.below(28);
      launched = utc(kNovemberStart + day * 86400);
      hours -= day * 24;
    } else if (i % 20 == 13) {
      const int64_t day = 1 + random.below(28);
      terminated = utc(kNovemberStart + day * 86400);
      hours = day * 24;
    }
    inventory << id << ",ec2," << region_of(i) << "," << zone_of(i) << ",1," << launched << "," << terminated << "\n";
    const int64_t charge = hours * 416;  // in 10^-4 USD
    billing << id << ",2026-11," << charge / 10000 << "." << charge % 10000 / 1000 << charge % 1000 / 100
            << charge % 100 / 10 << charge % 10 << ",USD,\n";
  }
  std::ofstream incidents(f.incidents);
  incidents << "id,service,start,end,resource,zone\n";
  const size_t wanted = 20 * n;
  // Zone-wide outages: two per zone, 10 to 90 min.
  for (size_t z = 0; z < 9; ++z)
    for (int k = 0; k < 2; ++k) {
      const int64_t start = kNovemberStart + random.below(kNovember - 7200);
      incidents << "Z" << z << "-" << k << ",ec2," << utc(start) << "," << utc(start + 600 + random.below(4800))
                << ",," << zone_of(z) << "\n";
      ++f.incident_rows;
    }
  for (size_t k = f.incident_rows; k < wanted; ++k) {
    const size_t r = static_cast<size_t>(random.below(static_cast<int64_t>(n)));
    std::snprintf(id, sizeof id, "i-%08zx", r);
    // Inside every instance's life: days 2..27 are lived by all but those launched late or terminated early,
    // whose out-of-life incidents are rejected, as they should be.
    const int64_t start = kNovemberStart + random.below(kNovember - 3600);
    incidents << "E" << k << ",ec2," << utc(start) << "," << utc(start + 30 + random.below(1800)) << "," << id << ",\n";
    ++f.incident_rows;
  }
  return f;
}

struct Measured {
  double wall_s = 0, cpu_s = 0;
  long peak_kib = 0;
  int exit = -1;
};

Measured run(const std::vector<std::string>& argv, const std::string& out_path) {
  const auto start = std::chrono::steady_clock::now();
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen(out_path.c_str(), "w", stdout);
    std::freopen("/dev/null", "w", stderr);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  Measured m;
  m.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  m.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
            static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  m.peak_kib = usage.ru_maxrss;
  m.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return m;
}

void print_row(const char* what, size_t n, size_t incidents, const Measured& m) {
  std::printf("%-22s %9zu %10zu %8.2f %8.2f %9.1f %10.1f %5d\n", what, n, incidents, m.wall_s, m.cpu_s,
              static_cast<double>(m.peak_kib) / 1024.0, m.wall_s * 1e6 / static_cast<double>(n), m.exit);
}

void bench_size(size_t n, const fs::path& slaudit) {
  const fs::path dir = fs::temp_directory_path() / ("slaudit-bench-fleet-" + std::to_string(::getpid()) + "-" + std::to_string(n));
  const Files f = write_fleet(n, dir);
  const std::vector<std::string> audit{slaudit.string(),     "audit",       f.contract.string(),
                                       "--inventory",        f.inventory.string(),
                                       "--billing-export",   f.billing.string(),
                                       "--incidents",        f.incidents.string(),
                                       "--period",           "2026-11"};
  std::vector<std::string> json = audit, text = audit;
  json.insert(json.end(), {"--format", "json"});
  const Measured wc = run({"/usr/bin/wc", "-l", f.inventory.string(), f.billing.string(), f.incidents.string()}, "/dev/null");
  print_row("wc -l (the 3 inputs)", n, f.incident_rows, wc);
  const fs::path json_out = dir / "report.json";
  const Measured mj = run(json, json_out.string());
  print_row("slaudit audit, json", n, f.incident_rows, mj);
  const Measured mt = run(text, "/dev/null");
  print_row("slaudit audit, text", n, f.incident_rows, mt);
  std::printf("%-22s %9s %10s   report.json %.1f MiB\n", "", "", "", static_cast<double>(fs::file_size(json_out)) / 1048576.0);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

// ------------------------------------------------------------ probed fleets

const char* kProbeContract = R"SLA(contract "probed fleet benchmark" {
  timezone "UTC";
  currency USD;
  service vm { resources instance; }
  availability vm per instance {
    target 99.9%;
    period calendar month;
    partial period prorated;
    unavailable from probes {
      bucket 5 min;
      bad when success ratio < 100%;
      targets any;
    }
    missing data counts as down;
    exclude maintenance;
    credit of monthly fee {
      below 99.9%: 10%;
    }
    claim within 30 d after period end;
  }
}
)SLA";

struct ProbeFiles {
  fs::path contract, inventory, billing, probes;
  size_t rows = 0;
};

// N instances, each probed every 5 minutes of November under its own id, in
// time order as a scraper writes; one sample in 2,000 fails, and one instance
// in 50 misses an hour of samples.
ProbeFiles write_probed_fleet(size_t n, const fs::path& dir) {
  fs::create_directories(dir);
  ProbeFiles f{dir / "fleet.sla", dir / "inventory.csv", dir / "billing.csv", dir / "probes.csv", 0};
  std::ofstream(f.contract) << kProbeContract;
  std::ofstream inventory(f.inventory), billing(f.billing);
  inventory << "id,service,region,zone,launched,terminated\n";
  billing << "resource,period,charge,currency\n";
  std::vector<std::string> ids(n);
  char id[32];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(id, sizeof id, "i-%08zx", i);
    ids[i] = id;
    inventory << id << ",vm," << region_of(i) << "," << zone_of(i) << ",,\n";
    billing << id << ",2026-11,30.00,USD\n";
  }
  Random random;
  std::ofstream probes(f.probes);
  probes << "timestamp,target,ok,total\n";
  for (int64_t t = kNovemberStart; t < kNovemberStart + kNovember; t += 300) {
    const std::string at = utc(t);
    const bool quiet_hour = (t - kNovemberStart) / 3600 == 400;  // hour 400 of the month
    for (size_t i = 0; i < n; ++i) {
      if (quiet_hour && i % 50 == 0) continue;
      probes << at << ',' << ids[i] << (random.below(2000) == 0 ? ",0,1\n" : ",1,1\n");
      ++f.rows;
    }
  }
  return f;
}

void bench_probed_size(size_t n, const fs::path& slaudit) {
  const fs::path dir =
      fs::temp_directory_path() / ("slaudit-bench-probed-" + std::to_string(::getpid()) + "-" + std::to_string(n));
  const ProbeFiles f = write_probed_fleet(n, dir);
  const std::vector<std::string> audit{slaudit.string(), "audit",           f.contract.string(), "--inventory",
                                       f.inventory.string(), "--billing-export", f.billing.string(),  "--probes",
                                       f.probes.string(),  "--period",        "2026-11"};
  print_row("wc -l (probes.csv)", n, f.rows, run({"/usr/bin/wc", "-l", f.probes.string()}, "/dev/null"));
  std::vector<std::string> json = audit;
  json.insert(json.end(), {"--format", "json"});
  print_row("slaudit audit, json", n, f.rows, run(json, "/dev/null"));
  print_row("slaudit audit, text", n, f.rows, run(audit, "/dev/null"));
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace

// A count of resources: whole, from 1 to 10,000,000; nullopt otherwise.
std::optional<size_t> resources_arg(const char* text) {
  size_t n = 0;
  const char* end = text + std::strlen(text);
  const auto [ptr, ec] = std::from_chars(text, end, n);
  if (ec != std::errc() || ptr != end || n == 0 || n > 10'000'000) return std::nullopt;
  return n;
}

int usage() {
  std::fprintf(stderr,
               "usage: bench_fleet [RESOURCES...]      time the fleet audit at each size (default 10000 30000 100000)\n"
               "       bench_fleet write RESOURCES DIR  only write the files of one size into DIR\n"
               "       bench_fleet probes [RESOURCES...] a fleet measured from probes every 5 min (default 100 1000)\n"
               "RESOURCES: a whole number from 1 to 10000000\n");
  return 2;
}

int main(int argc, char** argv) {
  const fs::path self = fs::canonical("/proc/self/exe");
  const fs::path slaudit = self.parent_path() / "slaudit";
  if (argc >= 2 && std::string(argv[1]) == "write") {
    const std::optional<size_t> n = argc == 4 ? resources_arg(argv[2]) : std::nullopt;
    if (!n) return usage();
    const Files f = write_fleet(*n, argv[3]);
    std::printf("wrote %s: %zu incidents\n", argv[3], f.incident_rows);
    return 0;
  }
  const bool probed = argc >= 2 && std::string(argv[1]) == "probes";
  std::vector<size_t> sizes;
  for (int i = probed ? 2 : 1; i < argc; ++i) {
    const std::optional<size_t> n = resources_arg(argv[i]);
    if (!n) return usage();
    sizes.push_back(*n);
  }
  if (sizes.empty()) sizes = probed ? std::vector<size_t>{100, 1000} : std::vector<size_t>{10000, 30000, 100000};
  if (!fs::exists(slaudit)) {
    std::fprintf(stderr, "bench_fleet: no slaudit beside this benchmark (%s)\n", slaudit.c_str());
    return 2;
  }
  if (probed) {
    std::printf("Probed fleet audit, one month; every resource probed every 5 min under its own id (8,640 samples\n"
                "each, 1 in 2,000 failing); one bucket of 8 bytes a resource and 5 minutes. Wall and CPU in s, peak\n"
                "RSS in MiB, wall per resource in us.\n\n");
    std::printf("%-22s %9s %10s %8s %8s %9s %10s %5s\n", "command", "resources", "samples", "wall", "cpu", "peak MiB",
                "us/res", "exit");
    for (const size_t n : sizes) bench_probed_size(n, slaudit);
    return 0;
  }
  std::printf("Fleet audit, one month; resources in 3 regions x 3 zones; 20 incidents a resource (18 zone-wide);\n"
              "a billing export of one row a resource. Wall and CPU in s, peak RSS in MiB, wall per resource in us.\n\n");
  std::printf("%-22s %9s %10s %8s %8s %9s %10s %5s\n", "command", "resources", "incidents", "wall", "cpu", "peak MiB",
              "us/res", "exit");
  for (const size_t n : sizes) bench_size(n, slaudit);
  return 0;
}
