#pragma once
// The claims report as a page (issue 20: "an HTML form like the audit's"):
// the same inline style and no script or network, a summary table of every
// claim with its verdict, each claim with its readings and evidence, then the
// inputs with their digests and the records read.
#include <string>

#include "engine/claims/verdict.h"

namespace slaudit::report {

std::string render_claims_html(const claims::ClaimsReport& report);

}  // namespace slaudit::report
