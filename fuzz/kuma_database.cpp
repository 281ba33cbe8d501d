// Uptime Kuma's database (telemetry/probe/kuma_database.h) from any bytes:
// never a crash; every heartbeat used, rejected or missing; each sample 0/1 or
// 1/1; and the probe input's own path (SQLite's magic recognised, the bytes
// read to the end on a thread beside SQLite) gives the same as the reader.
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/memory_file.h"
#include "fuzz/support/probe_reads.h"
#include "fuzz/support/text_diff.h"
#include "telemetry/probe/kuma_database.h"
#include "telemetry/probe/probe_input.h"

using namespace slaudit;

SLAUDIT_FUZZ_TARGET(kuma_database) {
  const std::string path = fuzz::memory_file(data);
  fuzz::ProbeRead direct;
  const std::string direct_error = probe::read_kuma_database(path, path, direct.input());
  for (const char* s = direct.samples.c_str(); *s;) {  // "... #record ok/1 b0": total 1, ok 0 or 1
    const char* line_end = std::strchr(s, '\n');
    const std::string line(s, line_end ? line_end : s + std::strlen(s));
    SLAUDIT_FUZZ_EXPECT(line.find(" 0/1 ") != std::string::npos || line.find(" 1/1 ") != std::string::npos,
                        "a heartbeat sample other than 0/1 or 1/1: " + line);
    s = line_end ? line_end + 1 : s + line.size();
  }
  const std::string a = direct.checked_text(direct_error);
  if (!data.starts_with(probe::kSqliteMagic)) return;
  fuzz::ProbeRead sniffed;
  const std::string sniffed_error = probe::read_probe_input(path, sniffed.input());
  const std::string b = sniffed.checked_text(sniffed_error);
  SLAUDIT_FUZZ_EXPECT(a == b, "the probe input's path reads otherwise:" + fuzz::first_difference(a, b));
}
