#pragma once
// The audit report as one self-contained HTML page: no network, no external
// asset, no script. The summary table, the credits owed and why (clause
// file:line, tier, cap, claim deadline, derivation), one section per period
// with an SVG timeline whose incidents show their id, fault class and clause
// on hover, recovery, the records read and rejected, and the inputs' SHA-256
// digests. Everything from the inputs is escaped. It prints to PDF one period
// per page. The same report always gives the same bytes.
#include <string>

#include "engine/audit/report.h"
#include "engine/selection/comparison.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"

namespace slaudit::report {

// The timeline needs AuditRequest::record_timeline, the incidents and their
// roles AuditRequest::record_findings; without them those parts say so.
std::string render_html(const audit::AuditReport& report, const model::Contract& contract, const SourceFile& source);

// A claim letter per period owing a credit, one a printed page (report/common/claim_letter.h).
std::string render_claim_letters_html(const audit::AuditReport& report, const model::Contract& contract,
                                      const SourceFile& source);

// The comparison of providers as one self-contained page (no script, no
// network): the ranking with a bar chart of the weighted scores, the replay
// with a chart of credits against the cost of lost time, the seven questions,
// one table per dimension with every point's basis, the claims and the inputs.
std::string render_compare_html(const selection::CompareReport& report);

}  // namespace slaudit::report
