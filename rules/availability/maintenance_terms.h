#pragma once
// The maintenance exclusions of a clause, as the two maintenance rules see
// them: `exclude maintenance ...` items and `maintenance` among excluded causes.
#include <optional>
#include <vector>

#include "language/model/contract.h"

namespace slaudit::rules {

struct MaintenanceTerm {
  SourceRange range;
  bool has_notice = false;
  bool has_cap = false;
};
std::vector<MaintenanceTerm> maintenance_terms(const model::AvailabilityClause& clause);

}  // namespace slaudit::rules
