// Claim letters as Markdown (report/common/claim_letter.h): one after
// another, separated by a rule, each ready to paste into a letter.
#include "report/common/claim_letter.h"
#include "report/markdown/markdown_text.h"
#include "report/markdown/render_markdown.h"

namespace slaudit::report {

namespace {

std::string letter_markdown(const ClaimLetter& l) {
  std::string out = "# " + md_escape(l.subject) + "\n\n";
  out += "- **To:** " + md_escape(l.to) + "\n- **From:** " + md_escape(l.from) + "\n- **Date:** " + md_escape(l.date_line) +
         "\n\n" + md_escape(l.opening) + "\n\n";
  out += "## The commitment (" + md_code(l.clause_ref) + ")\n\n" + md_code_block(l.clause_lines);
  out += "\n## The figures\n\n| | |\n| --- | --- |\n";
  for (const auto& [label, value] : l.figures) out += "| " + md_escape(label) + " | " + md_escape(value) + " |\n";
  out += "\n## The incidents counted\n\n";
  if (l.incidents.empty()) out += "None is listed (the audit recorded no incident finding).\n\n";
  else {
    out += "| Incident | Start | End | Down (min) |\n| --- | --- | --- | ---: |\n";
    for (const LetterIncident& i : l.incidents)
      out += "| " + md_incident(i.id, i.labels.get()) + " | " + i.start + " | " + i.end + " | " + i.down_minutes + " |\n";
    out += "\n" + md_escape(l.incidents_note) + "\n\n";
  }
  out += "## The evidence\n\n| Role | File | SHA-256 |\n| --- | --- | --- |\n";
  for (const audit::InputFile& input : l.evidence)
    out += "| " + md_escape(input.role) + " | " + md_code_cell(input.path) + " | " + md_code(input.sha256) + " |\n";
  return out + "\n" + md_escape(l.closing) + "\n";
}

}  // namespace

std::string render_claim_letters_markdown(const audit::AuditReport& report, const model::Contract& contract,
                                          const SourceFile& source) {
  const std::vector<ClaimLetter> letters = claim_letters(report, contract, source);
  if (letters.empty())
    return "# No claim to make\n\nNo audited period of \"" + md_escape(report.contract_title) + "\" (" +
           md_escape(report.range) + ") owes a credit.\n";
  std::string out;
  for (size_t i = 0; i < letters.size(); ++i) out += (i ? "\n---\n\n" : "") + letter_markdown(letters[i]);
  return out;
}

}  // namespace slaudit::report
