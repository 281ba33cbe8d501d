// The basis of each credit: where the contract says so and how the amount
// follows from the log, in words a reader can check against the contract.
#include "report/common/amounts.h"
#include "report/common/cap_words.h"
#include "report/common/clause_ref.h"
#include "engine/figures/figures.h"
#include "report/common/recovery_words.h"
#include "report/markdown/sections.h"
#include "report/markdown/markdown_text.h"
#include "report/common/names.h"

namespace slaudit::report {

namespace {

std::string derivation(const SourceFile& source, const model::Currency& currency,
                       const std::vector<audit::Explanation>& lines) {
  if (lines.empty()) return "";
  std::string out = "- Derivation:\n";
  size_t n = 0;
  for (const audit::Explanation& line : lines) {
    out += "  " + std::to_string(++n) + ". " + md_escape(line.figure) + ": " + md_escape(amounts_grouped(line.value, currency));
    if (!line.derivation.empty()) out += " = " + md_escape(amounts_grouped(line.derivation, currency));
    out += " (" + markdown_clause(source, line.clause) + ")\n";
  }
  return out;
}

std::string claim_line(const SourceFile& source, const audit::ClaimStatus& claim) {
  std::string out = "- Claim: " + md_escape(claim_phrase(claim.state));
  if (claim.claimed) out += " on " + date_text(*claim.claimed);
  if (claim.deadline) out += ", deadline " + date_text(*claim.deadline);
  // The audit's own wording (claim.reason) is among the derivation's lines.
  return out + " (" + markdown_clause(source, claim.clause) + ")\n";
}

std::string period_basis(const audit::AuditReport& report, const SourceFile& source, const audit::PeriodAudit& p) {
  std::string out = "### " + md_escape(p.service) + ", " + md_escape(p.period) + ": " +
                    amount_with_code(p.owed_minor, report.currency) + " owed\n\n";
  out += "- Availability clause: " + markdown_clause(source, p.clause) + "\n";
  if (p.availability)
    out += "- Availability " + percent_text(*p.availability) +
           (p.target ? " against a target of " + percent_text(*p.target) : std::string()) + "\n";
  if (p.tier) out += "- Credit tier: " + md_escape(p.tier->percent() ? percent_text(*p.tier->percent()) + " of the fee" : tier_words(*p.tier, report.currency)) + " (" +
                     markdown_clause(source, p.tier->range) + ")\n";
  out += "- Fee " + amount_with_code(p.fee_minor, report.currency) + ", credit " +
         (p.credit_not_stated ? std::string("not stated by the contract: unknown, not counted in the total")
                              : amount_with_code(p.credit_minor, report.currency)) +
         ", " + cap_phrase(p.cap_minor, p.caps, report.currency, true) + "\n";
  if (p.hour_rule_minor > 0)
    out += "- Hour rule: " + std::to_string(p.free_hours) + " clock hours, " +
           amount_with_code(p.hour_rule_minor, report.currency) + " without a claim\n";
  out += claim_line(source, p.claim);
  return out + derivation(source, report.currency, p.explain) + "\n";
}

std::string recovery_basis(const audit::AuditReport& report, const SourceFile& source,
                           const audit::RecoveryAudit& r) {
  std::string out = "### " + md_escape(r.service) + ", recovery: " + amount_with_code(r.owed_minor, report.currency) +
                    " owed\n\n";
  out += "- Recovery clause: " + markdown_clause(source, r.clause) + "\n";
  out += "- " + counted(r.breaches, "breach", "breaches") + " of the limit of " +
         (r.limit ? minutes_text(*r.limit) + " min" : std::string("no stated limit")) + "\n";
  size_t listed = 0;
  for (const audit::RecoveryFinding& f : r.findings)
    if (f.breach && listed++ < kListedAtMost)
      out += "  - " + md_escape(f.id) + " (" + md_escape(f.fault) + "): " + minutes_text(f.time_to_recover) +
             " min, " + md_escape(clock_words(report, f.clock)) + "\n";
  if (listed > kListedAtMost)
    out += "  - and " + std::to_string(listed - kListedAtMost) +
           " more breaches; the JSON report (`--format json`) lists every one\n";
  out += "- Credit " + amount_with_code(r.credit_minor, report.currency) + ", " +
         cap_phrase(r.cap_minor, r.caps, report.currency, true) + "\n";
  return out + derivation(source, report.currency, r.explain) + "\n";
}

}  // namespace

std::string markdown_clause(const SourceFile& source, SourceRange range) {
  // Without the parentheses: in Markdown the location itself is usually parenthesized.
  if (!is_stated(range)) return std::string(kDefaultClause.substr(1, kDefaultClause.size() - 2));
  return md_code(source.name()) + ", line " + std::to_string(source.location(range.begin).line) + ": " +
         md_code(clause_excerpt(source, range));
}

std::string markdown_basis(const audit::AuditReport& report, const SourceFile& source) {
  std::string out = "## Basis\n\n";
  bool any = false;
  for (const audit::PeriodAudit& p : report.periods)
    if (p.credit_minor > 0 || p.owed_minor > 0 || p.hour_rule_minor > 0 || p.credit_not_stated) {
      out += period_basis(report, source, p);
      any = true;
    }
  for (const audit::RecoveryAudit& r : report.recovery)
    if (r.credit_minor > 0 || r.owed_minor > 0) {
      out += recovery_basis(report, source, r);
      any = true;
    }
  if (!any) out += "No credit is owed for the periods audited.\n\n";
  return out;
}

}  // namespace slaudit::report
