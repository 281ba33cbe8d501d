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
        // Absent when 0 (a log of this contract's services only).
        if (file.not_for_contract) w.field("not_for_contract", file.not_for_contract);
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

void write_burn(JsonWriter& w, const audit::BurnWindow& window) {
  w.object([&] {
    w.key("burn_rate");
    if (window.burn_rate) write_rational(w, *window.burn_rate);
    else w.value(nullptr);
    w.field("covered_seconds", window.covered.count());
    w.key("down_seconds");
    write_rational(w, window.down);
    w.field("seconds", window.length.count());
  });
}

// $defs/error_budget: seconds exact, as every figure of the report.
void write_as_of(JsonWriter& w, const audit::AsOfAudit& as_of, const SourceFile& contract) {
  w.object([&] {
    w.key("budgets");
    w.array([&] {
      for (const audit::ErrorBudget& b : as_of.budgets)
        w.object([&] {
          w.key("allowed_seconds");
          write_rational(w, b.allowed);
          w.key("clause");
          write_clause(w, contract, b.clause);
          w.field("clause_label", b.clause_label);
          w.field("exhausted", b.exhausted());
          w.key("last_day");
          write_burn(w, b.last_day);
          w.key("last_hour");
          write_burn(w, b.last_hour);
          w.key("left_seconds");
          write_rational(w, b.left());
          w.field("period", b.period);
          w.key("period_end");
          write_instant(w, b.period_end);
          w.key("runs_out");
          if (b.runs_out) write_instant(w, *b.runs_out);
          else w.value(nullptr);
          w.field("service", b.service);
          w.key("spent_seconds");
          write_rational(w, b.spent);
          w.key("target");
          write_percent(w, b.target);
        });
    });
    w.key("instant");
    write_instant(w, as_of.as_of);
    if (as_of.window.count() > 0) w.field("window_seconds", static_cast<int64_t>(as_of.window.count()));
  });
}

void write_report(JsonWriter& w, const audit::AuditReport& report, const SourceFile& contract) {
  if (report.as_of) {
    w.key("as_of");
    write_as_of(w, *report.as_of, contract);
  }
  w.field("breached", report.breached());
  if (!report.composites.empty()) {  // only when the contract has composites: other reports are unchanged
    w.key("composites");
    w.array([&] {
      for (const audit::CompositeAudit& c : report.composites) write_composite(w, c, contract);
    });
  }
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
  if (report.judged_at) {  // only when the instant decided something: other reports are unchanged
    w.key("judged_at");
    write_instant(w, *report.judged_at);
  }
  w.key("notes");
  write_strings(w, report.notes);
  w.key("periods");
  w.array([&] {
    for (const audit::PeriodAudit& period : report.periods)
      write_period(w, period, report.currency, contract, &report.incident_labels);
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
    for (const audit::RecoveryAudit& audit : report.recovery) write_recovery(w, audit, report, contract);
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
