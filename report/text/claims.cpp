// The claims report for a terminal: a summary table (one line a claim), then
// each claim's readings and evidence, then records and inputs.
#include "report/text/render_text.h"
#include "report/text/text_table.h"

namespace slaudit::report {

namespace {

using claims::ClaimsReport;
using claims::ItemVerdict;

std::string counts_line(const ClaimsReport& report) {
  const auto counts = report.counts();
  std::string out;
  for (claims::Verdict v : {claims::Verdict::Verified, claims::Verdict::Refuted, claims::Verdict::Ambiguous,
                            claims::Verdict::Unverifiable})
    out += (out.empty() ? "" : ", ") + std::to_string(counts[static_cast<size_t>(v)]) + " " + claims::verdict_name(v);
  return out;
}

std::string summary_table(const ClaimsReport& report) {
  TextTable table({{"line", Align::Right}, {"kind", Align::Left}, {"verdict", Align::Left}, {"claim", Align::Left},
                   {"as read", Align::Left}});
  for (const ItemVerdict& item : report.items)
    table.add_row({std::to_string(item.line), claims::item_kind_name(item.kind), claims::verdict_name(item.verdict),
                   item.text, item.predicate.empty() ? "-" : item.predicate});
  return table.render("  ");
}

std::string details(const ItemVerdict& item) {
  std::string out = "[" + std::string(claims::verdict_name(item.verdict)) + "] " + item.text + "\n";
  out += "  line " + std::to_string(item.line) + (item.predicate.empty() ? "" : ", read as: " + item.predicate) + "\n";
  if (!item.readings.empty()) {
    TextTable table({{"reading", Align::Left}, {"verdict", Align::Left}, {"evidence", Align::Left}});
    for (const claims::Reading& r : item.readings)
      table.add_row({r.name, claims::verdict_name(r.verdict), r.evidence});
    out += table.render("    ");
  }
  out += "  basis: " + item.basis + "\n";
  if (!item.needs.empty()) out += "  would settle it: " + item.needs + "\n";
  return out;
}

std::string records(const ClaimsReport& report) {
  std::string out = "Records\n";
  if (report.records.empty()) out += "  no record files\n";
  for (const audit::RecordAccounting& file : report.records)
    out += "  " + file.path + ": read " + std::to_string(file.read) + ", used " + std::to_string(file.used) +
           ", rejected " + std::to_string(file.rejected) +
           (file.not_for_contract ? ", not for this contract " + std::to_string(file.not_for_contract) : "") + "\n";
  for (const audit::RejectedRecord& record : report.rejected)
    out += "  " + record.path + ":" + std::to_string(record.line) + ": " + record.reason + "\n";
  return out;
}

std::string inputs(const ClaimsReport& report) {
  TextTable table({{"role", Align::Left}, {"file", Align::Left}, {"sha256", Align::Left}});
  for (const audit::InputFile& input : report.inputs) table.add_row({input.role, input.path, input.sha256});
  return "Inputs\n" + table.render("  ") + "  engine slaudit " + report.engine_version + ", tzdata " +
         report.tzdata_version + "\n";
}

}  // namespace

std::string render_claims_text(const ClaimsReport& report) {
  std::string out = "Claims of \"" + report.contract_title + "\" (" + report.contract_path + ")\n";
  if (!report.range.empty()) out += "incidents read over " + report.range + "\n";
  for (const std::string& note : report.notes) out += "note: " + note + "\n";
  out += "\n" + counts_line(report) + "\n" + summary_table(report) + "\n";
  for (const ItemVerdict& item : report.items) out += details(item) + "\n";
  out += records(report) + "\n" + inputs(report);
  return out;
}

}  // namespace slaudit::report
