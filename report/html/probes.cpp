// "Probe measurements" in the HTML report: what the text report's Probes
// section says, as tables. Per period the buckets behind the availability
// (and the requests, for request-based clauses), the other reading when the
// clause states no missing-data rule, and per clause what became of every
// sample offered to it, with the first lines not used.
#include "base/num/wide_count.h"
#include "report/common/amounts.h"
#include "engine/audit/incident_rules.h"
#include "engine/figures/figures.h"
#include "report/html/sections.h"
#include "report/html/html_text.h"

namespace slaudit::report {

namespace {

std::string n(uint64_t v) { return std::to_string(v); }
std::string n(int64_t v) { return std::to_string(v); }
std::string cell(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }
std::string num(const std::string& text) { return cell(text, "num"); }

std::string who(const std::string& service, const std::string& label) {
  return service + (label.empty() || label == service ? "" : "/" + label);
}

std::string period_row(const audit::PeriodAudit& p) {
  const audit::ProbePeriodFigures& f = *p.probe;
  const bool requests = f.method != model::ProbeMethod::BadBuckets;
  const std::string missing(terms::keyword(f.missing));
  std::string out = "<tr>" + cell(who(p.service, p.clause_label)) + cell(p.period) + cell(std::string(terms::keyword(f.method))) +
                    num(audit::duration_text(f.bucket)) + cell(f.combine + " (" + n(uint64_t{f.targets}) + ")") +
                    num(n(f.min_consecutive)) + cell(f.ambiguous ? missing + " (not stated)" : missing) +
                    num(n(f.buckets)) + num(n(f.bad_buckets)) + num(n(f.down_buckets)) + num(n(f.no_data_buckets)) +
                    num(n(f.excluded_buckets)) + num(n(f.target_buckets_missing));
  out += requests ? num(to_decimal(f.requests_ok) + " / " + to_decimal(f.requests_total)) +
                        num(n(f.rate_buckets) + " (" + n(f.rate_left_out) + " left out)") +
                        num(f.mean_error_rate ? percent_text(*f.mean_error_rate) : std::string("—"))
                  : num("—") + num("—") + num("—");
  return out + "</tr>\n";
}

std::string ambiguity(const HtmlContext& context, const audit::PeriodAudit& p) {
  const audit::ProbePeriodFigures& f = *p.probe;
  const auto& currency = context.report.currency;
  return "<p class=\"ambiguous\"><strong>" + html_escape(who(p.service, p.clause_label) + " " + p.period) +
         ": ambiguous.</strong> " +
         html_escape("The clause does not say how missing probe data counts. Counted as up: availability " +
                     (p.availability ? percent_text(*p.availability) : std::string("—")) + ", owed " +
                     amount_with_code(p.owed_minor, currency) + ". Counted as " + std::string(terms::keyword(f.other_missing)) + ": availability " +
                     (f.other_availability ? percent_text(*f.other_availability) : std::string("—")) + ", owed " +
                     amount_with_code(f.other_owed_minor, currency) + ".") +
         "</p>\n";
}

std::string accounting_row(const audit::ProbeClauseAccounting& a) {
  return "<tr>" + cell(who(a.service, a.clause_label)) + num(n(uint64_t{a.targets})) + num(n(a.seen)) + num(n(a.used)) +
         num(n(a.outside_period)) + num(n(a.not_a_target)) + num(n(a.late)) + num(n(a.duplicate_identical)) +
         num(n(a.duplicate_conflicting)) + num(n(a.unusable)) + "</tr>\n";
}

}  // namespace

std::string html_probes(const HtmlContext& context) {
  const audit::AuditReport& report = context.report;
  std::string rows, ambiguous;
  for (const audit::PeriodAudit& p : report.periods) {
    if (!p.probe) continue;
    rows += period_row(p);
    if (p.probe->ambiguous) ambiguous += ambiguity(context, p);
  }
  if (rows.empty() && report.probe_accounting.empty()) return "";
  std::string out = "<section id=\"probes\">\n<h2>Probe measurements</h2>\n";
  if (!rows.empty())
    out += "<table class=\"probes\">\n<thead><tr><th>Clause</th><th>Period</th><th>Method</th><th class=\"num\">Bucket</th>"
           "<th>Targets</th><th class=\"num\">Min. run</th><th>Missing data</th><th class=\"num\">Buckets</th>"
           "<th class=\"num\">Bad</th><th class=\"num\">Down</th><th class=\"num\">No sample</th>"
           "<th class=\"num\">Excluded (missing)</th><th class=\"num\">Target-buckets without a sample</th>"
           "<th class=\"num\">Requests good / total</th><th class=\"num\">Rate buckets</th>"
           "<th class=\"num\">Mean error rate</th></tr></thead>\n<tbody>\n" +
           rows + "</tbody>\n</table>\n" +
           "<p class=\"legend\">Bad: buckets bad by the clause's threshold. Down: bad buckets in runs of at least the "
           "minimum, the downtime. No sample: buckets without a sample from any target.</p>\n";
  out += ambiguous;
  if (report.probe_accounting.empty()) return out + "</section>\n";
  out += "<h3>Samples</h3>\n<table class=\"probe-samples\">\n<thead><tr><th>Clause</th><th class=\"num\">Targets</th>"
         "<th class=\"num\">Offered</th><th class=\"num\">Used</th><th class=\"num\">Outside the periods</th>"
         "<th class=\"num\">Not a target</th><th class=\"num\">Late</th><th class=\"num\">Duplicates ignored (identical)"
         "</th><th class=\"num\">Duplicates not used (conflicting)</th><th class=\"num\">Unusable</th></tr></thead>\n"
         "<tbody>\n";
  for (const auto& a : report.probe_accounting) out += accounting_row(a);
  out += "</tbody>\n</table>\n";
  for (const auto& a : report.probe_accounting) {
    out += "<p class=\"legend\">" +
           html_escape(who(a.service, a.clause_label) + ": late means more than " + audit::duration_text(a.lateness) +
                       " behind the latest sample; of conflicting duplicates the first row read wins.") +
           "</p>\n";
    if (a.examples.empty()) continue;
    out += "<table class=\"probe-unused\">\n<thead><tr><th>File</th><th class=\"num\">Line</th><th>Why not used</th>"
           "</tr></thead>\n<tbody>\n";
    for (const auto& x : a.examples) out += "<tr>" + cell(x.path) + num(std::to_string(x.line)) + cell(x.reason) + "</tr>\n";
    out += "</tbody>\n</table>\n";
  }
  return out + "</section>\n";
}

}  // namespace slaudit::report
