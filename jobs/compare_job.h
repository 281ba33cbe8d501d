#pragma once
// `slaudit compare`: reads two or more contracts (each compiled and linted),
// each vendor's evidence, one outage history (a log, or the seeded generator
// with the Llama 3 fault mix) and the weights, every input named in the report
// with its digest; runs the comparison and decides the exit code.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/selection/compare_vendors.h"
#include "jobs/messages.h"
#include "language/compile/compile.h"

namespace slaudit::jobs {

struct CompareJobOptions {
  std::vector<std::string> contracts;  // two or more .sla files
  // Each contract NAME.sla's evidence is NAME.inventory.json, NAME.measurements.jsonl and
  // NAME.incidents.jsonl (or .csv), each optional: in `evidence_dir`, or beside the contract.
  std::string evidence_dir;
  bool no_evidence = false;
  std::string service;  // the service compared (and replayed); empty: each contract's only one
  // The outage history: a log, or the generator.
  std::string replay, replay_format;
  bool generate = false;
  uint64_t seed = 1;
  int64_t days = 54;                 // the reference's 54 days
  std::string generate_from = "2026-10-01";
  int64_t job_gpus = selection::ReplayInput::kDefaultJobGpus;
  std::string period, from, to;      // the days replayed; empty: the history's
  std::string weights;               // a weights file; empty: the article's
  bool strict = false;               // rejected records make the exit code kContractErrors
};

struct CompareJob {
  int exit_code = kUsageOrIo;
  Messages messages;  // to print before the report
  Messages trailing;  // after it
  std::vector<std::unique_ptr<SourceFile>> sources;
  std::vector<std::unique_ptr<CompiledContract>> compiled;
  std::optional<selection::CompareReport> report;
};

CompareJob run_compare_job(const CompareJobOptions& options);

// The generator's counts for `days` and `gpus`, scaled from the reference run
// (419 unexpected interruptions over 54 days on 16,384 GPUs; 47 planned over
// the 54 days), each rounded half up.
struct GeneratedCounts {
  int64_t unexpected = 0, planned = 0;
};
GeneratedCounts generated_counts(int64_t days, int64_t gpus);
// The most unexpected interruptions --generate makes: about 1 GiB at its peak.
inline constexpr int64_t kMaxGeneratedUnexpected = 1'000'000;

}  // namespace slaudit::jobs
