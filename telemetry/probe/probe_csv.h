#pragma once
// Streaming reader of probe samples in CSV with a header naming the columns
// (any order): `timestamp,target,ok,total` or `timestamp,target,success`.
// Timestamps are Unix seconds or RFC 3339 with an offset (engine/time rules).
// Reads the file descriptor in 1 MiB blocks and parses fields by hand: no
// std::string, stream or locale per row. Each data row is pushed to the sink
// or rejected with its line and reason in the accounting.
#include <cstdint>
#include <string>
#include <string_view>

#include "telemetry/probe/probe_accounting.h"
#include "telemetry/probe/probe_sample.h"
#include "telemetry/probe/probe_targets.h"

namespace slaudit::probe {

struct ProbeInput {
  uint32_t source = 0;  // index given to every sample from this input
  ProbeTargets* targets = nullptr;
  ProbeSink* sink = nullptr;
  ProbeAccounting* accounting = nullptr;
};

// Returns an empty string on success, or a whole-input error (unreadable,
// bad header) naming the input; rows are accounted individually.
std::string read_probe_csv_fd(int fd, std::string_view name, const ProbeInput& input);

// `-` reads standard input.
std::string read_probe_csv_file(const std::string& path, const ProbeInput& input);

}  // namespace slaudit::probe
