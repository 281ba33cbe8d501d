// The claims report as Markdown, for a letter to the vendor: a summary table,
// then each claim with its readings and the evidence, then the inputs.
#include "report/markdown/markdown_text.h"
#include "report/markdown/render_markdown.h"

namespace slaudit::report {

namespace {

using claims::ClaimsReport;
using claims::ItemVerdict;

std::string summary(const ClaimsReport& report) {
  std::string out = "## Summary\n\n| Line | Claim | Read as | Verdict |\n| ---: | --- | --- | --- |\n";
  for (const ItemVerdict& item : report.items)
    out += "| " + std::to_string(item.line) + " | " + md_escape(item.text) + " | " +
           (item.predicate.empty() ? "—" : md_escape(item.predicate)) + " | **" + claims::verdict_name(item.verdict) +
           "** |\n";
  const auto counts = report.counts();
  out += "\n";
  for (claims::Verdict v : {claims::Verdict::Verified, claims::Verdict::Refuted, claims::Verdict::Ambiguous,
                            claims::Verdict::Unverifiable})
    out += "- " + std::string(claims::verdict_name(v)) + ": " + std::to_string(counts[static_cast<size_t>(v)]) + "\n";
  return out + "\n";
}

std::string details(const ItemVerdict& item) {
  std::string out = "### " + md_escape(item.text) + " — " + claims::verdict_name(item.verdict) + "\n\n";
  out += "Contract line " + std::to_string(item.line) + (item.predicate.empty() ? "" : ", read as " + md_code(item.predicate)) + ".\n\n";
  if (!item.readings.empty()) {
    out += "| Reading | Verdict | Evidence |\n| --- | --- | --- |\n";
    for (const claims::Reading& r : item.readings)
      out += "| " + md_escape(r.name) + " | " + claims::verdict_name(r.verdict) + " | " + md_escape(r.evidence) + " |\n";
    out += "\n";
  }
  out += "Basis: " + md_escape(item.basis) + ".\n\n";
  if (!item.needs.empty()) out += "To settle it we need: " + md_escape(item.needs) + ".\n\n";
  return out;
}

std::string inputs(const ClaimsReport& report) {
  std::string out = "## Inputs\n\n| Role | File | SHA-256 |\n| --- | --- | --- |\n";
  for (const audit::InputFile& input : report.inputs)
    out += "| " + md_escape(input.role) + " | " + md_escape(input.path) + " | `" + input.sha256 + "` |\n";
  out += "\n";
  for (const audit::RecordAccounting& file : report.records)
    out += "- " + md_escape(file.path) + ": " + std::to_string(file.read) + " records read, " +
           std::to_string(file.used) + " used, " + std::to_string(file.rejected) + " rejected" +
           (file.not_for_contract ? ", " + std::to_string(file.not_for_contract) + " not for this contract" : "") + "\n";
  for (const audit::RejectedRecord& record : report.rejected)
    out += "- rejected " + md_escape(record.path) + " line " + std::to_string(record.line) + ": " +
           md_escape(record.reason) + "\n";
  out += "\nEngine slaudit " + md_escape(report.engine_version) + ", tzdata " + md_escape(report.tzdata_version) + ".\n";
  return out;
}

}  // namespace

std::string render_claims_markdown(const ClaimsReport& report) {
  std::string out = "# Claims verified: " + md_escape(report.contract_title) + "\n\n";
  out += "- **Contract:** " + md_code(report.contract_path) + "\n";
  if (!report.range.empty()) out += "- **Incidents read over:** " + md_escape(report.range) + "\n";
  for (const std::string& note : report.notes) out += "- Note: " + md_escape(note) + "\n";
  out += "\n" + summary(report) + "## Claims\n\n";
  for (const ItemVerdict& item : report.items) out += details(item);
  return out + inputs(report);
}

}  // namespace slaudit::report
