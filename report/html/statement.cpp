// "Statement" in the HTML report (docs/audit.md, section 26): per period
// audited from the provider's statement, the figure it states and where,
// the verdict, what the contract owes at that figure, the credit paid and the
// difference; then the totals. Every value escaped.
#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/common/statement_words.h"
#include "report/html/html_text.h"
#include "report/html/sections.h"

namespace slaudit::report {

namespace {

std::string cell(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }

std::string row(const audit::PeriodAudit& p, const model::Currency& currency) {
  const audit::StatementFigures& s = *p.statement;
  const std::string who =
      p.clause_label.empty() || p.clause_label == p.service ? p.service : p.service + "/" + p.clause_label;
  const std::optional<int64_t> d = s.difference();
  const char* payment = s.payment_word();
  const std::string status = !p.target ? "—" : p.met ? "met" : "missed";
  return "<tr>" + cell(who) + cell(p.period) + cell(s.stated, "num") +
         cell(s.path + ":" + std::to_string(s.line)) + cell(p.target ? percent_text(*p.target) : "—", "num") +
         cell(status, !p.target ? "" : p.met ? "met" : "missed") + cell(amount_text(s.implied_minor, currency), "num") +
         cell(s.paid_minor ? amount_text(*s.paid_minor, currency) : "—", "num") +
         cell(d ? amount_text(*d, currency) : "—", "num") +
         cell(payment, s.underpaid() ? "missed" : "") + "</tr>\n";
}

}  // namespace

std::string html_statement(const HtmlContext& context) {
  const std::vector<const audit::PeriodAudit*> periods = statement_periods(context.report);
  if (periods.empty()) return "";
  const model::Currency& currency = context.report.currency;
  std::string out = "<section id=\"statement\">\n<h2>Statement</h2>\n"
                    "<p>Each period audited at the availability the provider's statement gives, and the credit "
                    "paid beside the credit the contract owes at that figure.</p>\n"
                    "<table class=\"statement\">\n<thead><tr><th>Service</th><th>Period</th><th class=\"num\">Stated</th>"
                    "<th>Row</th><th class=\"num\">Target</th><th>Status</th><th class=\"num\">Owed</th>"
                    "<th class=\"num\">Paid</th><th class=\"num\">Difference</th><th>Payment</th></tr></thead>\n<tbody>\n";
  for (const audit::PeriodAudit* p : periods) out += row(*p, currency);
  out += "</tbody>\n</table>\n<p class=\"note\">Amounts in " + html_escape(currency.code) +
         "; difference = owed − paid.</p>\n";
  return out + html_element("p", statement_total_text(context.report), "total") + "\n</section>\n";
}

}  // namespace slaudit::report
