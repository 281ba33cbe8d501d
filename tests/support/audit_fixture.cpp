#include "tests/support/audit_fixture.h"

#include <catch2/catch.hpp>

namespace slaudit::testing {

const audit::PeriodAudit& AuditFixture::period(const std::string& service, const std::string& label) const {
  for (const auto& p : report().periods)
    if (p.service == service && p.period == label) return p;
  FAIL("no period " << label << " for service " << service);
  throw std::logic_error("unreachable");
}

const audit::IncidentFinding& AuditFixture::finding(const audit::PeriodAudit& p, const std::string& id) const {
  for (const auto& f : p.incidents)
    if (f.id == id) return f;
  FAIL("no finding for incident " << id << " in " << p.period);
  throw std::logic_error("unreachable");
}

std::unique_ptr<AuditFixture> run_audit_text(const std::string& contract, const std::string& incidents_jsonl,
                                             const std::string& range, std::vector<audit::ClaimFiling> claims,
                                             bool record_findings, const HolidayCalendar* holidays) {
  auto fx = std::make_unique<AuditFixture>();
  fx->source = std::make_unique<SourceFile>("t.sla", contract);
  fx->compiled = compile_contract(*fx->source);
  INFO(render_diagnostics(*fx->source, fx->compiled.diagnostics));
  REQUIRE(fx->compiled.ok());
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  ServiceNames names;
  for (const auto& s : fx->compiled.contract->services) names.insert(s.name);
  options.services = names;
  auto read = read_incident_log(incidents_jsonl, "t.jsonl", options);
  REQUIRE(read.ok());
  fx->log = *read.log;
  for (const auto& r : fx->log.rejected) INFO("rejected line " << r.line << ": " << r.reason);
  REQUIRE(fx->log.rejected.empty());
  audit::AuditRequest req;
  req.contract = &*fx->compiled.contract;
  req.contract_source = fx->source.get();
  req.incidents = fx->log.incidents;
  auto parsed = audit::parse_audit_range(range);
  REQUIRE(parsed.has_value());
  req.range = *parsed;
  req.claims = std::move(claims);
  req.record_findings = record_findings;
  req.record_timeline = record_findings;
  req.holidays = holidays;
  fx->result = audit::run_audit(req);
  for (const auto& e : fx->result.errors) INFO(e.message);
  REQUIRE(fx->result.report.has_value());
  return fx;
}

}  // namespace slaudit::testing
