#include "rules/availability/maintenance_terms.h"

namespace slaudit::rules {

std::vector<MaintenanceTerm> maintenance_terms(const model::AvailabilityClause& clause) {
  std::vector<MaintenanceTerm> out;
  for (const auto& m : clause.maintenance)
    out.push_back({m.range, m.min_notice.has_value(), m.cap_per_period.has_value()});
  // `exclude cause in (maintenance)` excludes every maintenance, announced or not, however long.
  if (auto it = clause.excluded_causes.find("maintenance"); it != clause.excluded_causes.end())
    out.push_back({it->second, false, false});
  return out;
}

}  // namespace slaudit::rules
