#include "report/json/render_json.h"

#include <sstream>

#include "report/json/json_writer.h"
#include "report/json/sections.h"
#include "report/json/values.h"

namespace slaudit::report {

namespace {

void write_contract(JsonWriter& w, const audit::AuditReport& report, const SourceFile& contract) {
  w.object([&] {
    w.key("currency");
    w.object([&] {
      w.field("code", report.currency.code);
      w.field("minor_digits", report.currency.minor_digits);
    });
    w.field("path", contract.name());
    w.field("timezone", report.timezone);
    w.field("title", report.contract_title);
  });
}

void write_inputs(JsonWriter& w, const std::vector<audit::InputFile>& inputs) {
  w.array([&] {
    for (const audit::InputFile& input : inputs)
      w.object([&] {
        w.field("path", input.path);
        w.field("role", input.role);
        w.field("sha256", input.sha256);
      });
  });
}

void write_records(JsonWriter& w, const audit::AuditReport& report) {
  w.array([&] {
    for (const audit::RecordAccounting& file : report.records)
      w.object([&] {
        w.field("path", file.path);
        w.field("read", file.read);
        w.field("rejected", file.rejected);
        w.field("used", file.used);
      });
  });
}

void write_rejected(JsonWriter& w, const audit::AuditReport& report) {
  w.array([&] {
    for (const audit::RejectedRecord& record : report.rejected)
      w.object([&] {
        w.field("line", record.line);
        w.field("path", record.path);
        w.field("reason", record.reason);
      });
  });
}

void write_totals(JsonWriter& w, const audit::AuditReport& report) {
  w.array([&] {
    for (const audit::ServiceTotal& total : report.totals)
      w.object([&] {
        w.key("owed");
        write_money(w, total.owed_minor, report.currency);
        w.field("service", total.service);
      });
  });
}

void write_report(JsonWriter& w, const audit::AuditReport& report, const SourceFile& contract) {
  w.field("breached", report.breached());
  w.key("contract");
  write_contract(w, report, contract);
  w.key("engine");
  w.object([&] {
    w.field("tzdata", report.tzdata_version);
    w.field("version", report.engine_version);
  });
  w.field("evidence_complete", report.evidence_complete());
  w.key("evidence_gaps");
  write_strings(w, report.evidence_gaps);
  w.key("inputs");
  write_inputs(w, report.inputs);
  w.key("notes");
  write_strings(w, report.notes);
  w.key("periods");
  w.array([&] {
    for (const audit::PeriodAudit& period : report.periods) write_period(w, period, report.currency, contract);
  });
  if (!report.probe_accounting.empty()) {
    w.key("probe_accounting");
    w.array([&] {
      for (const auto& a : report.probe_accounting) write_probe_accounting(w, a, contract);
    });
  }
  w.field("range", report.range);
  w.key("records");
  write_records(w, report);
  w.key("recovery");
  w.array([&] {
    for (const audit::RecoveryAudit& audit : report.recovery) write_recovery(w, audit, report.currency, contract);
  });
  w.key("rejected");
  write_rejected(w, report);
  w.field("schema", kReportSchema);
  w.key("total_owed");
  write_money(w, report.total_owed_minor, report.currency);
  w.field("total_owed_lower_bound", report.owed_is_lower_bound());
  w.key("totals");
  write_totals(w, report);
  w.field("verdict", audit::verdict_name(report.verdict));
}

}  // namespace

void write_report_json(const audit::AuditReport& report, const SourceFile& contract, std::ostream& out) {
  {
    JsonWriter w(out);
    w.object([&] { write_report(w, report, contract); });
  }
  out << "\n";
}

nlohmann::json report_to_json(const audit::AuditReport& report, const SourceFile& contract) {
  std::ostringstream text;
  write_report_json(report, contract, text);
  return nlohmann::json::parse(text.str());
}

}  // namespace slaudit::report
