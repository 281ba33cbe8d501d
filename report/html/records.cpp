// What the audit read: recovery findings, the records used and rejected, and
// the inputs' digests, so anyone can tell whether they hold the same files.
#include <algorithm>

#include "report/common/amounts.h"
#include "engine/figures/figures.h"
#include "report/html/sections.h"
#include "report/html/html_text.h"
#include "report/common/names.h"

namespace slaudit::report {

namespace {

std::string cell(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }

std::string stats_table(const std::vector<audit::FaultStats>& stats, bool with_breaches) {
  std::string out = "<table class=\"faults\">\n<thead><tr><th>Fault</th><th class=\"num\">Count</th>"
                    "<th class=\"num\">Median min</th><th class=\"num\">p95 min</th><th class=\"num\">Max min</th>" +
                    std::string(with_breaches ? "<th class=\"num\">Breaches</th>" : "") + "</tr></thead>\n<tbody>\n";
  for (const audit::FaultStats& s : stats)
    out += "<tr>" + cell(s.fault) + cell(std::to_string(s.count), "num") + cell(minutes_text(s.median), "num") +
           cell(minutes_text(s.p95), "num") + cell(minutes_text(s.max), "num") +
           (with_breaches ? cell(std::to_string(s.breaches), "num") : std::string()) + "</tr>\n";
  return out + "</tbody>\n</table>\n";
}

std::string recovery_clause(const HtmlContext& context, const audit::RecoveryAudit& r) {
  std::string out = "<article class=\"recovery\">\n" +
                    html_element("h3", r.service + ": within " +
                                           (r.limit ? minutes_text(*r.limit) + " min" : std::string("no stated limit"))) +
                    "\n<p>" +
                    html_escape(std::to_string(r.covered) + " incidents covered, " + std::to_string(r.breaches) +
                                " over the limit; owed " + amount_with_code(r.owed_minor, context.report.currency) + ".") +
                    " Clause: " + html_clause(context, r.clause) + "</p>\n";
  if (!r.stats.empty()) out += stats_table(r.stats, true);
  if (!r.uncovered.empty()) {
    out += "<p>Fault classes no recovery clause covers:</p>\n" + stats_table(r.uncovered, false);
    out += "<p>" + html_escape("Their incidents: " + joined(r.uncovered_incidents, ", ", kListedAtMost)) + "</p>\n";
  }
  return out + "</article>\n";
}

}  // namespace

std::string html_recovery(const HtmlContext& context) {
  if (context.report.recovery.empty()) return "";
  std::string out = "<section id=\"recovery\">\n<h2>Recovery</h2>\n";
  for (const audit::RecoveryAudit& r : context.report.recovery) out += recovery_clause(context, r);
  return out + "</section>\n";
}

std::string html_records(const HtmlContext& context) {
  const audit::AuditReport& report = context.report;
  std::string out = "<section id=\"records\">\n<h2>Records</h2>\n";
  // The column only when a log holds another contract's records: most reports keep their four.
  const bool shared = std::any_of(report.records.begin(), report.records.end(),
                                  [](const audit::RecordAccounting& file) { return file.not_for_contract > 0; });
  out += "<table class=\"records\">\n<thead><tr><th>File</th><th class=\"num\">Read</th><th class=\"num\">Used</th>"
         "<th class=\"num\">Rejected</th>" +
         std::string(shared ? "<th class=\"num\">Not for this contract</th>" : "") + "</tr></thead>\n<tbody>\n";
  for (const audit::RecordAccounting& file : report.records)
    out += "<tr>" + cell(file.path) + cell(std::to_string(file.read), "num") + cell(std::to_string(file.used), "num") +
           cell(std::to_string(file.rejected), "num") +
           (shared ? cell(std::to_string(file.not_for_contract), "num") : std::string()) + "</tr>\n";
  out += "</tbody>\n</table>\n";
  if (report.rejected.empty()) return out + "<p>No record of the inputs was rejected.</p>\n</section>\n";
  out += "<h3>Rejected records</h3>\n<p>These records were not used in the audit:</p>\n"
         "<table class=\"rejected\">\n<thead><tr><th>File</th><th class=\"num\">Line</th><th>Reason</th></tr></thead>\n"
         "<tbody>\n";
  const size_t listed = std::min(report.rejected.size(), kListedAtMost);
  for (size_t i = 0; i < listed; ++i) {
    const audit::RejectedRecord& r = report.rejected[i];
    out += "<tr>" + cell(r.path) + cell(std::to_string(r.line), "num") + cell(r.reason) + "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  if (listed < report.rejected.size())
    out += "<p class=\"note\">" +
           html_escape("And " + std::to_string(report.rejected.size() - listed) +
                       " more rejected records; the JSON report (--format json) lists every one.") +
           "</p>\n";
  return out + "</section>\n";
}

std::string html_inputs(const HtmlContext& context) {
  const audit::AuditReport& report = context.report;
  std::string out = "<section id=\"inputs\">\n<h2>Inputs</h2>\n<table class=\"inputs\">\n<thead><tr><th>Role</th>"
                    "<th>File</th><th>SHA-256</th></tr></thead>\n<tbody>\n";
  for (const audit::InputFile& input : report.inputs)
    out += "<tr>" + cell(input.role) + cell(input.path) + "<td>" + html_element("code", input.sha256) + "</td></tr>\n";
  return out + "</tbody>\n</table>\n<p>" +
         html_escape("Audited by slaudit " + report.engine_version + " with tzdata " + report.tzdata_version + ".") +
         "</p>\n</section>\n";
}

}  // namespace slaudit::report
