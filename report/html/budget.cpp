// "Error budget" in the HTML report (docs/audit.md, section 28): for an audit
// as of an instant, per period in progress, the downtime the target allows,
// what is spent and left, the burn rates and when the budget runs out. Every
// value escaped.
#include "base/time/timestamp.h"
#include "engine/figures/figures.h"
#include "report/common/budget_words.h"
#include "report/html/html_text.h"
#include "report/html/sections.h"

namespace slaudit::report {

namespace {

std::string cell(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }

std::string row(const audit::ErrorBudget& b) {
  const std::string who = b.clause_label.empty() ? b.service : b.service + "/" + b.clause_label;
  return "<tr>" + cell(who) + cell(b.period) + cell(percent_text(b.target), "num") + cell(minutes_text(b.allowed), "num") +
         cell(minutes_text(b.spent), "num") + cell(minutes_text(b.left()), b.exhausted() ? "num missed" : "num") +
         cell(burn_rate_text(b.last_hour), "num") + cell(burn_rate_text(b.last_day), "num") +
         cell(runs_out_text(b), b.exhausted() ? "missed" : "") + "</tr>\n";
}

}  // namespace

std::string html_error_budget(const HtmlContext& context) {
  const auto& as_of = context.report.as_of;
  if (!as_of) return "";
  std::string out = "<section id=\"error-budget\">\n<h2>" + html_escape(budget_heading(*as_of)) +
                    "</h2>\n<p>The downtime each target allows over its whole period, what the records known by then "
                    "spent, and the burn rate over the last hour and day: at a rate of 1 the budget lasts exactly "
                    "the period.</p>\n";
  if (as_of->budgets.empty()) return out + "<p>No period in progress has a target measured from incidents.</p>\n</section>\n";
  out += "<table class=\"budget\">\n<thead><tr><th>Service</th><th>Period</th><th class=\"num\">Target</th>"
         "<th class=\"num\">Budget (min)</th><th class=\"num\">Spent (min)</th><th class=\"num\">Left (min)</th>"
         "<th class=\"num\">Burn 1 h</th><th class=\"num\">Burn 1 d</th><th>Runs out</th></tr></thead>\n<tbody>\n";
  for (const audit::ErrorBudget& b : as_of->budgets) out += row(b);
  return out + "</tbody>\n</table>\n</section>\n";
}

}  // namespace slaudit::report
