#include "report/text/render_text.h"

#include <algorithm>
#include <sstream>

#include "report/common/claim_words.h"
#include "report/common/amounts.h"
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
  if (report.judged_at) out += judged_at_line(*report.judged_at) + "\n";
  for (const std::string& note : report.notes) out += "note: " + note + "\n";
  return out;
}

// Without --explain, the first kListedAtMost rejected records and a count of the rest.
void write_records(const TextContext& context, ChunkedOutput& out) {
  const audit::AuditReport& report = context.report;
  out += "Records\n";
  if (report.records.empty()) out += "  no record files\n";
  for (const audit::RecordAccounting& file : report.records)
    out += "  " + file.path + ": read " + std::to_string(file.read) + ", used " + std::to_string(file.used) +
           ", rejected " + std::to_string(file.rejected) +
           (file.not_for_contract ? ", not for this contract " + std::to_string(file.not_for_contract) : "") + "\n";
  const size_t listed = context.explain ? report.rejected.size() : std::min(report.rejected.size(), kListedAtMost);
  for (size_t i = 0; i < listed; ++i) {
    const audit::RejectedRecord& record = report.rejected[i];
    out += "  " + record.path + ":" + std::to_string(record.line) + ": " + record.reason + "\n";
  }
  if (listed < report.rejected.size())
    out += "  and " + std::to_string(report.rejected.size() - listed) +
           " more rejected records: --explain or --format json lists every one\n";
}

std::string inputs_section(const audit::AuditReport& report) {
  TextTable table({{"role", Align::Left}, {"file", Align::Left}, {"sha256", Align::Left}});
  for (const audit::InputFile& input : report.inputs) table.add_row({input.role, input.path, input.sha256});
  return "Inputs\n" + table.render("  ") + "  engine slaudit " + report.engine_version + ", tzdata " +
         report.tzdata_version + "\n";
}

std::string total_section(const audit::AuditReport& report) {
  const std::string claim = total_claim_phrase(report);
  std::string out = "Total owed: " + total_owed_text(report.total_owed_minor, report.owed_is_lower_bound(), report.currency) +
                    (claim.empty() ? "" : ", " + claim) + "\n";
  TextTable table({{"service", Align::Left}, {"owed", Align::Right}});
  for (const audit::ServiceTotal& total : report.totals)
    table.add_row({total.service, amount_with_code(total.owed_minor, report.currency)});
  if (report.totals.size() > 1) out += table.render("  ");
  for (const std::string& gap : report.evidence_gaps) out += "Evidence incomplete: " + gap + "\n";
  return out + "Result: " + result_phrase(report) + "\n";
}

}  // namespace

void write_text(const audit::AuditReport& report, const SourceFile& contract, bool explain, std::ostream& stream) {
  const TextContext context{report, contract, TimeZone::find(report.timezone), explain};
  // Each section is followed by an empty line; recovery and probes only when present.
  ChunkedOutput out(stream);
  out += heading(context);
  out += '\n';
  write_availability(context, out);
  out += '\n';
  if (std::string statement = text_statement(context); !statement.empty()) {
    out += statement;
    out += '\n';
  }
  if (std::string budget = text_error_budget(context); !budget.empty()) {
    out += budget;
    out += '\n';
  }
  if (!report.recovery.empty()) {
    write_recovery(context, out);
    out += '\n';
  }
  if (!report.composites.empty()) {
    write_composites(context, out);
    out += '\n';
  }
  if (std::string probes = text_probes(context); !probes.empty()) {
    out += probes;
    out += '\n';
  }
  write_records(context, out);
  out += '\n';
  out += inputs_section(report);
  out += '\n';
  out += total_section(report);
}

std::string render_text(const audit::AuditReport& report, const SourceFile& contract, bool explain) {
  std::ostringstream out;
  write_text(report, contract, explain, out);
  return out.str();
}

}  // namespace slaudit::report
