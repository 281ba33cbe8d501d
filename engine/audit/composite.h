#pragma once
// Composite SLAs audited from their components' measured timelines
// (docs/audit.md, "Composite SLAs"): per period, each second's state from the
// components' states at that second (series: down when any is down; parallel:
// down only when all are), over the part of the period every component audited.
#include <vector>

#include "engine/audit/report.h"
#include "language/model/contract.h"

namespace slaudit::audit {

// One CompositeAudit per composite of the contract, in its order, from the
// audited periods of its availability clauses.
std::vector<CompositeAudit> audit_composites(const model::Contract& contract, const std::vector<PeriodAudit>& periods);

// Whether a composite names `clause` as a component: its periods then keep
// their timelines whatever the report's format needs.
bool is_composite_component(const model::Contract& contract, const model::AvailabilityClause& clause);

}  // namespace slaudit::audit
