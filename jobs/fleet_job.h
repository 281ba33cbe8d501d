#pragma once
// `slaudit audit CONTRACT --inventory FILE ...`: the fleet audit (docs/fleet.md).
// Reads the contract, the inventory, the billing export and the incident log
// (each named in the report with its digest), runs run_fleet_audit, and
// accounts for every record read: used, or rejected with its line and reason.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/fleet_audit.h"
#include "jobs/ledger_evidence_data.h"
#include "jobs/messages.h"
#include "jobs/prometheus_inputs.h"
#include "language/compile/compile.h"

namespace slaudit::jobs {

struct FleetJobOptions {
  std::string contract;  // path; "-" is standard input
  std::string inventory, inventory_format;  // format: "csv" or "jsonl"; "": from the extension
  std::string billing_export;               // "": none (each resource's credit base is the contract's fee)
  std::string incidents, incidents_format;  // incidents "": none (a probe audit)
  std::string source_map;                   // an incident source's names to the contract's services
  std::vector<std::string> probes;           // per-resource clauses measured from probes (jobs/fleet_probes.h)
  std::string targets_map;                   // probe targets to resources
  std::string target_label = "instance";     // Prometheus inputs: the label naming a series' target
  PrometheusOptions prometheus;  // url or replay_dir: the probe clauses from the figures Prometheus recorded
  std::string initial_state;  // status histories: "unknown" (default) or "up" (docs/audit.md section 25)
  std::string period, from, to;  // as for the service audit; all empty: the contract's effective range
  std::string as_of, window;      // --as-of INSTANT [--window D]: the periods in progress, or a rolling window
  std::string now;                // the audit's instant, as AuditJobOptions::now; recorded in the ledger
  std::string covers;             // the span the incident log covers, as AuditJobOptions::covers
  std::string claimed, claims;
  std::string holidays;  // the days of the contract's holiday calendar
  std::string explain_resource;
  bool strict = false;  // rejected records make the exit code kContractErrors
  std::string ledger;   // record the audit in this ledger file (docs/ledger.md); "": none
  // The claim filings the audit takes from its ledger: read from `ledger` when
  // absent; given, by ledger verify, as the recorded audit read them.
  std::optional<LedgerEvidence> ledger_evidence;
};

struct FleetJob {
  int exit_code = kUsageOrIo;
  int64_t ledger_audit_id = 0;  // the audit's id in the ledger, when recorded
  Messages messages;
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<CompiledContract> compiled;
  std::optional<audit::FleetReport> report;

  const model::Contract& contract() const { return *compiled->contract; }
};

FleetJob run_fleet_job(const FleetJobOptions& options);

}  // namespace slaudit::jobs
