// The statement part of the text report (docs/audit.md, section 26): per
// period audited from the provider's statement, the figure it states, the
// verdict, the credit the contract owes at that figure, the credit paid and
// the difference; then the totals.
#include <string>

#include "engine/figures/figures.h"
#include "report/common/amounts.h"
#include "report/common/statement_words.h"
#include "report/text/sections.h"
#include "report/text/text_table.h"

namespace slaudit::report {

std::string text_statement(const TextContext& context) {
  const std::vector<const audit::PeriodAudit*> periods = statement_periods(context.report);
  if (periods.empty()) return "";
  const model::Currency& currency = context.report.currency;
  TextTable table({{"service", Align::Left},
                   {"period", Align::Left},
                   {"stated", Align::Right},
                   {"row", Align::Left},
                   {"target", Align::Right},
                   {"status", Align::Left},
                   {"owed", Align::Right},
                   {"paid", Align::Right},
                   {"difference", Align::Right},
                   {"payment", Align::Left}});
  for (const audit::PeriodAudit* p : periods) {
    const audit::StatementFigures& s = *p->statement;
    const std::string who =
        p->clause_label.empty() || p->clause_label == p->service ? p->service : p->service + "/" + p->clause_label;
    const std::optional<int64_t> d = s.difference();
    table.add_row({who, p->period, s.stated, s.path + ":" + std::to_string(s.line),
                   p->target ? percent_text(*p->target) : "-", !p->target ? "-" : p->met ? "met" : "missed",
                   amount_text(s.implied_minor, currency), s.paid_minor ? amount_text(*s.paid_minor, currency) : "-",
                   d ? amount_text(*d, currency) : "-",
                   !d ? "not stated" : *d > 0 ? "underpaid" : *d < 0 ? "overpaid" : "matches"});
  }
  return "Statement (the provider's figures; amounts in " + currency.code + ")\n" + table.render("  ") +
         "  " + statement_total_text(context.report) + "\n";
}

}  // namespace slaudit::report
