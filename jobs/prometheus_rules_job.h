#pragma once
// `slaudit prometheus-rules`: the recording rules that let Prometheus (or
// Thanos, Mimir) reduce a contract's probe samples to per-target, per-bucket
// figures, so that `slaudit audit --prometheus URL` reads those few series
// instead of every sample. Checks what cannot be pushed down exactly and
// refuses it with the clause's line; the CLI renders the rules
// (report/prometheus/recording_rules.h).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/probe/recording_plan.h"
#include "jobs/messages.h"
#include "language/compile/compile.h"

namespace slaudit::jobs {

struct PrometheusRulesOptions {
  std::string contract;
  std::string period, from, to;  // the range the rules must serve; default: the contract's effective range
  // Raw samples, per service ("SERVICE=SELECTOR") or for every service ("SELECTOR"):
  std::vector<std::string> success;  // 0/1 gauges, e.g. probe_success{job="blackbox"}
  std::vector<std::string> ok, total;  // per-sample count gauges, given together
  std::string target_label = "instance";
  std::string lag = "1m";        // how long after a bucket ends its figures are recorded
  int prometheus_version = 2;    // 2 or 3: how PromQL selects a range's edges
};

struct PrometheusRulesJob {
  int exit_code = kUsageOrIo;
  Messages messages;
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<CompiledContract> compiled;
  std::optional<probe::RecordingRules> rules;  // absent after an error
};

PrometheusRulesJob run_prometheus_rules_job(const PrometheusRulesOptions& options);

// "probe_success", "{job=\"x\"}", "up{a=\"b\"}": a vector selector without a
// range, function or operator; "" when it is one, else why not. A metric name
// that follows the counter conventions (_total, _count, _sum, _bucket) is
// refused: a counter's samples are running totals, not per-sample counts.
std::string selector_problem(const std::string& selector);

}  // namespace slaudit::jobs
