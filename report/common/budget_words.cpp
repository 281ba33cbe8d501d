#include "report/common/budget_words.h"

#include "base/time/timestamp.h"
#include "engine/audit/incident_rules.h"
#include "engine/figures/figures.h"

namespace slaudit::report {

std::string burn_rate_text(const audit::BurnWindow& window) {
  if (!window.burn_rate) return "-";
  const DecimalText text = decimal_digits(*window.burn_rate, 2, false);
  return text.exact ? text.text : text.text + kInexactMark;
}

std::string runs_out_text(const audit::ErrorBudget& budget) {
  if (budget.exhausted()) return "spent";
  if (budget.rolling) return "-";
  if (budget.runs_out) return format_utc(*budget.runs_out);
  if (budget.last_day.down <= 0) return "no downtime in the last day";
  return "not before the period ends";
}

std::string budget_heading(const audit::AsOfAudit& as_of) {
  return "Error budget as of " + format_utc(as_of.as_of) +
         (as_of.window.count() > 0 ? " over the last " + audit::duration_text(as_of.window) : "");
}

}  // namespace slaudit::report
