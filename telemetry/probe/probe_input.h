#pragma once
// One entry point for probe inputs: each path (or `-` for standard input) is
// read as probe CSV or as Prometheus range-query JSON, plain or gzip, or as
// Uptime Kuma's SQLite database (kuma_database.h). With ProbeFormat::Auto the
// content decides: SQLite's 16-byte magic is a Kuma database (read from its
// file by SQLite, its bytes read to the end beside it for the digest); else,
// after gzip is undone, a first non-blank byte `{` is JSON, anything else is
// CSV (a CSV header starts with a column name). The i-th path's samples carry
// source index i.
#include <string>
#include <vector>

#include "telemetry/probe/probe_prometheus.h"

namespace slaudit::probe {

enum class ProbeFormat { Auto, Csv, Prometheus };

struct ProbeReadOptions {
  ProbeFormat format = ProbeFormat::Auto;
  PrometheusOptions prometheus;
  // The contract's latency bounds (seconds), for latency histograms: bound k + 1 at index k.
  std::vector<Decimal> latency_bounds;
  // `-` reads this descriptor (a copy of standard input, for a second reading).
  int stdin_fd = 0;
  // When >= 0, every byte read from standard input is also written here, so
  // that the input can be read a second time from the copy.
  int stdin_copy_fd = -1;
};

// One input already open as a byte stream: `path` as given (a `.gz` name must
// be gzip; `-` is not checked), `name` as errors show it.
std::string read_probe_stream(ByteStream& in, const std::string& path, const std::string& name, const ProbeInput& input,
                              const ProbeReadOptions& options = {});

std::string read_probe_input(const std::string& path, const ProbeInput& input, const ProbeReadOptions& options = {});

// Reads the paths in order; stops at the first whole-input error. `-` may
// appear once (standard input can be read only once).
std::string read_probe_inputs(const std::vector<std::string>& paths, ProbeTargets& targets, ProbeSink& sink,
                              ProbeAccounting& accounting, const ProbeReadOptions& options = {});

}  // namespace slaudit::probe
