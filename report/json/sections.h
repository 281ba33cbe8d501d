#pragma once
// The parts of the JSON report, internal to engine/report (render_json.h is
// the public face). Each returns one schema object (see $defs).
#include <nlohmann/json.hpp>

#include "engine/audit/report.h"
#include "language/syntax/source.h"

namespace slaudit::report {

nlohmann::json period_json(const audit::PeriodAudit& period, const model::Currency& currency,
                           const SourceFile& contract);
nlohmann::json recovery_json(const audit::RecoveryAudit& audit, const model::Currency& currency,
                             const SourceFile& contract);
nlohmann::json probe_json(const audit::ProbePeriodFigures& figures, const model::Currency& currency);
nlohmann::json probe_accounting_json(const audit::ProbeClauseAccounting& accounting, const SourceFile& contract);

}  // namespace slaudit::report
