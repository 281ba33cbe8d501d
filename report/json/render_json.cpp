#include "report/json/render_json.h"

#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

nlohmann::json inputs_json(const std::vector<audit::InputFile>& inputs) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::InputFile& input : inputs)
    out.push_back({{"role", input.role}, {"path", input.path}, {"sha256", input.sha256}});
  return out;
}

nlohmann::json records_json(const audit::AuditReport& report) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::RecordAccounting& file : report.records)
    out.push_back({{"path", file.path}, {"read", file.read}, {"used", file.used}, {"rejected", file.rejected}});
  return out;
}

nlohmann::json rejected_json(const audit::AuditReport& report) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::RejectedRecord& record : report.rejected)
    out.push_back({{"path", record.path}, {"line", record.line}, {"reason", record.reason}});
  return out;
}

nlohmann::json contract_json(const audit::AuditReport& report, const SourceFile& contract) {
  return {{"path", contract.name()},
          {"title", report.contract_title},
          {"timezone", report.timezone},
          {"currency", {{"code", report.currency.code}, {"minor_digits", report.currency.minor_digits}}}};
}

nlohmann::json totals_json(const audit::AuditReport& report) {
  nlohmann::json out = nlohmann::json::array();
  for (const audit::ServiceTotal& total : report.totals)
    out.push_back({{"service", total.service}, {"owed", money_json(total.owed_minor, report.currency)}});
  return out;
}

}  // namespace

nlohmann::json report_to_json(const audit::AuditReport& report, const SourceFile& contract) {
  nlohmann::json periods = nlohmann::json::array();
  for (const audit::PeriodAudit& period : report.periods)
    periods.push_back(period_json(period, report.currency, contract));
  nlohmann::json recovery = nlohmann::json::array();
  for (const audit::RecoveryAudit& audit : report.recovery)
    recovery.push_back(recovery_json(audit, report.currency, contract));
  nlohmann::json out = {{"schema", std::string(kReportSchema)},
          {"engine", {{"version", report.engine_version}, {"tzdata", report.tzdata_version}}},
          {"contract", contract_json(report, contract)},
          {"range", report.range},
          {"inputs", inputs_json(report.inputs)},
          {"records", records_json(report)},
          {"rejected", rejected_json(report)},
          {"periods", std::move(periods)},
          {"recovery", std::move(recovery)},
          {"totals", totals_json(report)},
          {"total_owed", money_json(report.total_owed_minor, report.currency)},
          {"breached", report.breached()},
          {"verdict", audit::verdict_name(report.verdict)},
          {"evidence_complete", report.evidence_complete()},
          {"evidence_gaps", strings_json(report.evidence_gaps)},
          {"notes", strings_json(report.notes)}};
  if (!report.probe_accounting.empty()) {
    nlohmann::json probes = nlohmann::json::array();
    for (const auto& a : report.probe_accounting) probes.push_back(probe_accounting_json(a, contract));
    out["probe_accounting"] = std::move(probes);
  }
  return out;
}

void write_report_json(const audit::AuditReport& report, const SourceFile& contract, std::ostream& out) {
  out << report_to_json(report, contract).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace slaudit::report
