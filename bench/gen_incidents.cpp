// Writes a realistic incident log (JSON Lines) to standard output, for demos,
// examples and benchmarks: fault classes from the Llama 3 mix, maintenance
// with enough notice and with too little, a few customer-caused incidents.
// Seeded and deterministic: the same arguments give the same bytes.
//   build/release/gen_incidents --from 2026-11-01 --to 2026-12-01 --seed 7 > log.jsonl
//   build/release/gen_incidents --service training --cluster bj-gpu-01 --gpus 4096 \
//       --per-30-days 59 --maintenance 2 --short-notice 25 --open --from 2026-01-01 --to 2027-01-01
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "base/time/timestamp.h"
#include "telemetry/synthetic/incident_generator.h"

namespace {

int usage(const std::string& problem) {
  std::cerr << "gen_incidents: " << problem << "\n"
            << "usage: gen_incidents --from YYYY-MM-DD --to YYYY-MM-DD [--service NAME] [--cluster ID] [--gpus N]\n"
               "                     [--per-30-days N] [--maintenance N] [--short-notice PERCENT] [--open] [--seed N]\n"
               "Dates are UTC midnights; incidents start in [from, to).\n";
  return 2;
}

bool parse_int(const std::string& text, int64_t& out) {
  char* end = nullptr;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value < 0) return false;
  out = value;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  slaudit::generate::IncidentLogOptions o;
  bool have_from = false, have_to = false;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--open") {
      o.leave_last_open = true;
      continue;
    }
    if (i + 1 >= argc) return usage("missing value after " + flag);
    const std::string value = argv[++i];
    int64_t number = 0;
    if (flag == "--from" || flag == "--to") {
      const slaudit::TimestampResult t = slaudit::parse_timestamp(value + "T00:00:00Z");
      if (!t.ok()) return usage("bad date '" + value + "' for " + flag + ": " + t.error);
      (flag == "--from" ? o.from : o.to) = *t.instant;
      (flag == "--from" ? have_from : have_to) = true;
    } else if (flag == "--service") {
      o.service = value;
    } else if (flag == "--cluster") {
      o.cluster = value;
    } else if (flag != "--gpus" && flag != "--per-30-days" && flag != "--maintenance" && flag != "--short-notice" &&
               flag != "--seed") {
      return usage("unknown option " + flag);
    } else if (!parse_int(value, number)) {
      return usage("bad number '" + value + "' for " + flag);
    } else if (flag == "--gpus") {
      o.gpus = number;
    } else if (flag == "--per-30-days") {
      o.unexpected_per_30_days = number;
    } else if (flag == "--maintenance") {
      o.maintenance_per_30_days = number;
    } else if (flag == "--short-notice") {
      o.short_notice_percent = number;
    } else {
      o.seed = static_cast<uint64_t>(number);
    }
  }
  if (!have_from || !have_to) return usage("--from and --to are required");
  if (o.to <= o.from) return usage("--to must be after --from");
  for (const std::string& line : slaudit::generate::generate_incident_log(o)) std::cout << line << '\n';
  return 0;
}
