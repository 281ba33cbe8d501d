#pragma once
// The audit as spreadsheets read it (issue 20; docs/audit.md section 29), RFC
// 4180, one header row, figures as plain numbers (no thousands separators:
// a spreadsheet parses them), money in the currency's decimals:
//   --format csv            one row per audited period: its figures, credit and claim
//   --format csv-incidents  one row per incident finding of each period: its role and seconds
// Rows in the report's order. Every figure is the report's; nothing is
// computed here but its text. Availability is given twice: as a percentage
// with six decimals, truncated (never overstated), and exactly, as a fraction.
#include <ostream>

#include "engine/audit/report.h"
#include "language/syntax/source.h"

namespace slaudit::report {

void write_periods_csv(const audit::AuditReport& report, const SourceFile& contract, std::ostream& out);
void write_incidents_csv(const audit::AuditReport& report, const SourceFile& contract, std::ostream& out);

}  // namespace slaudit::report
