#pragma once
// Probe inputs read on three threads, so that on two cores reading, hashing,
// parsing and the engines overlap:
//   bytes thread   reads each input's bytes as they are (compressed for gzip)
//                  in 1 MiB blocks and feeds them to its SHA-256;
//   parse thread   undoes gzip, parses CSV or Prometheus JSON, and collects
//                  samples in batches;
//   calling thread gives each batch to the sink (the engines), in order.
// Blocks and batches are moved through bounded queues (bounded_queue.h), so
// each belongs to one thread at a time and memory stays flat whatever the
// number of rows: at most a few MiB of blocks and batches in flight.
//
// The parse thread interns target names into a table of its own; each batch
// carries the names first seen in it, and the calling thread interns them into
// `targets` and rewrites the batch's ids. So `targets` is touched by the
// calling thread only, and the sink sees exactly the samples, ids and order
// that read_probe_inputs (probe_input.h, one thread) gives it.
#include <string>
#include <vector>

#include "engine/records/probe_accounting.h"
#include "telemetry/probe/probe_input.h"
#include "engine/records/probe_sample.h"
#include "engine/records/probe_targets.h"

namespace slaudit::probe {

// What one input gave.
struct ProbeFileResult {
  ProbeAccounting accounting;
  // SHA-256 of the input's bytes as read: the file on disk (compressed, for
  // gzip), or what standard input delivered for `-`. Empty for an input that
  // ended in an error.
  std::string sha256;
};

// Reads `paths` in order, `-` at most once (standard input). `files` gets one
// result per input read to its end. Returns the first whole-input error
// (unreadable, bad header, corrupt gzip, bad JSON), as read_probe_inputs does;
// the inputs after it are not read. An exception thrown on any thread (by the
// sink, or bad_alloc in a reader) stops the other two and is rethrown here
// after every thread has ended.
std::string read_probe_inputs_threaded(const std::vector<std::string>& paths, ProbeTargets& targets, ProbeSink& sink,
                                       std::vector<ProbeFileResult>& files, const ProbeReadOptions& options = {});

}  // namespace slaudit::probe
