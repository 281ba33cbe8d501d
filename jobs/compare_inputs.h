#pragma once
// The inputs of `slaudit compare`, internal to jobs/: each vendor's contract
// (compiled and linted) and evidence, and the outage history, kept alive for
// the engine at stable addresses.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/selection/compare_vendors.h"
#include "jobs/compare_job.h"
#include "jobs/inputs.h"
#include "telemetry/evidence/inventory.h"
#include "telemetry/evidence/measurements.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::jobs {

// What a comparison reads besides the contracts: digests, record counts, rejections.
struct CompareInputs {
  Inputs files;
  std::vector<audit::RecordAccounting> records;
  std::vector<audit::RejectedRecord> rejected;
};

struct LoadedVendor {
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<CompiledContract> compiled;
  std::optional<evidence::Inventory> inventory;
  std::optional<evidence::MeasurementLog> measurements;
  std::optional<IncidentLog> incidents;
  selection::VendorInput input;
};

// Compiles, lints and reads the evidence of every contract; false (with the
// reason in `job.messages` and the exit code set) when one cannot be used.
bool load_vendors(const CompareJobOptions& o, CompareInputs& inputs, std::vector<std::unique_ptr<LoadedVendor>>& vendors,
                  CompareJob& job);

struct LoadedHistory {
  std::vector<Incident> incidents;
  selection::ReplayInput input;
};

// The history of --replay or --generate; nullopt with nothing to replay; false
// (with the reason in `messages`) when it cannot be read.
bool load_history(const CompareJobOptions& o, CompareInputs& inputs, std::optional<LoadedHistory>& history,
                  Messages& messages);

}  // namespace slaudit::jobs
