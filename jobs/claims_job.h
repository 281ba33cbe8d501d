#pragma once
// `slaudit claims`: reads the contract and the evidence (inventory,
// measurements, incident log; each optional and named in the report with its
// digest), verifies every claim and commitment, and decides the exit code.
#include <memory>
#include <optional>
#include <string>

#include "engine/claims/verify.h"
#include "jobs/messages.h"
#include "language/compile/compile.h"

namespace slaudit::jobs {

struct ClaimsJobOptions {
  std::string contract, inventory, measurements, incidents, incidents_format;
  std::string source_map;  // an incident source's names to the contract's services (jobs/inputs.h)
  std::string initial_state;  // status histories: "unknown" (default) or "up" (docs/audit.md section 25)
  std::string period, from, to;
  bool strict = false;
  bool allow_unverifiable = false;
};

struct ClaimsJob {
  int exit_code = kUsageOrIo;
  Messages messages;  // to print before the report
  Messages trailing;  // to print after it (the verdict's summary)
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<CompiledContract> compiled;
  std::optional<claims::ClaimsReport> report;
};

ClaimsJob run_claims_job(const ClaimsJobOptions& options);

}  // namespace slaudit::jobs
