#pragma once
// Comparing providers for one decision: the same outage history replayed
// through every contract (what each would measure and pay, beside what the
// lost training time cost), the article's seven questions per vendor, and a
// scorecard on its six dimensions built only from contract terms, rule
// findings and claim verdicts. Pure: no I/O, no clock; the same request gives
// the same report. docs/compare.md states every formula.
#include <optional>
#include <string>
#include <vector>

#include "engine/audit/audit.h"
#include "engine/records/evidence.h"
#include "engine/records/incident.h"
#include "engine/selection/comparison.h"
#include "language/model/contract.h"
#include "language/syntax/ast.h"

namespace slaudit::selection {

struct VendorInput {
  std::string name;  // as the report names the vendor
  const SourceFile* source = nullptr;
  const model::Contract* contract = nullptr;
  const ast::Contract* syntax = nullptr;  // for the exact line of a service's terms
  size_t service = 0;                     // the compared service, an index into contract->services
  std::vector<RuleFinding> findings;      // unsilenced findings of the rule catalogue
  // The vendor's evidence for its claims; each optional (docs/claims.md).
  const evidence::Inventory* inventory = nullptr;
  const std::vector<evidence::Measurement>* measurements = nullptr;
  const std::vector<Incident>* incidents = nullptr;
};

struct ReplayInput {
  const std::vector<Incident>* incidents = nullptr;  // the history: every incident replayed, in log order
  std::string source;                                // the log's path, or "generated"
  std::optional<GeneratedHistory> generated;
  Instant from, to;                                  // the window; every incident starts in it
  std::optional<audit::AuditRange> range;            // given by the user; else each contract's local days of the window
  int64_t job_gpus = kDefaultJobGpus;
  static constexpr int64_t kDefaultJobGpus = 16384;  // the reference run's (Llama 3)
};

struct CompareRequest {
  std::vector<VendorInput> vendors;
  std::optional<ReplayInput> replay;
  Weights weights = article_weights();
};

// The report's vendors, history, ranking, sensitivity and notes; the caller
// adds the inputs and the record accounting.
CompareReport compare_vendors(const CompareRequest& request);

}  // namespace slaudit::selection
