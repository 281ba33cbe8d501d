#pragma once
// The audit report as Markdown a lawyer can paste into a letter: who and what
// was audited, a table of periods with the credits owed, the basis of each
// credit (clause location, clause text, derivation), the rejected records and
// the digests of the inputs. The parties and effective dates come from the
// checked contract, which the report itself does not repeat.
#include <string>

#include "engine/audit/report.h"
#include "language/model/contract.h"
#include "language/syntax/source.h"

#include "engine/claims/verdict.h"
#include "engine/selection/comparison.h"

namespace slaudit::report {

std::string render_markdown(const audit::AuditReport& report, const model::Contract& contract,
                            const SourceFile& source);

// A claim letter per period owing a credit (report/common/claim_letter.h).
std::string render_claim_letters_markdown(const audit::AuditReport& report, const model::Contract& contract,
                                          const SourceFile& source);

// The claims report as Markdown for a letter to the vendor.
std::string render_claims_markdown(const claims::ClaimsReport& report);

// The comparison of providers as Markdown, for a memo to whoever signs.
std::string render_compare_markdown(const selection::CompareReport& report);

}  // namespace slaudit::report
