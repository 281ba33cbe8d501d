#pragma once
// The audit report for a terminal: a table of periods, recovery, record
// accounting, the inputs with their digests, and the total owed. With
// `explain`, every figure's derivation and clause and every incident's role.
// Rounded figures carry a `~`; see figures.h.
#include <string>

#include "engine/audit/report.h"
#include "engine/syntax/source.h"

namespace slaudit::report {

std::string render_text(const audit::AuditReport& report, const SourceFile& contract, bool explain);

}  // namespace slaudit::report
