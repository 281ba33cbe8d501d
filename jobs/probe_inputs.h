#pragma once
// `slaudit audit --probes`: builds one probe engine per availability clause
// measured from probes, streams every probe file through them, and hands the
// finished engines to the audit. Progress is offered to a callback once the
// reading takes longer than a second (the CLI shows it on a terminal only).
//
// A batch audit's figures never depend on the order of rows or series: the
// inputs are first streamed as they come, and if any sample arrives after its
// bucket was finished (more than the lateness behind the latest one), they are
// read a second time through an external sort, in time order, where no sample
// is late (telemetry/probe/sample_sort.h). Standard input is copied to an
// unlinked temporary file as it is read, so it can be read again. Only a live
// audit (`live`) keeps the lateness window as a rule: a late sample is then
// lost, counted, and its period's evidence is incomplete.
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "jobs/inputs.h"
#include "engine/audit/audit.h"
#include "engine/audit/probe/probe_engine.h"
#include "telemetry/probe/probe_pipeline.h"
#include "telemetry/probe/probe_target_map.h"
#include "engine/records/probe_targets.h"

namespace slaudit::jobs {

struct ProbeOptions {
  std::vector<std::string> files;  // "-" is standard input
  std::string targets_map;         // optional JSON map of targets to services
  Seconds lateness{3 * 3600};
  bool live = false;  // the inputs are a live stream: late samples are lost, not re-read in order
  std::string target_label = "instance";  // Prometheus inputs: the label naming a series' target
  std::string temp_dir;                   // for the sort's runs and standard input's copy; empty: $TMPDIR or /tmp
  size_t sort_run_samples = size_t{1} << 20;  // samples sorted in memory at a time (40 bytes each)
  // "probes: FILE: 12M samples, 950k/s" now and then; "" when done. Null: none.
  std::function<void(std::string_view)> progress;
};

struct ProbeRun {
  probe::ProbeTargets targets;
  // A service audit's by availability clause (null when none); a fleet audit's one per resource and clause.
  std::vector<std::unique_ptr<probe::ProbeClauseEngine>> engines;
  std::vector<probe::ProbeFileResult> files;                       // by input: rows and digest
  bool sorted = false;         // the inputs were out of time order and were read again, sorted
  uint64_t sort_runs = 0;      // runs the sort spilled to temporary files (0: sorted in memory)
  uint64_t sort_spilled_bytes = 0;
};

// One engine per availability clause measured from probes, over its periods in
// the request's range (the clause's targets, plus those --targets maps to its
// service), set in `run` and `request`; the engines get their samples next, in
// time order or within the lateness. Returns false after adding a bad map's
// error to `messages`.
bool build_probe_engines(const ProbeOptions& options, audit::AuditRequest& request, ProbeRun& run,
                         std::vector<probe::ProbeClauseEngine*>& live, Messages& messages);

// What a reading of the probe inputs feeds. build() makes fresh engines over
// run.targets and run.engines, both reset (a batch read again in time order
// starts over), and returns them; feed() gives a batch of samples, in the order
// read, to the engines each belongs to. Engines may also be added to
// run.engines while feeding (a fleet's, as its targets first appear).
class ProbeEngineSet {
 public:
  virtual ~ProbeEngineSet() = default;
  virtual std::vector<probe::ProbeClauseEngine*> build(ProbeRun& run) = 0;
  virtual void feed(std::span<const probe::ProbeSample> samples) = 0;
};

// Streams every probe input into the engines `set` has built (set.build(run)
// first), read again in time order if a sample came late (unless live), and
// finishes every engine of run.engines. `sources` names the inputs by index.
// Errors are added to `messages`; returns false then.
bool read_probe_inputs_into(const ProbeOptions& options, const model::Contract& contract,
                            const std::vector<std::string>& sources, ProbeEngineSet& set, ProbeRun& run,
                            Messages& messages);

// The --targets map, checked against the contract's services; nullopt and
// ok = true when no path is given; ok = false after adding the error.
std::optional<probe::TargetMap> read_target_map(const std::string& path, const model::Contract& contract,
                                                Messages& messages, bool& ok);

// The contract's latency bounds, each once, in clause order: bound k + 1 at
// index k (a sample's `bound`). Clauses with the same bound share its samples.
std::vector<Decimal> latency_bounds(const model::Contract& contract);

// A clause's engine options: the lateness, the readings it needs, its latency bound.
probe::ProbeEngineOptions engine_options(const ProbeOptions& options, const model::Contract& contract,
                                         const model::AvailabilityClause& clause);

// Errors (unreadable file, bad header, bad map) are added to `messages`; returns false then.
bool read_probe_inputs(const ProbeOptions& options, audit::AuditRequest& request, ProbeRun& run, Messages& messages);

// Names each probe file in `inputs` (role "probes", path as given, "-" for
// standard input) with the SHA-256 of the bytes read: the file on disk,
// compressed for gzip; what standard input delivered for "-".
void add_probe_inputs(const ProbeOptions& options, const ProbeRun& run, Inputs& inputs);

// A probe file's notes: its NaN values, and rejected rows counted beyond those listed.
std::vector<std::string> probe_file_notes(const std::string& name, const probe::ProbeAccounting& accounting);

// Adds each probe file's row accounting and rejected rows to the report.
void account_probe_files(const ProbeOptions& options, const ProbeRun& run, audit::AuditReport& report);

// The longest duration an option takes: a hundred years (876600h), far past
// any lateness, lag or timeout, and far from overflowing Instant arithmetic.
inline constexpr Seconds kMaxOptionDuration{876600LL * 3600};

// "3h", "90m", "600s", "0" -> seconds; nullopt when malformed or longer than
// kMaxOptionDuration.
std::optional<Seconds> parse_lateness(const std::string& text);

}  // namespace slaudit::jobs
