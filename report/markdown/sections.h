#pragma once
// Sections of the Markdown report, internal to engine/report.
#include <string>

#include "engine/audit/report.h"
#include "language/syntax/source.h"

namespace slaudit::report {

// "## Basis": one subsection per credit, with clause and derivation.
std::string markdown_basis(const audit::AuditReport& report, const SourceFile& source);
// "`contract.sla`, line 36: `below 99.9%: 10%;`", or "default: the contract does not say".
std::string markdown_clause(const SourceFile& source, SourceRange range);
// "## Probe measurements"; empty when no clause is measured from probes.
std::string markdown_probes(const audit::AuditReport& report);

}  // namespace slaudit::report
