#include "report/text/render_text.h"

#include "engine/figures/figures.h"
#include "report/common/names.h"
#include "report/text/sections.h"
#include "report/text/text_table.h"

namespace slaudit::report {

namespace {

std::string heading(const TextContext& context) {
  const audit::AuditReport& report = context.report;
  std::string out = "Audit of \"" + report.contract_title + "\" (" + context.contract.name() + ")\n";
  out += "range " + report.range + ", time zone " + report.timezone + ", currency " + report.currency.code + "\n";
  for (const std::string& note : report.notes) out += "note: " + note + "\n";
  return out;
}

std::string records_section(const audit::AuditReport& report) {
  std::string out = "Records\n";
  if (report.records.empty()) out += "  no record files\n";
  for (const audit::RecordAccounting& file : report.records)
    out += "  " + file.path + ": read " + std::to_string(file.read) + ", used " + std::to_string(file.used) +
           ", rejected " + std::to_string(file.rejected) + "\n";
  for (const audit::RejectedRecord& record : report.rejected)
    out += "  " + record.path + ":" + std::to_string(record.line) + ": " + record.reason + "\n";
  return out;
}

std::string inputs_section(const audit::AuditReport& report) {
  TextTable table({{"role", Align::Left}, {"file", Align::Left}, {"sha256", Align::Left}});
  for (const audit::InputFile& input : report.inputs) table.add_row({input.role, input.path, input.sha256});
  return "Inputs\n" + table.render("  ") + "  engine slaudit " + report.engine_version + ", tzdata " +
         report.tzdata_version + "\n";
}

std::string total_section(const audit::AuditReport& report) {
  std::string out = "Total owed: " + money_with_code(report.total_owed_minor, report.currency) + "\n";
  TextTable table({{"service", Align::Left}, {"owed", Align::Right}});
  for (const audit::ServiceTotal& total : report.totals)
    table.add_row({total.service, money_with_code(total.owed_minor, report.currency)});
  if (report.totals.size() > 1) out += table.render("  ");
  for (const std::string& gap : report.evidence_gaps) out += "Evidence incomplete: " + gap + "\n";
  return out + "Result: " + result_phrase(report) + "\n";
}

}  // namespace

std::string render_text(const audit::AuditReport& report, const SourceFile& contract, bool explain) {
  const TextContext context{report, contract, TimeZone::find(report.timezone), explain};
  // Appended section by section into one string: a large log's recovery
  // section runs to megabytes, and each `a + b` would copy it again. Each
  // section is followed by an empty line; recovery and probes only when present.
  std::string out = heading(context);
  out += '\n';
  const auto section = [&out](const std::string& text, const char* after) {
    out += text;
    out += after;
  };
  section(text_availability(context), "\n");
  if (std::string recovery = text_recovery(context); !recovery.empty()) section(recovery, "\n");
  if (std::string probes = text_probes(context); !probes.empty()) section(probes, "\n");
  section(records_section(report), "\n");
  section(inputs_section(report), "\n");
  section(total_section(report), "");
  return out;
}

}  // namespace slaudit::report
