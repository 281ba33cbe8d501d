#pragma once
// The audit report for a terminal: a table of periods, recovery, record
// accounting, the inputs with their digests, and the total owed. With
// `explain`, every figure's derivation and clause and every incident's role.
// Rounded figures carry a `~`; see figures.h.
#include <ostream>
#include <string>

#include "engine/audit/report.h"
#include "language/syntax/source.h"

#include "engine/claims/verdict.h"
#include "engine/selection/comparison.h"
#include "rules/lint.h"

namespace slaudit::report {

// Written to `out` in chunks: with --explain it lists every incident. Without,
// lists are cut at kListedAtMost items (report/common/names.h) with a count
// of the rest, so the report stays small whatever the log's size.
void write_text(const audit::AuditReport& report, const SourceFile& contract, bool explain, std::ostream& out);
// The same, as one string (tests, small reports).
std::string render_text(const audit::AuditReport& report, const SourceFile& contract, bool explain);

// The claims report (engine/claims/verdict.h) for terminals: aligned by
// display width, so Chinese claims line up.
std::string render_claims_text(const claims::ClaimsReport& report);

// `slaudit compare` (engine/selection/comparison.h): ranking and sensitivity,
// the replay, the seven questions, the scorecard with every point's basis,
// claims, records and inputs; aligned by display width.
std::string render_compare_text(const selection::CompareReport& report);

// `slaudit check`: each file's diagnostics, the rules disabled in it, and a
// line "path: ok (0 errors, 1 warning, 0 notes, 0 findings silenced)".
std::string render_check_text(const std::vector<rules::CheckedFile>& files);

}  // namespace slaudit::report
