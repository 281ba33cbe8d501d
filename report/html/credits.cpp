// The credits owed and why: for each credit, the clauses that produced it
// (file:line and their text), the tier, the cap, the claim deadline, and the
// audit's derivation line by line, so a reader can check it against the contract.
#include "report/common/amounts.h"
#include "engine/figures/figures.h"
#include "report/common/cap_words.h"
#include "report/common/recovery_words.h"
#include "report/html/sections.h"
#include "report/html/html_text.h"
#include "report/common/names.h"

namespace slaudit::report {

namespace {

std::string item(const std::string& term, const std::string& html) {
  return "<dt>" + html_escape(term) + "</dt><dd>" + html + "</dd>\n";
}

std::string derivation(const HtmlContext& context, const std::vector<audit::Explanation>& lines) {
  if (lines.empty()) return "";
  std::string out = "<ol class=\"derivation\">\n";
  for (const audit::Explanation& line : lines) {
    const model::Currency& currency = context.report.currency;
    out += "<li>" + html_element("span", line.figure, "figure") + ": " +
           html_element("span", amounts_grouped(line.value, currency), "value");
    if (!line.derivation.empty()) out += " = " + html_escape(amounts_grouped(line.derivation, currency));
    out += " — " + html_clause(context, line.clause) + "</li>\n";
  }
  return out + "</ol>\n";
}

std::string claim_html(const HtmlContext& context, const audit::ClaimStatus& claim) {
  std::string text(claim_phrase(claim.state));
  if (claim.claimed) text += " on " + date_text(*claim.claimed);
  if (claim.earliest) text += ", earliest " + date_text(*claim.earliest);
  if (claim.deadline) text += ", deadline " + date_text(*claim.deadline);
  return html_escape(text) + " — " + html_clause(context, claim.clause);
}

std::string period_credit(const HtmlContext& context, const audit::PeriodAudit& p) {
  const model::Currency& currency = context.report.currency;
  std::string out = "<article class=\"credit\">\n" +
                    html_element("h3", p.service + ", " + p.period + ": " + amount_with_code(p.owed_minor, currency) +
                                           " owed") +
                    "\n<dl>\n";
  out += item("Availability clause", html_clause(context, p.clause));
  if (p.availability)
    out += item("Availability", html_escape(percent_text(*p.availability) +
                                            (p.target ? " against a target of " + percent_text(*p.target) : "")));
  if (p.tier)
    out += item("Credit tier", html_escape(tier_words(*p.tier, currency)) + " — " + html_clause(context, p.tier->range));
  out += item("Fee", html_escape(amount_with_code(p.fee_minor, currency)));
  out += item("Credit", html_escape(p.credit_not_stated ? "not stated by the contract: unknown, not counted in the total"
                                                        : amount_with_code(p.credit_minor, currency)));
  out += item("Cap", html_escape(cap_text(p.cap_minor, p.caps, currency, true)));
  if (p.hour_rule_minor > 0)
    out += item("Hour rule", html_escape(std::to_string(p.free_hours) + " clock hours, " +
                                         amount_with_code(p.hour_rule_minor, currency) + " credited without a claim"));
  out += item("Claim", claim_html(context, p.claim));
  out += item("Owed", html_escape(amount_with_code(p.owed_minor, currency)));
  return out + "</dl>\n" + derivation(context, p.explain) + "</article>\n";
}

std::string recovery_credit(const HtmlContext& context, const audit::RecoveryAudit& r) {
  const model::Currency& currency = context.report.currency;
  std::string out = "<article class=\"credit\">\n" +
                    html_element("h3", r.service + ", recovery: " + amount_with_code(r.owed_minor, currency) + " owed") +
                    "\n<dl>\n";
  out += item("Recovery clause", html_clause(context, r.clause));
  out += item("Breaches", html_escape(counted(r.breaches, "breach", "breaches") + " of the limit of " +
                                      (r.limit ? minutes_text(*r.limit) + " min" : std::string("no stated limit"))));
  size_t listed = 0;
  for (const audit::RecoveryFinding& f : r.findings)
    if (f.breach && listed++ < kListedAtMost)
      out += item(f.id, html_escape(f.fault + ": " + minutes_text(f.time_to_recover) + " min, " +
                                      clock_words(context.report, f.clock)));
  if (listed > kListedAtMost)
    out += item("More breaches", html_escape(std::to_string(listed - kListedAtMost) +
                                             " not listed here; the JSON report (--format json) lists every one"));
  out += item("Credit", html_escape(amount_with_code(r.credit_minor, currency)));
  out += item("Cap", html_escape(cap_text(r.cap_minor, r.caps, currency, true)));
  out += item("Owed", html_escape(amount_with_code(r.owed_minor, currency)));
  return out + "</dl>\n" + derivation(context, r.explain) + "</article>\n";
}

}  // namespace

std::string html_credits(const HtmlContext& context) {
  std::string out = "<section id=\"credits\">\n<h2>Credits owed and why</h2>\n";
  bool any = false;
  for (const audit::PeriodAudit& p : context.report.periods)
    if (p.credit_minor > 0 || p.owed_minor > 0 || p.hour_rule_minor > 0 || p.credit_not_stated) {
      out += period_credit(context, p);
      any = true;
    }
  for (const audit::RecoveryAudit& r : context.report.recovery)
    if (r.credit_minor > 0 || r.owed_minor > 0) {
      out += recovery_credit(context, r);
      any = true;
    }
  if (!any) out += "<p>No credit is owed for the periods audited.</p>\n";
  return out + "</section>\n";
}

}  // namespace slaudit::report
