// One recovery clause's audit as JSON ($defs/recovery in docs/audit-report.schema.json).
#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

nlohmann::json stats_json(const std::vector<audit::FaultStats>& stats) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::FaultStats& s : stats)
    out.push_back({{"fault", s.fault},
                   {"count", s.count},
                   {"median_seconds", s.median.count()},
                   {"p95_seconds", s.p95.count()},
                   {"max_seconds", s.max.count()},
                   {"breaches", s.breaches}});
  return out;
}

nlohmann::json findings_json(const std::vector<audit::RecoveryFinding>& findings) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::RecoveryFinding& f : findings)
    out.push_back({{"id", f.id},
                   {"line", f.line},
                   {"fault", f.fault},
                   {"time_to_recover_seconds", f.time_to_recover.count()},
                   {"breach", f.breach},
                   {"clock", f.clock},
                   {"flags", strings_json(f.flags)}});
  return out;
}

}  // namespace

nlohmann::json recovery_json(const audit::RecoveryAudit& audit, const model::Currency& currency,
                             const SourceFile& contract) {
  return {{"service", audit.service},
          {"clause_label", audit.clause_label},
          {"clause", clause_json(contract, audit.clause)},
          {"limit_seconds", audit.limit ? nlohmann::json(audit.limit->count()) : nlohmann::json(nullptr)},
          {"findings", findings_json(audit.findings)},
          {"stats", stats_json(audit.stats)},
          {"uncovered", stats_json(audit.uncovered)},
          {"uncovered_incidents", strings_json(audit.uncovered_incidents)},
          {"breaches", audit.breaches},
          {"assessed", audit.assessed},
          {"credit", money_json(audit.credit_minor, currency)},
          {"cap", audit.cap_minor < 0 ? nlohmann::json(nullptr) : money_json(audit.cap_minor, currency)},
          {"owed", money_json(audit.owed_minor, currency)},
          {"explain", explanations_json(contract, audit.explain)}};
}

}  // namespace slaudit::report
