// The error budgets of an audit as of an instant (docs/audit.md section 28).
#include "base/time/timestamp.h"
#include "engine/figures/figures.h"
#include "report/common/budget_words.h"
#include "report/text/sections.h"
#include "report/text/text_table.h"

namespace slaudit::report {

std::string text_error_budget(const TextContext& context) {
  const auto& as_of = context.report.as_of;
  if (!as_of) return "";
  std::string out = budget_heading(*as_of) +
                    (as_of->window.count() > 0
                         ? " (minutes; a burn rate of 1 spends the window's whole budget in a window's time)\n"
                         : " (minutes; a burn rate of 1 spends the whole budget by the period's end)\n");
  if (as_of->budgets.empty()) return out + "  no period in progress has a target measured from incidents\n";
  TextTable table({{"service", Align::Left},
                   {"period", Align::Left},
                   {"target", Align::Right},
                   {"budget", Align::Right},
                   {"spent", Align::Right},
                   {"left", Align::Right},
                   {"burn 1h", Align::Right},
                   {"burn 1d", Align::Right},
                   {"runs out", Align::Left}});
  for (const audit::ErrorBudget& b : as_of->budgets) {
    const std::string service = b.clause_label.empty() ? b.service : b.service + "/" + b.clause_label;
    table.add_row({service, b.period, percent_text(b.target), minutes_text(b.allowed), minutes_text(b.spent),
                   minutes_text(b.left()), burn_rate_text(b.last_hour), burn_rate_text(b.last_day), runs_out_text(b)});
  }
  return out + table.render("  ");
}

}  // namespace slaudit::report
