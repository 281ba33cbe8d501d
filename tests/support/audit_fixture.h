#pragma once
// Test support: compile a contract from text, read a JSON Lines incident log
// from text, and run the audit; everything kept alive for the assertions.
#include <memory>
#include <string>
#include <vector>

#include "engine/audit/audit.h"
#include "language/compile/compile.h"
#include "telemetry/incidents/incident_reader.h"

namespace slaudit::testing {

struct AuditFixture {
  std::unique_ptr<SourceFile> source;
  CompiledContract compiled;
  IncidentLog log;
  audit::AuditResult result;

  const audit::AuditReport& report() const { return *result.report; }
  // The audited period of `service` labelled `period`; fails the test when absent.
  const audit::PeriodAudit& period(const std::string& service, const std::string& period) const;
  const audit::IncidentFinding& finding(const audit::PeriodAudit& p, const std::string& id) const;
};

std::unique_ptr<AuditFixture> run_audit_text(const std::string& contract, const std::string& incidents_jsonl,
                                             const std::string& range, std::vector<audit::ClaimFiling> claims = {},
                                             bool record_findings = true, const HolidayCalendar* holidays = nullptr);

}  // namespace slaudit::testing
