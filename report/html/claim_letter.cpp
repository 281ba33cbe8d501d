// Claim letters as one self-contained, printable HTML page
// (report/common/claim_letter.h): one letter a page, every value escaped.
#include "report/common/claim_letter.h"
#include "report/html/html_text.h"
#include "report/html/render_html.h"

namespace slaudit::report {

namespace {

// Sized so a letter with a clause of a dozen lines and a few incidents fits one
// A4 page; a longer one runs on, and the next letter still starts a page.
constexpr const char* kLetterStyle =
    "body{font-family:Georgia,serif;font-size:10.5pt;max-width:46rem;margin:1.5rem auto;color:#111;line-height:1.35}"
    "h1{font-size:1.35em;margin:0 0 .6em}h2{font-size:1.05em;margin:1em 0 .3em}p{margin:.4em 0}"
    "article{page-break-after:always;break-after:page;margin-bottom:2rem}"
    "article:last-child{page-break-after:auto;break-after:auto}"
    "table{border-collapse:collapse;margin:.3rem 0}td,th{border:1px solid #999;padding:.1rem .4rem;text-align:left}"
    "td.num{text-align:right}pre{background:#f4f4f4;padding:.4rem;margin:.3rem 0;font-size:8.5pt;line-height:1.25;"
    "white-space:pre-wrap}code{font-size:.8em;word-break:break-all}"
    "dl{display:grid;grid-template-columns:auto 1fr;gap:0 1rem;margin:.3em 0}dd{margin:0}"
    "dt{font-weight:bold}@page{size:A4;margin:15mm}";

std::string letter_html(const ClaimLetter& l) {
  std::string out = "<article>\n" + html_element("h1", l.subject) + "\n<dl>" + html_element("dt", "To") +
                    html_element("dd", l.to) + html_element("dt", "From") + html_element("dd", l.from) +
                    html_element("dt", "Date") + html_element("dd", l.date_line) + "</dl>\n" +
                    html_element("p", l.opening) + "\n";
  out += "<h2>The commitment (<code>" + html_escape(l.clause_ref) + "</code>)</h2>\n<pre>";
  for (const std::string& line : l.clause_lines) out += html_escape(line) + "\n";
  out += "</pre>\n<h2>The figures</h2>\n<table>\n";
  for (const auto& [label, value] : l.figures) out += "<tr>" + html_element("th", label) + html_element("td", value) + "</tr>\n";
  out += "</table>\n<h2>The incidents counted</h2>\n";
  if (l.incidents.empty()) out += "<p>None is listed (the audit recorded no incident finding).</p>\n";
  else {
    out += "<table>\n<tr><th>Incident</th><th>Start</th><th>End</th><th>Down (min)</th></tr>\n";
    for (const LetterIncident& i : l.incidents)
      out += "<tr>" + html_incident_cell(i.id, i.labels.get()) + html_element("td", i.start) + html_element("td", i.end) +
             html_element("td", i.down_minutes, "num") + "</tr>\n";
    out += "</table>\n" + html_element("p", l.incidents_note) + "\n";
  }
  out += "<h2>The evidence</h2>\n<table>\n<tr><th>Role</th><th>File</th><th>SHA-256</th></tr>\n";
  for (const audit::InputFile& input : l.evidence)
    out += "<tr>" + html_element("td", input.role) + "<td><code>" + html_escape(input.path) + "</code></td><td><code>" +
           html_escape(input.sha256) + "</code></td></tr>\n";
  return out + "</table>\n" + html_element("p", l.closing) + "\n</article>\n";
}

}  // namespace

std::string render_claim_letters_html(const audit::AuditReport& report, const model::Contract& contract,
                                      const SourceFile& source) {
  const std::vector<ClaimLetter> letters = claim_letters(report, contract, source);
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                    html_escape("Claim letters: " + report.contract_title) + "</title>\n<style>" + kLetterStyle +
                    "</style>\n</head>\n<body>\n";
  if (letters.empty())
    out += "<article>\n<h1>No claim to make</h1>\n" +
           html_element("p", "No audited period of \"" + report.contract_title + "\" (" + report.range +
                                 ") owes a credit.") +
           "\n</article>\n";
  for (const ClaimLetter& l : letters) out += letter_html(l);
  return out + "</body>\n</html>\n";
}

}  // namespace slaudit::report
