#include "jobs/claims_job.h"

#include "jobs/inputs.h"
#include "jobs/status_evidence.h"
#include "telemetry/evidence/inventory.h"
#include "telemetry/evidence/measurements.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::jobs {

namespace {

struct Loaded {
  Inputs inputs;
  std::vector<audit::RecordAccounting> records;
  std::vector<audit::RejectedRecord> rejected;
  std::optional<evidence::Inventory> inventory;
  std::optional<evidence::MeasurementLog> measurements;
  std::optional<IncidentLog> incidents;
};

bool load_inventory(const ClaimsJobOptions& o, Loaded& loaded, Messages& messages) {
  if (o.inventory.empty()) return true;
  const auto bytes = read_input("inventory", o.inventory, loaded.inputs, messages);
  if (!bytes) return false;
  evidence::InventoryResult result = evidence::read_inventory(*bytes, o.inventory);
  for (const evidence::InventoryError& e : result.errors)
    messages.push_back(evidence::inventory_error_text(o.inventory, e));
  if (!result.ok()) return false;
  const size_t n = result.inventory->clusters.size();
  loaded.records.push_back({o.inventory, n, n, 0});
  loaded.inventory = std::move(result.inventory);
  return true;
}

bool load_measurements(const ClaimsJobOptions& o, const model::Contract& contract, Loaded& loaded,
                       Messages& messages) {
  if (o.measurements.empty()) return true;
  const auto bytes = read_input("measurements", o.measurements, loaded.inputs, messages);
  if (!bytes) return false;
  loaded.measurements = evidence::read_measurements(*bytes, o.measurements, service_names(contract));
  const auto& log = *loaded.measurements;
  loaded.records.push_back({o.measurements, log.records_read, log.measurements.size(), log.rejected.size()});
  for (const RejectedRecord& r : log.rejected) loaded.rejected.push_back({o.measurements, r.line, r.reason});
  return true;
}

bool load_incidents(const ClaimsJobOptions& o, const model::Contract& contract, Loaded& loaded, Messages& messages) {
  if (o.incidents.empty()) return true;
  std::optional<IncidentLog> log =
      read_incident_input({o.incidents, o.incidents_format, o.initial_state, o.source_map, o.strict},
                          service_names(contract), loaded.inputs, messages);
  if (!log) return false;
  // Records, not incidents: a status history's transitions and a source's records naming several
  // services are not one incident each.
  const size_t used = log->used_records();
  loaded.records.push_back({o.incidents, log->records_read, used, log->rejected.size(), log->not_for_contract});
  for (const RejectedRecord& r : log->rejected) loaded.rejected.push_back({o.incidents, r.line, r.reason});
  loaded.incidents = std::move(log);
  return true;
}

// A claim is verified on the incidents a status history gives; what the
// history leaves unknown, or assumed, is said beside the verdicts.
void note_status(const IncidentLog& log, const model::Contract& contract, claims::ClaimsReport& report) {
  const ServiceNames services = service_names(contract);
  for (const std::string& service : services)
    if (std::string gap = status_gap(log, service, Instant::min()); !gap.empty()) report.notes.push_back(std::move(gap));
  for (std::string& note : status_notes(log, services)) report.notes.push_back(std::move(note));
}

int verdict_code(const ClaimsJobOptions& o, const claims::ClaimsReport& report, Messages& trailing) {
  if (!report.rejected.empty()) {
    trailing.push_back(std::string("slaudit: ") + (o.strict ? "error: " : "warning: ") +
                       std::to_string(report.rejected.size()) +
                       " evidence record(s) rejected; each is listed in the report");
    if (o.strict) return kContractErrors;
  }
  const auto counts = report.counts();
  const size_t unverifiable = counts[static_cast<size_t>(claims::Verdict::Unverifiable)];
  const bool failed = counts[static_cast<size_t>(claims::Verdict::Refuted)] > 0 ||
                      counts[static_cast<size_t>(claims::Verdict::Ambiguous)] > 0 ||
                      (unverifiable > 0 && !o.allow_unverifiable);
  if (unverifiable > 0 && o.allow_unverifiable)
    trailing.push_back("slaudit: note: " + std::to_string(unverifiable) +
                       " claim(s) UNVERIFIABLE, allowed by --allow-unverifiable");
  return failed ? kBreach : kOk;
}

bool compile(const ClaimsJobOptions& o, Inputs& inputs, ClaimsJob& job) {
  if (compile_contract_input(o.contract, inputs, job.messages, job.source, job.compiled)) return true;
  if (job.compiled) job.exit_code = kContractErrors;  // read, but it has errors
  return false;
}

}  // namespace

ClaimsJob run_claims_job(const ClaimsJobOptions& o) {
  ClaimsJob job;
  if (!stdin_read_once("claims",
                       {{"the contract", o.contract}, {"--inventory", o.inventory},
                        {"--measurements", o.measurements}, {"--incidents", o.incidents}},
                       job.messages))
    return job;
  Loaded loaded;
  if (!compile(o, loaded.inputs, job)) return job;
  const model::Contract& contract = *job.compiled->contract;
  bool given = false;
  const std::optional<audit::AuditRange> range =
      range_from_options("claims", o.period, o.from, o.to, given, job.messages);
  if (given && !range) return job;  // nullopt without a range given: the months the log spans
  if (!load_inventory(o, loaded, job.messages) || !load_measurements(o, contract, loaded, job.messages) ||
      !load_incidents(o, contract, loaded, job.messages))
    return job;

  claims::ClaimsRequest request;
  request.contract = &contract;
  request.contract_source = job.source.get();
  if (loaded.inventory) request.inventory = &*loaded.inventory;
  if (loaded.measurements) request.measurements = &loaded.measurements->measurements;
  if (loaded.incidents) request.incidents = &loaded.incidents->incidents;
  request.range = range;
  claims::ClaimsReport report = claims::verify_claims(request);
  report.inputs = std::move(loaded.inputs);
  report.records = std::move(loaded.records);
  report.rejected = std::move(loaded.rejected);
  if (loaded.incidents) note_status(*loaded.incidents, contract, report);
  if (report.items.empty()) job.messages.push_back("slaudit: warning: the contract makes no claim and no commitment");
  job.exit_code = verdict_code(o, report, job.trailing);
  job.report = std::move(report);
  return job;
}

}  // namespace slaudit::jobs
