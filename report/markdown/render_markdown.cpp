#include "report/markdown/render_markdown.h"

#include <algorithm>

#include "base/time/timestamp.h"

#include "report/common/claim_words.h"
#include "report/common/composite_words.h"
#include "report/common/amounts.h"
#include "engine/figures/figures.h"
#include "report/common/names.h"
#include "report/common/budget_words.h"
#include "report/common/statement_words.h"
#include "report/markdown/sections.h"
#include "report/markdown/markdown_text.h"

namespace slaudit::report {

namespace {

std::string effective_text(const model::Contract& contract) {
  if (!contract.effective_from && !contract.effective_until) return "no effective dates stated";
  return "effective " + (contract.effective_from ? date_text(*contract.effective_from) : std::string("?")) +
         " to " + (contract.effective_until ? date_text(*contract.effective_until) : std::string("?"));
}

// As a letter words it: the audit's verdict, and what made it incomplete.
std::string result_words(const audit::AuditReport& report) {
  if (report.verdict == audit::Verdict::Breached) return "at least one commitment was breached";
  if (report.verdict == audit::Verdict::Met && report.evidence_complete()) return "every commitment was met";
  return md_escape(result_phrase(report));
}

std::string met_column(const audit::AuditReport& report, const audit::PeriodAudit& p) {
  std::string out = p.verdict() == audit::Verdict::NotAssessed ? "not assessed" : !p.target ? "—" : p.met ? "yes" : "no";
  const std::vector<std::string> gaps = period_only_gaps(report, p);
  if (!p.evidence_complete()) out += " (evidence incomplete" + (gaps.empty() ? std::string() : ": " + md_escape(joined(gaps, "; "))) + ")";
  return out;
}

std::string heading(const audit::AuditReport& report, const model::Contract& contract, const SourceFile& source) {
  std::string out = "# SLA audit: " + md_escape(report.contract_title) + "\n\n";
  out += "- **Provider:** " + md_escape(contract.provider.value_or("(not stated)")) + "\n";
  out += "- **Customer:** " + md_escape(contract.customer.value_or("(not stated)")) + "\n";
  out += "- **Contract:** " + md_code(source.name()) + ", " + effective_text(contract) + "\n";
  out += "- **Period audited:** " + md_escape(report.range) + " (time zone " + md_escape(report.timezone) + ")\n";
  if (report.judged_at) out += "- **Judged as of:** " + md_escape(judged_at_words(*report.judged_at)) + "\n";
  const std::string claim = total_claim_phrase(report);
  out += "- **Total credits owed:** " + md_escape(total_owed_text(report.total_owed_minor, report.owed_is_lower_bound(), report.currency)) +
         (claim.empty() ? "" : ", " + md_escape(claim)) + "\n";
  out += "- **Result:** " + result_words(report) + "\n";
  for (const std::string& gap : report.evidence_gaps) out += "- **Evidence incomplete:** " + md_escape(gap) + "\n";
  out += "\n";
  return out;
}

std::string period_table(const audit::AuditReport& report) {
  std::string out = "## Availability by period\n\n";
  if (report.periods.empty()) return out + "No period was audited.\n\n";
  out += "| Service | Period | Target | Availability | Met | Credit owed (" + report.currency.code + ") | Claim by |\n";
  out += "| --- | --- | ---: | ---: | --- | ---: | --- |\n";
  for (const audit::PeriodAudit& p : report.periods)
    out += "| " + md_escape(p.service) + " | " + md_escape(p.period) + (p.partial ? " (partial)" : "") + " | " +
           (p.target ? percent_text(*p.target) : "—") + " | " +
           (p.availability ? percent_text(*p.availability) : "—") + " | " +
           met_column(report, p) + " | " + amount_text(p.owed_minor, report.currency) + " | " +
           (claim_by_text(p).empty() ? "—" : md_escape(claim_by_text(p))) + " |\n";
  return out + "\nAvailability is shown to four decimals; a figure marked ~ has more digits and is truncated, "
               "never rounded up.\n\n";
}

// "## Statement": the provider's figures, what the contract owes at them and what was paid.
std::string statement_section(const audit::AuditReport& report) {
  const std::vector<const audit::PeriodAudit*> periods = statement_periods(report);
  if (periods.empty()) return "";
  const model::Currency& c = report.currency;
  std::string out = "## Statement\n\nEach period audited at the availability the provider's statement gives.\n\n"
                    "| Service | Period | Stated | Row | Target | Met | Owed (" + c.code + ") | Paid (" + c.code +
                    ") | Difference | Payment |\n| --- | --- | ---: | --- | ---: | --- | ---: | ---: | ---: | --- |\n";
  for (const audit::PeriodAudit* p : periods) {
    const audit::StatementFigures& s = *p->statement;
    const std::optional<int64_t> d = s.difference();
    out += "| " + md_escape(p->service) + " | " + md_escape(p->period) + " | " + md_escape(s.stated) + " | " +
           md_escape(s.path + ":" + std::to_string(s.line)) + " | " + (p->target ? percent_text(*p->target) : "—") +
           " | " + (!p->target ? "—" : p->met ? "yes" : "no") + " | " + amount_text(s.implied_minor, c) + " | " +
           (s.paid_minor ? amount_text(*s.paid_minor, c) : "—") + " | " + (d ? amount_text(*d, c) : "—") + " | " +
           s.payment_word() + " |\n";
  }
  return out + "\n" + md_escape(statement_total_text(report)) + "\n\n";
}

// "## Error budget": an audit as of an instant (docs/audit.md section 28).
std::string budget_section(const audit::AuditReport& report) {
  if (!report.as_of) return "";
  std::string out = "## " + budget_heading(*report.as_of) +
                    (report.as_of->window.count() > 0
                         ? "\n\nMinutes; a burn rate of 1 spends the window's whole budget in a window's time.\n\n"
                         : "\n\nMinutes; a burn rate of 1 spends the whole budget by the period's end.\n\n");
  if (report.as_of->budgets.empty()) return out + "No period in progress has a target measured from incidents.\n\n";
  out += "| Service | Period | Target | Budget | Spent | Left | Burn 1 h | Burn 1 d | Runs out |\n"
         "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n";
  for (const audit::ErrorBudget& b : report.as_of->budgets)
    out += "| " + md_escape(b.clause_label.empty() ? b.service : b.service + "/" + b.clause_label) + " | " +
           md_escape(b.period) + " | " + percent_text(b.target) + " | " + minutes_text(b.allowed) + " | " +
           minutes_text(b.spent) + " | " + minutes_text(b.left()) + " | " + burn_rate_text(b.last_hour) + " | " +
           burn_rate_text(b.last_day) + " | " + md_escape(runs_out_text(b)) + " |\n";
  return out + "\n";
}

// "## Composites": per composite its promise and, per period, its availability
// from when the components were down together (docs/audit.md, "Composite SLAs").
std::string composite_section(const audit::AuditReport& report) {
  if (report.composites.empty()) return "";
  std::string out = "## Composites\n\nDown when the components were down together: in series when any was, in "
                    "parallel when all were. Excluded time is removed from the composite's period.\n\n";
  for (const audit::CompositeAudit& c : report.composites) {
    out += "- **" + md_escape(composite_title(c)) + "**: " + md_escape(composite_promise(c)) + "\n";
    if (!c.assessed) out += "  - not assessed: " + md_escape(c.not_assessed_reason) + "\n";
    for (const audit::CompositePeriod& p : c.periods) {
      out += "  - " + md_escape(p.period) + ": " +
             (p.availability ? md_escape(percent_text(*p.availability)) : std::string("not assessed")) + ", " +
             minutes_text(p.down) + " min down of " + minutes_text(p.length - p.excluded) + " eligible — " +
             md_escape(composite_status(p)) + "\n";
      for (const std::string& gap : p.evidence_gaps) out += "    - evidence incomplete: " + md_escape(gap) + "\n";
    }
  }
  return out + "\n";
}

// What the audit's inputs said of themselves (fields not used, records for other contracts, assumptions).
std::string notes_section(const audit::AuditReport& report) {
  if (report.notes.empty()) return "";
  std::string out = "## Notes\n\n";
  for (const std::string& note : report.notes) out += "- " + md_escape(note) + "\n";
  return out + "\n";
}

std::string rejected_section(const audit::AuditReport& report) {
  std::string out = "## Rejected records\n\n";
  for (const audit::RecordAccounting& file : report.records)
    if (file.not_for_contract)
      out += md_escape(file.path) + ": " + std::to_string(file.not_for_contract) + " of " + std::to_string(file.read) +
             " records name services this contract does not define: not for this contract (neither used nor "
             "rejected).\n\n";
  if (report.rejected.empty()) return out + "No record of the inputs was rejected.\n\n";
  out += "These records were not used in the audit:\n\n| File | Line | Reason |\n| --- | ---: | --- |\n";
  const size_t listed = std::min(report.rejected.size(), kListedAtMost);
  for (size_t i = 0; i < listed; ++i) {
    const audit::RejectedRecord& r = report.rejected[i];
    out += "| " + md_escape(r.path) + " | " + std::to_string(r.line) + " | " + md_escape(r.reason) + " |\n";
  }
  if (listed < report.rejected.size())
    out += "\nAnd " + std::to_string(report.rejected.size() - listed) +
           " more rejected records; the JSON report (`--format json`) lists every one.\n";
  return out + "\n";
}

std::string inputs_section(const audit::AuditReport& report) {
  std::string out = "## Inputs\n\n| Role | File | SHA-256 |\n| --- | --- | --- |\n";
  for (const audit::InputFile& input : report.inputs)
    out += "| " + md_escape(input.role) + " | " + md_escape(input.path) + " | " + md_code(input.sha256) + " |\n";
  return out + "\nAudited by slaudit " + md_escape(report.engine_version) + " with tzdata " +
         md_escape(report.tzdata_version) + ".\n";
}

}  // namespace

std::string render_markdown(const audit::AuditReport& report, const model::Contract& contract,
                            const SourceFile& source) {
  return heading(report, contract, source) + period_table(report) + statement_section(report) + budget_section(report) + composite_section(report) + markdown_basis(report, source) + markdown_probes(report) +
         notes_section(report) + rejected_section(report) + inputs_section(report);
}

}  // namespace slaudit::report
