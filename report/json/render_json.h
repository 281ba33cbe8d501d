#pragma once
// The audit report as JSON, schema "slaudit-audit-report/3"
// (docs/audit-report.schema.json). Written as it is made (JsonWriter), so a
// report of a million incidents never exists whole in memory. Deterministic:
// object keys are sorted and arrays keep the report's order, so the same
// report writes the same bytes, laid out as nlohmann::json::dump(2) would.
// Exact figures only: rationals as {num, den} strings, seconds and minor
// units as integers.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string_view>

#include "engine/audit/report.h"
#include "engine/claims/verdict.h"
#include "engine/selection/comparison.h"
#include "rules/lint.h"
#include "language/syntax/source.h"

namespace slaudit::report {

inline constexpr std::string_view kReportSchema = "slaudit-audit-report/3";

// Written to `out` with a two-space indent and a final newline.
void write_report_json(const audit::AuditReport& report, const SourceFile& contract, std::ostream& out);
// The same document parsed back, for tests and small reports (it is built whole).
nlohmann::json report_to_json(const audit::AuditReport& report, const SourceFile& contract);

// The claims report, schema "slaudit-claims-report/1"
// (docs/claims-report.schema.json); deterministic: sorted keys, report order.
inline constexpr std::string_view kClaimsReportSchema = "slaudit-claims-report/1";
nlohmann::json claims_report_to_json(const claims::ClaimsReport& report);

// The comparison of providers, schema "slaudit-compare-report/1"
// (docs/compare-report.schema.json); deterministic: sorted keys, report order.
inline constexpr std::string_view kCompareReportSchema = "slaudit-compare-report/1";
nlohmann::json compare_report_to_json(const selection::CompareReport& report);

// `slaudit check --format json`: {"version": 1, "files": [{path, ok, errors,
// warnings, notes, diagnostics, rules_ran, disabled, suppressed}]}.
nlohmann::json check_to_json(const std::vector<rules::CheckedFile>& files);

}  // namespace slaudit::report
