#pragma once
// Which per-resource clauses apply to a resource of a fleet: its `where`
// selectors, then the service's matching rule (`each NOUN under
// first|worst|every matching clause`). Decided from the contract and the
// resource alone, so it cannot depend on the order of any input.
#include <cstddef>
#include <string>
#include <vector>

#include "engine/records/resource.h"
#include "language/model/contract.h"

namespace slaudit::audit {

enum class MatchOutcome { Assessed, NoClause, Ambiguous };
const char* match_outcome_name(MatchOutcome outcome);

struct ResourceMatch {
  MatchOutcome outcome = MatchOutcome::NoClause;
  std::vector<size_t> clauses;   // indices into Contract::availability, in file order; empty unless Assessed
  std::vector<size_t> matching;  // every clause whose selectors hold, in file order (for the report)
  std::string reason;            // why not assessed: "matched by no clause", "matched by 2 clauses ..."
};

// Whether every `where` of `clause` holds for `resource`.
bool selectors_hold(const model::AvailabilityClause& clause, const Resource& resource);

ResourceMatch match_resource(const model::Contract& contract, const Resource& resource);

}  // namespace slaudit::audit
