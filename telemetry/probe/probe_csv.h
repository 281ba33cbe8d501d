#pragma once
// Streaming reader of probe samples in CSV with a header naming the columns
// (any order): `timestamp,target,ok,total` or `timestamp,target,success`, or a
// latency histogram (`timestamp,target,le=0.1,...,le=+Inf`: histogram_csv.h).
// Timestamps are Unix seconds or RFC 3339 with an offset (base/time rules).
// Reads the file descriptor in 1 MiB blocks and parses fields by hand: no
// std::string, stream or locale per row. Each data row is pushed to the sink
// or rejected with its line and reason in the accounting.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/num/decimal.h"

#include "telemetry/probe/byte_stream.h"
#include "engine/records/probe_accounting.h"
#include "engine/records/probe_sample.h"
#include "engine/records/probe_targets.h"

namespace slaudit::probe {

// A row is ~60 bytes; a line longer than this is a whole-input error naming the
// input, the line and the limit. The bound also keeps the reader linear: an
// unfinished line is scanned again with each block, so it must stay short.
inline constexpr size_t kMaxProbeLineBytes = size_t{1} << 20;

struct ProbeInput {
  uint32_t source = 0;  // index given to every sample from this input
  ProbeTargets* targets = nullptr;
  ProbeSink* sink = nullptr;
  ProbeAccounting* accounting = nullptr;
  size_t max_line_bytes = kMaxProbeLineBytes;  // tests make it small
  // The contract's latency bounds in seconds, bound k + 1 at index k: what a
  // latency histogram (histogram_csv.h) gives samples for. None: not given.
  const std::vector<Decimal>* latency_bounds = nullptr;
};

// Reads the CSV from a byte stream (plain or gzip). Returns an empty string on
// success, or a whole-input error (unreadable, corrupt gzip, bad header)
// naming the input; rows are accounted individually. Rows read before a
// corrupt gzip block was found have been pushed to the sink already: the
// caller must treat the error as fatal for the audit.
std::string read_probe_csv_stream(ByteStream& in, std::string_view name, const ProbeInput& input);

// Returns an empty string on success, or a whole-input error (unreadable,
// bad header) naming the input; rows are accounted individually.
std::string read_probe_csv_fd(int fd, std::string_view name, const ProbeInput& input);

// `-` reads standard input. Gzip is detected by its magic bytes; a path
// ending in `.gz` that does not start with them is an error.
std::string read_probe_csv_file(const std::string& path, const ProbeInput& input);

}  // namespace slaudit::probe
