// One section per audited period: its timeline (up, down and excluded time,
// every incident hoverable) and, for paper, the same incidents as a table.
#include <algorithm>

#include "report/common/amounts.h"
#include "engine/figures/figures.h"
#include "report/html/sections.h"
#include "report/html/html_text.h"
#include "report/html/timeline.h"
#include "report/common/names.h"

namespace slaudit::report {

namespace {

std::string cell(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }

bool has_credit_entry(const audit::PeriodAudit& p) {  // the credits section derives its figures already
  return p.credit_minor > 0 || p.owed_minor > 0 || p.hour_rule_minor > 0 || p.credit_not_stated;
}

std::string legend() {
  return "<p class=\"legend\"><span class=\"swatch up\"></span>up <span class=\"swatch down\"></span>down "
         "<span class=\"swatch excluded\"></span>excluded; below the bar, each incident (hover for its id, fault "
         "class and clause): <span class=\"swatch inc-down\"></span>counted "
         "<span class=\"swatch inc-excluded\"></span>excluded <span class=\"swatch inc-other\"></span>not counted</p>\n";
}

// A local time that may break after its date, never inside a number:
// "2026-11-03T<wbr>10:00:00+08:00".
std::string time_cell(const std::string& text) {
  const size_t t = text.find('T');
  if (t == std::string::npos) return "<td class=\"time\">" + html_escape(text) + "</td>";
  return "<td class=\"time\">" + html_escape(text.substr(0, t + 1)) + "<wbr>" + html_escape(text.substr(t + 1)) +
         "</td>";
}

// Down minutes; a weighted clause's incident also gives its weight and
// weighted minutes: "360 × 25% = 90".
std::string down_cell(const audit::IncidentFinding& f) {
  if (!f.weight) return cell(minutes_text(f.down), "num");
  return cell(minutes_text(f.down) + " × " + share_text(audit::Rational(f.weight->num) / f.weight->den) + " = " +
                  minutes_text(f.weighted_down()),
              "num");
}

std::string incident_row(const HtmlContext& context, const audit::IncidentFinding& f) {
  std::string reason(f.reason.view());
  for (const std::string& flag : f.flags) reason += "; " + flag;
  return "<tr>" + html_incident_cell(f.id, context.report.incident_labels.at(f.line)) + cell(f.line ? std::to_string(f.line) : "—", "num") + cell(f.fault.value_or("—")) +
         cell(std::string(f.cause)) + cell(spoken(audit::incident_role_name(f.role))) + cell(reason) +
         time_cell(html_instant(context, f.start)) + time_cell(html_instant(context, f.end) + (f.open ? " (open)" : "")) +
         down_cell(f) + cell(minutes_text(f.excluded), "num") + "<td class=\"clause\">" +
         html_clause(context, f.clause) + "</td></tr>\n";
}

// The incidents the table leaves out (timeline.h: a page stays small
// whatever the log), counted by role; the JSON report lists every one.
std::string unlisted_note(const audit::PeriodAudit& p, size_t listed) {
  if (listed == p.incidents.size()) return "";
  size_t by_role[5] = {0, 0, 0, 0, 0};
  Seconds down{0}, excluded{0};
  for (const audit::IncidentFinding& f : p.incidents) {
    ++by_role[static_cast<size_t>(f.role)];
    down += f.down;
    excluded += f.excluded;
  }
  std::string roles;
  for (audit::IncidentRole role : {audit::IncidentRole::Down, audit::IncidentRole::Excluded,
                                   audit::IncidentRole::BelowThreshold, audit::IncidentRole::IgnoredShort,
                                   audit::IncidentRole::Overlapped})
    if (by_role[static_cast<size_t>(role)] > 0)
      roles += (roles.empty() ? "" : ", ") + std::to_string(by_role[static_cast<size_t>(role)]) + " " +
               spoken(audit::incident_role_name(role));
  return "<p class=\"note\">" +
         html_escape("The table lists " + std::to_string(listed) + " of the period's " +
                     std::to_string(p.incidents.size()) + " incidents (" + roles + "; down " + minutes_text(down) +
                     " min, excluded " + minutes_text(excluded) +
                     " min in all): those with the most downtime, then the most excluded time. "
                     "The JSON report (--format json) lists every one.") +
         "</p>\n";
}

std::string incident_table(const HtmlContext& context, const audit::PeriodAudit& p) {
  if (p.incidents.empty()) return "<p>No incident of the log falls in this period.</p>\n";
  const bool weighted = std::any_of(p.incidents.begin(), p.incidents.end(),
                                    [](const audit::IncidentFinding& f) { return f.weight.has_value(); });
  // Fixed column widths (percent of the page): long clause quotes wrap in their
  // own column instead of pushing the table past the page's edge.
  std::string out = "<table class=\"incidents\">\n<colgroup><col style=\"width:7%\"><col style=\"width:4%\">"
                    "<col style=\"width:9%\"><col style=\"width:8%\"><col style=\"width:8%\">"
                    "<col style=\"width:14%\"><col style=\"width:11%\"><col style=\"width:11%\">"
                    "<col style=\"width:6%\"><col style=\"width:7%\"><col style=\"width:15%\"></colgroup>\n<thead><tr><th>Incident</th><th class=\"num\">Line</th>"
                    "<th>Fault</th><th>Cause</th><th>Role</th><th>Why</th><th>From</th><th>To</th>"
                    "<th class=\"num\">" +
                    std::string(weighted ? "Down min × weight = weighted" : "Down min") +
                    "</th><th class=\"num\">Excluded min</th><th>Clause</th></tr></thead>\n"
                    "<tbody>\n";
  const std::vector<size_t> listed = listed_incidents(p);
  for (size_t i : listed) out += incident_row(context, p.incidents[i]);
  return out + "</tbody>\n</table>\n" + unlisted_note(p, listed.size());
}

std::string derivation(const HtmlContext& context, const audit::PeriodAudit& p) {
  if (has_credit_entry(p) || p.explain.empty()) return "";
  std::string out = "<h3>How the figures were derived</h3>\n<ol class=\"derivation\">\n";
  for (const audit::Explanation& line : p.explain) {
    const model::Currency& currency = context.report.currency;
    out += "<li>" + html_element("span", line.figure, "figure") + ": " +
           html_element("span", amounts_grouped(line.value, currency), "value");
    if (!line.derivation.empty()) out += " = " + html_escape(amounts_grouped(line.derivation, currency));
    out += " — " + html_clause(context, line.clause) + "</li>\n";
  }
  return out + "</ol>\n";
}

std::string period_section(const HtmlContext& context, const audit::PeriodAudit& p, size_t index) {
  std::string out = "<section class=\"period\" id=\"period-" + std::to_string(index + 1) + "\">\n";
  out += html_element("h2", p.service + ", " + p.period + (p.partial ? " (partial)" : "")) + "\n";
  out += "<p>" + html_escape("From " + html_instant(context, p.start) + " to " + html_instant(context, p.end) + ": " +
                             minutes_text(p.length) + " min, of which down " + minutes_text(p.down) +
                             " min (counted) and excluded " + minutes_text(p.excluded) + " min.") +
         " Clause: " + html_clause(context, p.clause) + "</p>\n";
  out += legend();
  if (p.timeline.empty()) out += "<p>No timeline was recorded for this period.</p>\n";
  else out += html_timeline(context, p);
  if (!p.notes.empty()) {
    out += "<ul class=\"notes\">\n";
    for (const std::string& note : p.notes) out += html_element("li", amounts_grouped(note, context.report.currency)) + "\n";
    out += "</ul>\n";
  }
  return out + incident_table(context, p) + derivation(context, p) + "</section>\n";
}

}  // namespace

std::string html_periods(const HtmlContext& context) {
  std::string out;
  for (size_t i = 0; i < context.report.periods.size(); ++i)
    out += period_section(context, context.report.periods[i], i);
  return out;
}

}  // namespace slaudit::report
