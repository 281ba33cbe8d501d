#pragma once
// `slaudit audit --prometheus URL`: the probe clauses audited from the bucket
// figures Prometheus recorded with the rules of `slaudit prometheus-rules`,
// read through /api/v1/series and /api/v1/query_range (paged, at most 10,000
// points per series and about `points_per_request` per response) into the
// same probe engines `--probes` feeds, so the figures are those of the raw
// samples. Every fetched body is digested (one input per clause and period:
// the SHA-256 of its responses in request order) and can be kept with
// --save-fetched and replayed with --prometheus-replay. A period whose figures
// the server could not give whole (warnings, unrecorded buckets, NaN) is
// flagged incomplete.
#include <string>
#include <vector>

#include "engine/audit/audit.h"
#include "jobs/inputs.h"
#include "jobs/probe_inputs.h"
#include "telemetry/prometheus/http_client.h"

namespace slaudit::jobs {

struct PrometheusOptions {
  std::string url;          // http(s)://host:port[/prefix]; empty with replay_dir
  std::string replay_dir;   // read saved responses instead of the server
  std::string save_dir;     // keep every response here
  std::string bearer_token_file, basic_auth_file;  // "TOKEN" / "USER:PASSWORD", first line
  std::string ca_file;
  bool insecure_skip_verify = false;
  std::string timeout = "2m";  // per request attempt; a request with its retries ends within twice this
  std::string deadline = "30m";  // the whole read: every request of every clause and period
  int retries = 2;
  uint64_t points_per_request = 1'000'000;
  prometheus::Milliseconds first_backoff{500};
};

// A period whose recorded figures are not whole, and why.
struct IncompletePeriod {
  size_t clause = 0;
  Instant start;  // where its audited part starts
  Instant end;    // and ends
  std::string reason;
};

struct PrometheusRun {
  std::vector<IncompletePeriod> incomplete;
  std::vector<audit::RecordAccounting> records;  // one row per clause and period
  std::vector<audit::RejectedRecord> rejected;   // the first of each row's rejected values
  std::vector<std::string> notes;
  uint64_t bytes = 0;
  size_t requests = 0;
};

// One probe clause's recorded figures over one of its parts, and what takes them.
struct RecordedRead {
  size_t clause = 0;
  probe::ProbePart part;
  const model::ProbeRule* rule = nullptr;  // the clause's: its bucket and signal
  probe::ProbeSink* sink = nullptr;
};

// Reads each (clause, part) of `reads`, in order, from Prometheus or a replay:
// the shift the rules recorded with, which buckets they evaluated, then pages
// of per-target figures into the read's sink (one sample per target and
// bucket, at the bucket's start; targets interned in `targets`). Each part is
// one input, "URL SERVICE FROM..TO", appended to `sources` (its index is its
// samples' source) and to `inputs` with the SHA-256 of its responses; its
// records, rejected values, NaN notes and gaps go to `out`. Errors are added
// to `messages`; returns false then.
bool read_recorded(const PrometheusOptions& options, const model::Contract& contract,
                   const std::vector<RecordedRead>& reads, const std::string& target_label,
                   probe::ProbeTargets& targets, std::vector<std::string>& sources, PrometheusRun& out,
                   Inputs& inputs, Messages& messages);

// A service audit's probe clauses, each over its parts, through read_recorded
// into one engine per clause. Errors (unreachable server, HTTP or API
// failure, malformed response, no recorded series) are added to `messages`;
// returns false then.
bool read_prometheus_inputs(const ProbeOptions& probe_options, const PrometheusOptions& options,
                            audit::AuditRequest& request, ProbeRun& run, PrometheusRun& prometheus, Inputs& inputs,
                            Messages& messages);

// Records, rejected values and notes into the report; each incomplete period
// gets an evidence gap saying why, and so does the report (exit code 4 then).
void account_prometheus(const model::Contract& contract, const PrometheusRun& prometheus, audit::AuditReport& report);

}  // namespace slaudit::jobs
