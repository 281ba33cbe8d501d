// Differential: an audit's figures depend on the contract and the incidents,
// not on the order the incidents come in nor on threads. The fuzzed bytes are
// an incident log (JSON Lines) for a fixed contract (two services, every kind
// of incident rule, a recovery clause); its usable incidents are audited over
// 2026-Q4 in log order on threads, and reversed on the caller's thread only,
// and every figure must agree: per period the seconds, exact fractions,
// verdict and money; per recovery clause the counts and percentiles; totals.
#include <algorithm>

#include "engine/audit/audit.h"
#include "fuzz/support/fuzz_target.h"
#include "fuzz/support/text_diff.h"
#include "language/compile/compile.h"
#include "telemetry/incidents/incident_reader.h"

using namespace slaudit;

namespace {

const char* const kContract = R"(contract "Fuzzed order" {
  effective 2026-01-01 to 2027-12-31; timezone "Asia/Shanghai"; currency CNY;
  service training { fee 1200000.00 per month; scope single cluster "bj-gpu-01"; capacity 4096 gpus, 512 nodes; }
  service inference { fee 300000.00 per month; capacity 8192 gpus; starts 2026-10-17; }
  availability training {
    target 99.9%; period calendar month;
    unavailable when incident affects >= 5% of gpus;
    ignore downtime shorter than 1 min;
    exclude maintenance with notice >= 72 h, at most 4 h per period;
    exclude cause in (customer, force_majeure);
    excluded time removed from period;
    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }
    cap 100% of monthly fee; claim within 30 d after period end;
  }
  availability inference {
    target 99.5%; period calendar month; partial period split;
    unavailable weighted by affected share;
    credit of monthly fee { below 99.5%: 10%; below 99.0%: 30%; }
    cap 50% of monthly fee; claim within 30 d after period end;
  }
  recovery training {
    faults (node_down, gpu_xid, nic_failure);
    within 20 min from detected to recovered;
    credit 1% of monthly fee per breach; cap 10% of monthly fee;
  }
}
)";

struct Fixture {
  SourceFile source{"order.sla", kContract};
  CompiledContract compiled = compile_contract(source);
  ServiceNames services;
  Fixture() {
    SLAUDIT_FUZZ_EXPECT(compiled.ok(), "the harness's contract does not compile");
    for (const auto& service : compiled.contract->services) services.insert(service.name);
  }
};

std::string figures(const audit::AuditReport& report) {
  std::string out;
  for (const audit::PeriodAudit& p : report.periods) {
    out += p.service + " " + p.clause_label + " " + p.period + " length " + std::to_string(p.length.count()) +
           " excluded " + std::to_string(p.excluded.count()) + " down_raw " + std::to_string(p.down_raw.count()) +
           " down " + p.down.str() + " eligible " + p.eligible.str() +
           " availability " + (p.availability ? p.availability->str() : "none") + " met " + std::to_string(p.met) +
           " fee " + std::to_string(p.fee_minor) + " credit " + std::to_string(p.credit_minor) + " cap " +
           std::to_string(p.cap_minor) + " owed " + std::to_string(p.owed_minor) + " free_hours " +
           std::to_string(p.free_hours) + " hour_rule " + std::to_string(p.hour_rule_minor) + " gaps " +
           std::to_string(p.evidence_gaps.size()) + "\n";
  }
  for (const audit::RecoveryAudit& r : report.recovery) {
    out += "recovery " + r.service + " covered " + std::to_string(r.covered) + " breaches " + std::to_string(r.breaches) + "\n";
    for (const audit::FaultStats& s : r.stats)
      out += "  " + s.fault + " " + std::to_string(s.count) + " " + std::to_string(s.median.count()) + " " +
             std::to_string(s.p95.count()) + " " + std::to_string(s.max.count()) + " " + std::to_string(s.breaches) + "\n";
  }
  for (const audit::ServiceTotal& t : report.totals) out += "total " + t.service + " " + std::to_string(t.owed_minor) + "\n";
  return out + "owed " + std::to_string(report.total_owed_minor) + " verdict " +
         std::to_string(static_cast<int>(report.verdict)) + "\n";
}

std::string audit_figures(const Fixture& f, std::vector<Incident> incidents, bool use_threads) {
  audit::AuditRequest request;
  request.contract = &*f.compiled.contract;
  request.contract_source = &f.source;
  request.incidents = std::move(incidents);
  request.range = *audit::parse_audit_range("2026-Q4");
  request.use_threads = use_threads;
  const audit::AuditResult result = audit::run_audit(request);
  if (!result.report) return "errors " + std::to_string(result.errors.size()) + "\n";
  return figures(*result.report);
}

}  // namespace

SLAUDIT_FUZZ_TARGET(audit_order) {
  static const Fixture fixture;
  IncidentReadOptions options;
  options.format = LogFormat::JsonLines;
  options.services = fixture.services;
  IncidentLogResult read = read_incident_log(data, "order.jsonl", options);
  if (!read.ok() || read.log->incidents.empty()) return;

  std::vector<Incident> reversed = read.log->incidents;
  std::reverse(reversed.begin(), reversed.end());
  const std::string in_order = audit_figures(fixture, std::move(read.log->incidents), true);
  const std::string backwards = audit_figures(fixture, std::move(reversed), false);
  SLAUDIT_FUZZ_EXPECT(in_order == backwards,
                      "incidents in log order (threads) and reversed (no threads) give different figures:" +
                          fuzz::first_difference(in_order, backwards));
}
