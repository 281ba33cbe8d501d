#pragma once
// The claims report (engine/claims/verdict.h) as text for terminals (aligned
// by display width, so Chinese claims line up), as JSON (schema
// "slaudit-claims-report/1", docs/claims-report.schema.json; deterministic:
// sorted keys, report order) and as Markdown for a letter to the vendor.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/claims/verdict.h"

namespace slaudit::report {

inline constexpr std::string_view kClaimsReportSchema = "slaudit-claims-report/1";

std::string render_claims_text(const claims::ClaimsReport& report);
nlohmann::json claims_report_to_json(const claims::ClaimsReport& report);
std::string render_claims_markdown(const claims::ClaimsReport& report);

}  // namespace slaudit::report
