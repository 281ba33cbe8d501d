// The composites section of the HTML report: per composite, its promise and
// per period its availability from when the components were down together.
#include "engine/figures/figures.h"
#include "report/common/clause_ref.h"
#include "report/common/composite_words.h"
#include "report/html/html_text.h"
#include "report/html/sections.h"

namespace slaudit::report {

namespace {

std::string td(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }

std::string composite_article(const HtmlContext& context, const audit::CompositeAudit& c) {
  std::string out = "<article class=\"composite\">\n" + html_element("h3", composite_title(c)) + "\n";
  out += html_element("p", composite_promise(c) + " — " + clause_location(context.source, c.clause)) + "\n";
  if (!c.assessed) return out + html_element("p", "Not assessed: " + c.not_assessed_reason, "note") + "\n</article>\n";
  out += "<table class=\"composite\">\n<thead><tr><th>Period</th><th class=\"num\">Eligible (min)</th>"
         "<th class=\"num\">Down (min)</th><th class=\"num\">Excluded (min)</th><th class=\"num\">Availability</th>"
         "<th>Status</th></tr></thead>\n<tbody>\n";
  for (const audit::CompositePeriod& p : c.periods)
    out += "<tr>" + td(p.period) + td(minutes_text(p.length - p.excluded), "num") + td(minutes_text(p.down), "num") +
           td(minutes_text(p.excluded), "num") + td(p.availability ? percent_text(*p.availability) : "-", "num") +
           html_element("td", composite_status(p), p.verdict ? audit::verdict_name(*p.verdict) : "") + "</tr>\n";
  out += "</tbody></table>\n";
  for (const audit::CompositePeriod& p : c.periods)
    for (const std::string& gap : p.evidence_gaps)
      out += html_element("p", p.period + ": evidence incomplete: " + gap, "note") + "\n";
  return out + "</article>\n";
}

}  // namespace

std::string html_composites(const HtmlContext& context) {
  if (context.report.composites.empty()) return "";
  std::string out = "<section id=\"composites\">\n<h2>Composites</h2>\n" +
                    html_element("p", "Down when the components were down together: in series when any was, in "
                                      "parallel when all were. Excluded time is removed from the composite's "
                                      "period.") + "\n";
  for (const audit::CompositeAudit& c : context.report.composites) out += composite_article(context, c);
  return out + "</section>\n";
}

}  // namespace slaudit::report
