// gen_probes: writes a generated probe CSV (bench/gen/probe_generator.h) to a
// file or standard output.
//   gen_probes [--targets N] [--days D] [--minutes M] [--start UNIX] [--seed S]
//              [--schema counts|success] [--clock unix|iso] [--clean] [-o FILE]
// Prints what it wrote (rows, gaps, duplicates, late rows, bytes) on stderr.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench/gen/probe_generator.h"

using slaudit::bench::ProbeGenOptions;

namespace {

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "gen_probes: %s\nusage: gen_probes [--targets N] [--days D] [--minutes M] [--start UNIX] [--seed S]\n"
               "                  [--schema counts|success] [--clock unix|iso] [--clean] [-o FILE]\n",
               why);
  std::exit(2);
}

uint64_t number(const char* text) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (end == text || *end != '\0') usage("expected a whole number");
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  ProbeGenOptions o;
  std::string out_path = "-";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage(("missing value after " + a).c_str());
      return argv[++i];
    };
    if (a == "--targets") o.targets = static_cast<uint32_t>(number(value()));
    else if (a == "--days") o.minutes = static_cast<uint32_t>(number(value()) * 1440);
    else if (a == "--minutes") o.minutes = static_cast<uint32_t>(number(value()));
    else if (a == "--start") o.start = static_cast<int64_t>(number(value()));
    else if (a == "--seed") o.seed = number(value());
    else if (a == "--schema") {
      const std::string v = value();
      if (v != "counts" && v != "success") usage("--schema is counts or success");
      o.schema = v == "counts" ? ProbeGenOptions::Schema::Counts : ProbeGenOptions::Schema::Success;
    } else if (a == "--clock") {
      const std::string v = value();
      if (v != "unix" && v != "iso") usage("--clock is unix or iso");
      o.clock = v == "unix" ? ProbeGenOptions::Clock::Unix : ProbeGenOptions::Clock::Iso;
    } else if (a == "--clean") o.anomalies = false;
    else if (a == "-o") out_path = value();
    else usage(("unknown option " + a).c_str());
  }
  FILE* out = out_path == "-" ? stdout : std::fopen(out_path.c_str(), "wb");
  if (!out) {
    std::fprintf(stderr, "gen_probes: cannot write %s: %s\n", out_path.c_str(), std::strerror(errno));
    return 1;
  }
  bool failed = false;
  const auto stats = slaudit::bench::generate_probes(o, [&](std::string_view chunk) {
    if (!failed && std::fwrite(chunk.data(), 1, chunk.size(), out) != chunk.size()) failed = true;
  });
  if (std::fflush(out) != 0 || failed || (out != stdout && std::fclose(out) != 0)) {
    std::fprintf(stderr, "gen_probes: write error on %s\n", out_path.c_str());
    return 1;
  }
  std::fprintf(stderr, "gen_probes: %llu rows (%llu target-minutes in gaps, %llu duplicates, %llu late, %llu in outages), %llu bytes\n",
               (unsigned long long)stats.rows, (unsigned long long)stats.gap_rows,
               (unsigned long long)stats.duplicate_rows, (unsigned long long)stats.late_rows,
               (unsigned long long)stats.outage_rows, (unsigned long long)stats.bytes);
  return 0;
}
