#include "jobs/compare_job.h"

#include "base/util/file_io.h"
#include "engine/claims/compare.h"
#include "jobs/compare_inputs.h"

namespace slaudit::jobs {

namespace {

// The generated history is held whole, as text and as incidents, while each
// contract audits it: measured, 999,993 unexpected interruptions (3,660
// days on 576,920 GPUs) peak at 846 MiB, 1,200,000 at 1.2 GiB. The documented
// maxima together (3,660 days, 10,000,000 GPUs: 17,333,306) needed about
// 15 GB and died of std::bad_alloc.
bool generated_history_fits(const CompareJobOptions& o, Messages& messages) {
  const int64_t unexpected = generated_counts(o.days, o.job_gpus).unexpected;
  if (unexpected <= kMaxGeneratedUnexpected) return true;
  messages.push_back("slaudit compare: --days " + std::to_string(o.days) + " and --job-gpus " +
                     claims::grouped(o.job_gpus) + " would generate " + claims::grouped(unexpected) +
                     " unexpected interruptions; at most " + claims::grouped(kMaxGeneratedUnexpected) +
                     " are generated (about 1 GiB of memory): give fewer days or GPUs, or --replay a log");
  return false;
}

bool check_options(const CompareJobOptions& o, Messages& messages) {
  if (o.contracts.size() < 2) {
    messages.push_back("slaudit compare: give at least two contracts to compare");
    return false;
  }
  if (o.generate && !o.replay.empty()) {
    messages.push_back("slaudit compare: --replay and --generate exclude each other");
    return false;
  }
  if (o.job_gpus < 1 || o.job_gpus > 10'000'000) {
    messages.push_back("slaudit compare: --job-gpus must be a whole number from 1 to 10,000,000");
    return false;
  }
  if (o.days < 1 || o.days > 3660) {
    messages.push_back("slaudit compare: --days must be a whole number of days from 1 to 3,660");
    return false;
  }
  return !o.generate || generated_history_fits(o, messages);
}

std::optional<selection::Weights> read_weights(const CompareJobOptions& o, CompareInputs& inputs, Messages& messages) {
  if (o.weights.empty()) return selection::article_weights();
  const std::optional<std::string> text = read_input("weights", o.weights, inputs.files, messages);
  if (!text) return std::nullopt;
  selection::WeightsResult result = selection::parse_weights(*text, o.weights);
  for (const selection::WeightsError& e : result.errors)
    messages.push_back(o.weights + (e.line ? ":" + std::to_string(e.line) : std::string()) + ": error: " + e.message);
  return std::move(result.weights);
}

int verdict_code(const CompareJobOptions& o, const selection::CompareReport& report, Messages& trailing) {
  if (!report.rejected.empty()) {
    trailing.push_back(std::string("slaudit: ") + (o.strict ? "error: " : "warning: ") +
                       std::to_string(report.rejected.size()) + " record(s) rejected; each is listed in the report");
    if (o.strict) return kContractErrors;
  }
  for (const selection::VendorComparison& v : report.vendors) {
    if (!v.replay) continue;
    for (const std::string& error : v.replay->errors) trailing.push_back("slaudit: warning: " + error);
    if (!v.replay->ran()) continue;
    if (!v.replay->lost_cost_minor) trailing.push_back("slaudit: warning: " + v.name + ": " + v.replay->price_basis);
    if (v.replay->periods_not_assessed > 0)
      trailing.push_back("slaudit: warning: " + v.name + ": " + std::to_string(v.replay->periods_not_assessed) +
                         " period(s) not assessed: the history gives them no usable evidence");
    for (const std::string& gap : v.replay->audit->evidence_gaps)
      trailing.push_back("slaudit: warning: " + v.name + ": " + gap);
  }
  // Incomplete, like an audit on incomplete evidence: exit 4, never "complete" (0).
  return report.incomplete() ? kIncomplete : kOk;
}

}  // namespace

CompareJob run_compare_job(const CompareJobOptions& o) {
  CompareJob job;
  if (!check_options(o, job.messages)) return job;
  CompareInputs inputs;
  std::vector<std::unique_ptr<LoadedVendor>> vendors;
  if (!load_vendors(o, inputs, vendors, job)) return job;
  std::optional<LoadedHistory> history;
  if (!load_history(o, inputs, history, job.messages)) return job;
  const std::optional<selection::Weights> weights = read_weights(o, inputs, job.messages);
  if (!weights) return job;

  selection::CompareRequest request;
  for (const auto& v : vendors) request.vendors.push_back(v->input);
  if (history) request.replay = history->input;
  request.weights = *weights;
  selection::CompareReport report = selection::compare_vendors(request);
  report.inputs = std::move(inputs.files);
  report.records = std::move(inputs.records);
  report.rejected = std::move(inputs.rejected);
  job.exit_code = verdict_code(o, report, job.trailing);
  job.report = std::move(report);
  for (auto& v : vendors) {
    job.sources.push_back(std::move(v->source));
    job.compiled.push_back(std::move(v->compiled));
  }
  return job;
}

}  // namespace slaudit::jobs
