// The summary: one row per audited period with every figure the credit
// depends on, then what each service is owed in all.
#include "report/common/claim_words.h"
#include "report/common/amounts.h"
#include "engine/figures/figures.h"
#include "report/common/cap_words.h"
#include "report/common/names.h"
#include "report/html/sections.h"
#include "report/html/html_text.h"

namespace slaudit::report {

namespace {

std::string cell(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }

std::string or_dash(std::string text) { return text.empty() ? "—" : text; }

// Service and clause label as one cell, which may break after the slash: a
// long label ("vm_availability_set/availability set") would otherwise set the
// column's least width and push the summary past an A4 landscape page.
std::string clause_cell(const audit::PeriodAudit& p) {
  if (p.clause_label.empty() || p.clause_label == p.service) return cell(p.service);
  return "<td>" + html_escape(p.service) + "/<wbr>" + html_escape(p.clause_label) + "</td>";
}

std::string tier_text(const std::optional<model::CreditTier>& tier, const model::Currency& currency) {
  if (!tier) return "—";
  return "below " + percent_text(tier->below) + ": " + tier_credit_text(*tier, currency);
}

std::string status_cell(const HtmlContext& context, const audit::PeriodAudit& p) {
  const std::vector<std::string> gaps = period_only_gaps(context.report, p);
  const std::string incomplete =
      p.evidence_complete() ? "" : " (evidence incomplete" + (gaps.empty() ? std::string() : ": " + joined(gaps, "; ")) + ")";
  if (p.verdict() == audit::Verdict::NotAssessed) return cell("not assessed" + incomplete, "incomplete");
  if (!p.target) return cell("—" + incomplete, incomplete.empty() ? "" : "incomplete");
  if (!incomplete.empty()) return cell((p.met ? "met" : "missed") + incomplete, p.met ? "incomplete" : "missed");
  return p.met ? cell("met", "met") : cell("missed", "missed");
}

std::string period_row(const HtmlContext& context, const audit::PeriodAudit& p) {
  const model::Currency& currency = context.report.currency;
  return "<tr>" + clause_cell(p) + cell(p.period + (p.partial ? " (partial, " + p.partial_rule + ")" : "")) +
         cell(p.target ? percent_text(*p.target) : "—", "num") + cell(minutes_text(p.eligible), "num") +
         cell(minutes_text(p.down), "num") + cell(minutes_text(p.excluded), "num") +
         cell(p.availability ? percent_text(*p.availability) : "—", "num") + cell(tier_text(p.tier, currency)) +
         cell(credit_cell_text(p.credit_minor, p.credit_not_stated, currency), "num") +
         // A cap in words ("not reached (100% of fee)") may wrap; an amount stays on one line.
         cell(cap_text(p.cap_minor, p.caps, currency, false), p.cap_minor >= 0 ? "num" : "num words") +
         cell(amount_text(p.owed_minor, currency), "num") + cell(or_dash(claim_by_text(p))) + status_cell(context, p) +
         "</tr>\n";
}

std::string totals(const HtmlContext& context) {
  const audit::AuditReport& report = context.report;
  std::string out = "<table class=\"totals\">\n<thead><tr><th>Service</th><th class=\"num\">Owed (" +
                    html_escape(report.currency.code) + ")</th></tr></thead>\n<tbody>\n";
  for (const audit::ServiceTotal& total : report.totals)
    out += "<tr>" + cell(total.service) + cell(amount_text(total.owed_minor, report.currency), "num") + "</tr>\n";
  out += "</tbody>\n<tfoot><tr><th>Total owed</th>" +
         html_element("td", total_owed_text(report.total_owed_minor, report.owed_is_lower_bound(), report.currency), "num total") +
         "</tr></tfoot>\n</table>\n";
  return out;
}

}  // namespace

std::string html_summary(const HtmlContext& context) {
  const audit::AuditReport& report = context.report;
  std::string out = "<section id=\"summary\">\n<h2>Summary</h2>\n";
  if (report.periods.empty()) {
    out += "<p>No availability period was audited.</p>\n";
  } else {
    out += "<table class=\"summary\">\n<thead><tr><th>Service</th><th>Period</th><th class=\"num\">Target</th>"
           "<th class=\"num\">Eligible min</th><th class=\"num\">Down min</th><th class=\"num\">Excluded min</th>"
           "<th class=\"num\">Availability</th><th>Tier</th><th class=\"num\">Credit</th><th class=\"num\">Cap</th>"
           "<th class=\"num\">Owed</th><th>Claim by</th><th>Status</th></tr></thead>\n<tbody>\n";
    for (const audit::PeriodAudit& p : report.periods) out += period_row(context, p);
    out += "</tbody>\n</table>\n<p class=\"note\">Amounts in " + html_escape(report.currency.code) +
           ". Availability is shown to four decimals; a figure marked ~ has more digits and is truncated, never "
           "rounded up. Minutes marked ~ are rounded to two decimals.</p>\n";
  }
  return out + totals(context) + "</section>\n";
}

}  // namespace slaudit::report
