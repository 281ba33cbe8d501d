#include "report/html/render_html.h"

#include "report/common/claim_words.h"
#include "report/common/amounts.h"
#include "report/common/names.h"

#include "engine/figures/figures.h"
#include "report/html/sections.h"
#include "report/html/html_text.h"

namespace slaudit::report {

namespace {

std::string effective_text(const model::Contract& contract) {
  if (!contract.effective_from && !contract.effective_until) return "no effective dates stated";
  return "effective " + (contract.effective_from ? date_text(*contract.effective_from) : std::string("?")) + " to " +
         (contract.effective_until ? date_text(*contract.effective_until) : std::string("?"));
}

std::string result_html(const audit::AuditReport& report) {
  if (report.verdict == audit::Verdict::Breached)
    return "<span class=\"result breached\">at least one commitment was breached</span>";
  if (report.verdict == audit::Verdict::Met && report.evidence_complete())
    return "<span class=\"result met\">every commitment was met</span>";
  return "<span class=\"result incomplete\">" + html_escape(result_phrase(report)) + "</span>";
}

std::string header(const HtmlContext& context) {
  const audit::AuditReport& report = context.report;
  std::string out = "<header>\n" + html_element("h1", "SLA audit: " + report.contract_title) + "\n<dl class=\"facts\">\n";
  out += html_fact("Provider", html_escape(context.contract.provider.value_or("(not stated)")));
  out += html_fact("Customer", html_escape(context.contract.customer.value_or("(not stated)")));
  out += html_fact("Contract", html_element("code", context.source.name()) + ", " + html_escape(effective_text(context.contract)));
  out += html_fact("Period audited", html_escape(report.range + " (time zone " + report.timezone + ")"));
  if (report.judged_at) out += html_fact("Judged as of", html_escape(judged_at_words(*report.judged_at)));
  const std::string claim = total_claim_phrase(report);
  out += html_fact("Total credits owed", html_escape(total_owed_text(report.total_owed_minor, report.owed_is_lower_bound(), report.currency) +
                                                (claim.empty() ? "" : ", " + claim)));
  out += html_fact("Result", result_html(report));
  for (const std::string& gap : report.evidence_gaps) out += html_fact("Evidence incomplete", html_escape(gap));
  out += "</dl>\n";
  if (!report.notes.empty()) {
    out += "<ul class=\"notes\">\n";
    for (const std::string& note : report.notes) out += html_element("li", note) + "\n";
    out += "</ul>\n";
  }
  return out + "</header>\n";
}

}  // namespace

std::string render_html(const audit::AuditReport& report, const model::Contract& contract, const SourceFile& source) {
  const HtmlContext context{report, contract, source, TimeZone::find(report.timezone)};
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<meta name=\"generator\" content=\"slaudit " + html_escape(report.engine_version) + "\">\n" +
                    html_element("title", "SLA audit: " + report.contract_title + " — " + report.range) + "\n" +
                    html_style() + "</head>\n<body>\n";
  out += header(context) + "<main>\n" + html_summary(context) + html_statement(context) + html_error_budget(context) + html_credits(context) + html_periods(context) +
         html_probes(context) + html_recovery(context) + html_composites(context) + html_records(context) + html_inputs(context) + "</main>\n";
  return out + "</body>\n</html>\n";
}

}  // namespace slaudit::report
