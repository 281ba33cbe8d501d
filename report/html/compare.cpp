// The comparison as one self-contained HTML page: the ranking with a bar
// chart of the weighted scores and the sensitivity, the replay with a chart of
// each contract's credits against the cost of the lost training time, the
// seven questions, one comparison table per dimension with every point's
// basis, the claims, the records and the inputs' digests. No script, no
// network; everything from the inputs is escaped; the same report gives the
// same bytes.
#include "report/common/amounts.h"
#include "engine/figures/figures.h"
#include "report/common/compare_words.h"
#include "report/common/names.h"
#include "report/html/compare_sections.h"
#include "report/html/html_text.h"
#include "report/html/render_html.h"
#include "report/html/sections.h"

namespace slaudit::report {

namespace {

using selection::CompareReport;
using selection::VendorComparison;

std::string cell(const std::string& text, const char* cls = "") { return html_element("td", text, cls); }
std::string head_cell(const std::string& text, const char* cls = "") { return html_element("th", text, cls); }

std::string vendor_heads(const CompareReport& r, const char* cls = "") {
  std::string out;
  for (const VendorComparison& v : r.vendors) out += head_cell(v.name, cls);
  return out;
}

std::string header(const CompareReport& r) {
  std::string out = "<header>\n" + html_element("h1", "Choosing a provider: " + std::to_string(r.vendors.size()) +
                                                          " contracts compared") + "\n<dl class=\"facts\">\n";
  for (const VendorComparison& v : r.vendors)
    out += "<dt>" + html_escape(v.name) + "</dt><dd>" + html_escape(v.contract_title) + ", " +
           html_element("code", v.contract_path) + ", service " + html_element("code", v.service) + "</dd>\n";
  out += "<dt>Weights</dt><dd>" + html_escape(weights_sentence(r.weights)) + "</dd>\n</dl>\n";
  if (!r.notes.empty() || r.incomplete()) {
    out += "<ul class=\"notes\">\n";
    if (r.incomplete())
      out += "<li class=\"incomplete\">Incomplete: some figures rest on missing data (see the records and the notes).</li>\n";
    for (const std::string& note : r.notes) out += html_element("li", note) + "\n";
    out += "</ul>\n";
  }
  return out + "</header>\n";
}

std::string ranking(const CompareReport& r) {
  std::string out = "<section class=\"ranking\">\n<h2>Ranking</h2>\n" + scores_chart(r);
  out += "<table class=\"ranking\">\n<thead><tr><th class=\"num\">Rank</th><th>Vendor</th><th class=\"num\">Weighted</th>";
  for (selection::Dimension d : selection::kDimensions)
    out += head_cell(std::string(selection::dimension_title(d)) + " (" + score_text(r.weights.of(d)) + ")", "num");
  out += "</tr></thead>\n<tbody>\n";
  for (size_t k : r.ranking) {
    const VendorComparison& v = r.vendors[k];
    out += "<tr>" + cell(std::to_string(v.rank), "num") + cell(v.name) + cell(score_text(v.score.weighted), "num total");
    for (const selection::DimensionScore& d : v.score.dimensions) out += cell(score_text(d.score), "num");
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  for (const selection::Sensitivity& s : r.sensitivity) out += html_element("p", sensitivity_sentence(r, s), "sensitivity") + "\n";
  return out + "</section>\n";
}

std::string optional_share(const std::optional<Rational>& share) { return share ? share_text(*share) : "—"; }

std::string replay_row(const VendorComparison& v) {
  const selection::ReplayOutcome& o = *v.replay;
  if (!o.ran()) return "<tr>" + cell(v.name) + "<td colspan=\"10\">not audited: " + html_escape(joined(o.errors, "; ")) + "</td></tr>\n";
  return "<tr>" + cell(v.name) + cell(o.range) +
         cell(std::to_string(o.periods_missed) + " of " + std::to_string(o.periods.size()), "num") +
         cell(std::to_string(o.breaches), "num") + cell(std::to_string(o.uncovered), "num") +
         cell(amount_with_code(o.credits_minor, v.currency), "num") + cell(amount_with_code(o.fees_minor, v.currency), "num") +
         cell(optional_share(o.credit_share), "num") +
         cell(o.lost_cost_minor ? money_rational_text(*o.lost_cost_minor, v.currency) : "—", "num") +
         cell(optional_share(o.lost_share), "num") + cell(optional_share(o.remedy_ratio), "num") + "</tr>\n";
}

std::string replay_periods(const VendorComparison& v) {
  const selection::ReplayOutcome& o = *v.replay;
  if (!o.ran()) return "";
  std::string out = html_element("h3", v.name + ": periods as its contract measures them") +
                    "\n<table class=\"periods\">\n<thead><tr><th>Period</th><th class=\"num\">Target</th>"
                    "<th class=\"num\">Availability</th><th class=\"num\">Down (min)</th><th>Verdict</th>"
                    "<th class=\"num\">Fee</th><th class=\"num\">Credit</th><th class=\"num\">Owed</th></tr></thead>\n<tbody>\n";
  for (size_t k : o.periods) {
    const audit::PeriodAudit& p = o.audit->periods[k];
    const std::string verdict = spoken(audit::verdict_name(p.verdict()));
    out += "<tr>" + cell(p.period) + cell(p.target ? percent_text(*p.target) : "—", "num") +
           cell(p.availability ? percent_text(*p.availability) : "—", "num") + cell(minutes_text(p.down), "num") +
           cell(verdict, verdict == "breached" ? "missed" : verdict == "met" ? "met" : "") +
           cell(amount_text(p.fee_minor, v.currency), "num") + cell(amount_text(p.credit_minor, v.currency), "num") +
           cell(amount_text(p.owed_minor + p.hour_rule_minor, v.currency), "num") + "</tr>\n";
  }
  out += "</tbody>\n</table>\n<ul class=\"notes\">\n";
  for (size_t k : o.recovery) {
    const audit::RecoveryAudit& rec = o.audit->recovery[k];
    out += html_element("li", "recovery" + (rec.clause_label.empty() ? "" : " \"" + rec.clause_label + "\"") + ": " +
                                  counted(rec.covered, "incident", "incidents") + " covered, " +
                                  counted(rec.breaches, "breach", "breaches") + ", owed " +
                                  amount_with_code(rec.owed_minor, v.currency)) + "\n";
  }
  out += html_element("li", "price per GPU-hour: " +
                                (o.price_per_gpu_hour_minor ? money_rational_text(*o.price_per_gpu_hour_minor, v.currency)
                                                            : std::string("none")) + " (" + o.price_basis + ")") + "\n";
  for (const std::string& note : o.notes) out += html_element("li", note) + "\n";
  for (const std::string& note : o.audit->notes) out += html_element("li", note) + "\n";
  return out + "</ul>\n";
}

std::string replay(const CompareReport& r) {
  std::string out = "<section class=\"replay\">\n<h2>The same outages through every contract</h2>\n";
  if (!r.history) return out + "<p>No outage history was given.</p>\n</section>\n";
  out += html_element("p", history_sentence(*r.history)) + "\n" + html_element("p", lost_time_sentence(*r.history)) + "\n";
  out += remedy_chart(r);
  out += "<table class=\"replay\">\n<thead><tr><th>Vendor</th><th>Days audited</th><th class=\"num\">Periods breached</th>"
         "<th class=\"num\">Recovery breaches</th><th class=\"num\">Uncovered faults</th><th class=\"num\">Credits</th>"
         "<th class=\"num\">Fees</th><th class=\"num\">Credits / fees</th><th class=\"num\">Lost time cost</th>"
         "<th class=\"num\">Lost / fees</th><th class=\"num\">Credits / lost</th></tr></thead>\n<tbody>\n";
  for (const VendorComparison& v : r.vendors) out += replay_row(v);
  out += "</tbody>\n</table>\n";
  for (const VendorComparison& v : r.vendors) out += replay_periods(v);
  return out + "</section>\n";
}

std::string status_cell(selection::QuestionStatus status) {
  const std::string word = selection::question_status_name(status);
  return cell(word, status == selection::QuestionStatus::Answered ? "q answered"
                    : status == selection::QuestionStatus::Open   ? "q open"
                                                                  : "q contradicted");
}

std::string questions(const CompareReport& r) {
  std::string out = "<section class=\"questions\">\n<h2>The seven questions before signing</h2>\n"
                    "<table class=\"questions\">\n<thead><tr><th class=\"num\">#</th><th>Question</th>" +
                    vendor_heads(r) + "</tr></thead>\n<tbody>\n";
  for (size_t q = 0; q < selection::kQuestionCount; ++q) {
    out += "<tr>" + cell(std::to_string(q + 1), "num") + cell(selection::question_text(q + 1));
    for (const VendorComparison& v : r.vendors) out += status_cell(v.questions[q].status);
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  for (const VendorComparison& v : r.vendors) {
    out += html_element("h3", v.name) + "\n<ol class=\"answers\">\n";
    for (const selection::QuestionAnswer& a : v.questions) {
      out += "<li>" + html_element("strong", selection::question_status_name(a.status)) + "<ul>";
      for (const selection::QuestionPoint& p : a.points) out += html_element("li", point_text(p));
      out += "</ul></li>\n";
    }
    out += "</ol>\n";
  }
  return out + "</section>\n";
}

std::string dimension_table(const CompareReport& r, size_t d) {
  const selection::Dimension dim = selection::kDimensions[d];
  std::string out = "<section class=\"dimension\" id=\"" + std::string(selection::dimension_id(dim)) + "\">\n" +
                    html_element("h3", std::string(selection::dimension_title(dim)) + " (weight " +
                                           score_text(r.weights.of(dim)) + ")") +
                    "\n<table class=\"dimension\">\n<thead><tr><th>Criterion</th><th class=\"num\">Max</th>" +
                    vendor_heads(r, "num") + "</tr></thead>\n<tbody>\n";
  const auto& criteria = r.vendors.front().score.dimensions[d].criteria;
  for (size_t c = 0; c < criteria.size(); ++c) {
    out += "<tr>" + cell(criteria[c].name) + cell(score_text(criteria[c].max), "num");
    for (const VendorComparison& v : r.vendors) {
      const selection::Criterion& mine = v.score.dimensions[d].criteria[c];
      out += "<td class=\"num\" title=\"" + html_escape(mine.basis) + "\">" + html_escape(score_text(mine.points)) + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n<tfoot><tr><th>Score</th><td class=\"num\">100</td>";
  for (const VendorComparison& v : r.vendors) out += cell(score_text(v.score.dimensions[d].score), "num total");
  out += "</tr></tfoot>\n</table>\n<ul class=\"basis\">\n";
  for (const VendorComparison& v : r.vendors)
    for (const selection::Criterion& c : v.score.dimensions[d].criteria)
      out += "<li>" + html_element("strong", v.name + ", " + c.name + " (" + score_text(c.points) + ")") + ": " +
             html_escape(c.basis) + "</li>\n";
  const auto& not_scored = r.vendors.front().score.dimensions[d].not_scored;
  if (!not_scored.empty())
    out += html_element("li", "Not scored (no contract term states it): " + joined(not_scored, ", "), "default") + "\n";
  return out + "</ul>\n</section>\n";
}

std::string scorecard(const CompareReport& r) {
  std::string out = "<section class=\"scorecard\">\n<h2>Scorecard</h2>\n<p class=\"note\">Each dimension scores 0–100 "
                    "from contract terms, rule findings and claim verdicts only (docs/compare.md); hover a score for "
                    "its basis, or read it below each table.</p>\n";
  for (size_t d = 0; d < selection::kDimensionCount; ++d) out += dimension_table(r, d);
  return out + "</section>\n";
}

std::string claims_section(const CompareReport& r) {
  std::string out = "<section class=\"claims\">\n<h2>Claims and commitments</h2>\n";
  for (const VendorComparison& v : r.vendors) {
    out += html_element("h3", v.name) + "\n<table class=\"claims\">\n<thead><tr><th class=\"num\">Line</th>"
           "<th>Verdict</th><th>Claim</th><th>As read</th><th>Basis</th></tr></thead>\n<tbody>\n";
    for (const claims::ItemVerdict& item : v.claims.items)
      out += "<tr>" + cell(std::to_string(item.line), "num") + cell(claims::verdict_name(item.verdict)) + cell(item.text) +
             cell(item.predicate.empty() ? "—" : item.predicate) + cell(item.basis) + "</tr>\n";
    out += "</tbody>\n</table>\n";
  }
  return out + "</section>\n";
}

std::string records_and_inputs(const CompareReport& r) {
  std::string out = "<section class=\"inputs\">\n<h2>Records and inputs</h2>\n<ul>\n";
  for (const audit::RecordAccounting& f : r.records)
    out += html_element("li", f.path + ": " + std::to_string(f.read) + " read, " + std::to_string(f.used) + " used, " +
                                  std::to_string(f.rejected) + " rejected" +
                                  (f.not_for_contract ? ", " + std::to_string(f.not_for_contract) + " not for this contract"
                                                      : std::string())) +
           "\n";
  for (const audit::RejectedRecord& rec : r.rejected)
    out += html_element("li", "rejected " + rec.path + ":" + std::to_string(rec.line) + ": " + rec.reason) + "\n";
  out += "</ul>\n<table class=\"inputs\">\n<thead><tr><th>Role</th><th>File</th><th>SHA-256</th></tr></thead>\n<tbody>\n";
  for (const audit::InputFile& input : r.inputs)
    out += "<tr>" + cell(input.role) + cell(input.path) + "<td><code>" + html_escape(input.sha256) + "</code></td></tr>\n";
  out += "</tbody>\n</table>\n" +
         html_element("p", "engine slaudit " + r.engine_version + ", tzdata " + r.tzdata_version, "note") + "\n";
  return out + "</section>\n";
}

}  // namespace

std::string render_compare_html(const CompareReport& r) {
  std::string names;
  for (const VendorComparison& v : r.vendors) names += (names.empty() ? "" : ", ") + v.name;
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<meta name=\"generator\" content=\"slaudit " + html_escape(r.engine_version) + "\">\n" +
                    html_element("title", "Choosing a provider: " + names) + "\n" + html_style() + compare_style() +
                    "</head>\n<body>\n";
  out += header(r) + "<main>\n" + ranking(r) + replay(r) + questions(r) + scorecard(r) + claims_section(r) +
         records_and_inputs(r) + "</main>\n";
  return out + "</body>\n</html>\n";
}

std::string compare_style() {
  return R"css(<style>
svg.chart { display: block; width: 100%; height: auto; margin: .3em 0 .6em; }
svg.chart .ticks line { stroke: #bbb; stroke-width: .6; }
svg.chart .ticks text { font-size: 10px; fill: #555; text-anchor: middle; }
svg.chart text.vendor { font-size: 12px; text-anchor: end; fill: #111; }
svg.chart text.value, svg.chart text.missing { font-size: 11px; fill: #222; }
svg.chart rect:hover { stroke: #000; stroke-width: 1; }
.cluster_scale { fill: #1f5f8b; background: #1f5f8b; } .fault_recovery { fill: #c0392b; background: #c0392b; }
.network_storage { fill: #d68910; background: #d68910; } .scheduling { fill: #7d3c98; background: #7d3c98; }
.sla_terms { fill: #1e8449; background: #1e8449; } .openness { fill: #7f8c8d; background: #7f8c8d; }
svg.remedy rect.credit, .swatch.credit { fill: #1e8449; background: #1e8449; }
svg.remedy rect.lost, .swatch.lost { fill: #c0392b; background: #c0392b; }
td.q.answered { color: #1d6b2c; } td.q.open { color: #8a6100; font-weight: bold; }
td.q.contradicted { color: #a61b1b; font-weight: bold; }
li.incomplete { color: #a61b1b; font-weight: bold; }
p.sensitivity { border-left: 3px solid #1f5f8b; padding-left: .6em; }
ul.basis { font-size: .9em; color: #333; }
table.dimension, table.questions, table.replay, table.claims { max-width: 100%; }
table.ranking th, table.replay th, table.periods th { white-space: normal; }  /* long dimension names wrap, figures do not */
table.claims td, table.questions td, ol.answers li { overflow-wrap: anywhere; }
@media print { section.dimension, svg.chart { break-inside: avoid; } section.questions, section.scorecard { break-before: page; } }
</style>
)css";
}

}  // namespace slaudit::report
