#pragma once
// The audit report as JSON, schema "slaudit-audit-report/1"
// (docs/audit-report.schema.json). Deterministic: object keys are sorted
// (nlohmann::json's std::map) and arrays keep the report's order, so the same
// report dumps to the same bytes. Exact figures only: rationals as
// {num, den} strings, seconds and minor units as integers.
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/audit/report.h"
#include "engine/syntax/source.h"

namespace slaudit::report {

inline constexpr std::string_view kReportSchema = "slaudit-audit-report/1";

nlohmann::json report_to_json(const audit::AuditReport& report, const SourceFile& contract);

}  // namespace slaudit::report
