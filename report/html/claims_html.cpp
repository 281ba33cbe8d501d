#include "report/html/claims_html.h"

#include "report/html/html_text.h"
#include "report/html/sections.h"

namespace slaudit::report {

namespace {

using claims::ClaimsReport;
using claims::ItemVerdict;

// "VERIFIED" -> "verified": the class that colours a verdict.
std::string verdict_class(claims::Verdict v) {
  std::string name = claims::verdict_name(v);
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return "verdict " + name;
}

std::string summary(const ClaimsReport& report) {
  std::string out = "<h2>Summary</h2>\n<table class=\"claims\"><thead><tr><th class=\"num\">Line</th><th>Claim</th>"
                    "<th>Read as</th><th>Verdict</th></tr></thead><tbody>\n";
  for (const ItemVerdict& item : report.items)
    out += "<tr>" + html_element("td", std::to_string(item.line), "num") + html_element("td", item.text) +
           html_element("td", item.predicate.empty() ? "—" : item.predicate) +
           html_element("td", claims::verdict_name(item.verdict), verdict_class(item.verdict)) + "</tr>\n";
  out += "</tbody></table>\n<ul class=\"counts\">";
  const auto counts = report.counts();
  for (claims::Verdict v : {claims::Verdict::Verified, claims::Verdict::Refuted, claims::Verdict::Ambiguous,
                            claims::Verdict::Unverifiable})
    out += html_element("li", std::string(claims::verdict_name(v)) + ": " + std::to_string(counts[static_cast<size_t>(v)]));
  return out + "</ul>\n";
}

std::string details(const ItemVerdict& item) {
  std::string out = "<section class=\"claim\">\n" +
                    html_element("h3", item.text + " — " + claims::verdict_name(item.verdict)) + "\n";
  out += html_element("p", "Contract line " + std::to_string(item.line) +
                               (item.predicate.empty() ? "" : ", read as " + item.predicate) + ".") + "\n";
  if (!item.readings.empty()) {
    out += "<table class=\"readings\"><thead><tr><th>Reading</th><th>Verdict</th><th>Evidence</th></tr></thead><tbody>\n";
    for (const claims::Reading& r : item.readings)
      out += "<tr>" + html_element("td", r.name) + html_element("td", claims::verdict_name(r.verdict), verdict_class(r.verdict)) +
             html_element("td", r.evidence) + "</tr>\n";
    out += "</tbody></table>\n";
  }
  out += html_element("p", "Basis: " + item.basis + ".") + "\n";
  if (!item.needs.empty()) out += html_element("p", "To settle it we need: " + item.needs + ".", "needs") + "\n";
  return out + "</section>\n";
}

std::string inputs(const ClaimsReport& report) {
  std::string out = "<h2>Inputs</h2>\n<table class=\"inputs\"><thead><tr><th>Role</th><th>File</th><th>SHA-256</th>"
                    "</tr></thead><tbody>\n";
  for (const audit::InputFile& input : report.inputs)
    out += "<tr>" + html_element("td", input.role) + "<td>" + html_element("code", input.path) + "</td><td>" +
           html_element("code", input.sha256) + "</td></tr>\n";
  out += "</tbody></table>\n<ul class=\"records\">";
  for (const audit::RecordAccounting& file : report.records)
    out += html_element("li", file.path + ": " + std::to_string(file.read) + " records read, " +
                                  std::to_string(file.used) + " used, " + std::to_string(file.rejected) + " rejected" +
                                  (file.not_for_contract ? ", " + std::to_string(file.not_for_contract) +
                                                               " not for this contract"
                                                         : std::string()));
  for (const audit::RejectedRecord& record : report.rejected)
    out += html_element("li", "rejected " + record.path + " line " + std::to_string(record.line) + ": " + record.reason);
  out += "</ul>\n";
  return out + html_element("p", "Engine slaudit " + report.engine_version + ", tzdata " + report.tzdata_version + ".",
                            "note") + "\n";
}

std::string claims_style() {
  return R"css(<style>
td.verdict.verified { color: #1d6b2c; font-weight: bold; }
td.verdict.refuted { color: #a61b1b; font-weight: bold; }
td.verdict.ambiguous, td.verdict.unverifiable { color: #8a5a00; font-weight: bold; }
section.claim { break-inside: avoid; }
p.needs { border-left: 3px solid #c98a00; padding-left: .6em; }
</style>
)css";
}

}  // namespace

std::string render_claims_html(const ClaimsReport& report) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" +
                    html_element("title", "Claims verified: " + report.contract_title) + "\n" + html_style() +
                    claims_style() + "</head>\n<body>\n" + html_element("h1", "Claims verified: " + report.contract_title) +
                    "\n<dl class=\"facts\">" + html_fact("Contract", html_element("code", report.contract_path));
  if (!report.range.empty()) out += html_fact("Incidents read over", html_escape(report.range));
  out += "</dl>\n";
  for (const std::string& note : report.notes) out += html_element("p", "Note: " + note, "note") + "\n";
  out += summary(report) + "<h2>Claims</h2>\n";
  for (const ItemVerdict& item : report.items) out += details(item);
  return out + inputs(report) + "</body>\n</html>\n";
}

}  // namespace slaudit::report
