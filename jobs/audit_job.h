#pragma once
// `slaudit audit`: everything between the command line and the report. Reads
// the contract and every input (each named in the report with its digest),
// runs the probe engines and the audit, and accounts for every record read.
// The CLI parses options into AuditJobOptions, calls run_audit_job once, prints
// the messages and renders the report.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/audit/audit.h"
#include "jobs/ledger_evidence_data.h"
#include "jobs/messages.h"
#include "jobs/prometheus_inputs.h"
#include "language/compile/compile.h"

namespace slaudit::jobs {

struct AuditJobOptions {
  std::string contract;  // path; "-" is standard input
  std::string incidents, incidents_format;
  std::string source_map;  // an incident source's names to the contract's services (jobs/inputs.h)
  std::string statement, statement_format;  // the provider's stated availability (docs/audit.md section 26)
  std::string initial_state;  // status histories: "unknown" (default) or "up" (docs/audit.md section 25)
  std::string period, from, to;  // the day-range grammar; all empty: the contract's effective range
  std::string claimed;           // one filing day for every period
  // An RFC 3339 instant or "now": the periods in progress then, audited with
  // the records known by then, and their error budgets (docs/audit.md section 28).
  std::string as_of;
  std::string window;  // with as_of: a rolling window ending then ("30d", "24h")
  // The audit's instant: an RFC 3339 instant; "" or "now" is the machine's
  // clock. A period not ended then is in progress, one not begun is not
  // assessed (docs/audit.md section 33). The ledger records the instant used.
  std::string now;
  std::string covers;  // "FROM/TO": the span the incident log covers; "": inferred from its records
  std::string claims, billing, previous_credits;
  std::string holidays;  // the days of the contract's holiday calendar (docs/audit.md section 27)
  std::vector<std::string> probes;
  std::string targets_map;
  std::string lateness = "3h";
  bool live = false;  // probe inputs are a live stream: samples later than the lateness are lost
  std::string target_label = "instance";
  PrometheusOptions prometheus;  // url or replay_dir set: probe clauses read from recorded bucket figures
  bool strict = false;  // rejected records make the exit code kContractErrors
  std::string ledger;   // record the audit in this ledger file (docs/ledger.md); "": none
  // What the audit takes from its ledger (claim filing days, earlier credits
  // for caps over months): read from `ledger` when absent; given, by ledger
  // verify, as the recorded audit read them.
  std::optional<LedgerEvidence> ledger_evidence;
  // What the chosen output prints beyond the figures (the figures are the same
  // either way; per-incident detail is most of an audit's memory on large logs).
  bool record_findings = true;
  bool record_timeline = true;
  std::function<void(std::string_view)> progress;  // probe reading progress; null: none
};

struct AuditJob {
  int exit_code = kUsageOrIo;
  Messages messages;  // to print before the report
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<CompiledContract> compiled;  // holds the checked contract
  std::optional<audit::AuditReport> report;     // absent when the audit could not run
  // The incidents, freed on another thread while the report is rendered;
  // joined when the job is destroyed.
  std::jthread releasing;
  uint64_t prometheus_bytes = 0;  // fetched from Prometheus (or read from a replay)
  size_t prometheus_requests = 0;
  int64_t ledger_audit_id = 0;  // the audit's id in the ledger, when recorded

  const model::Contract& contract() const { return *compiled->contract; }
};

AuditJob run_audit_job(const AuditJobOptions& options);

}  // namespace slaudit::jobs
