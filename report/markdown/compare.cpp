// The comparison as Markdown, for a memo to whoever signs: the ranking and
// its sensitivity, what each contract pays for the same outages beside what
// they cost, the seven questions, each dimension's table with every point's
// basis, and the inputs with their digests.
#include "report/common/amounts.h"
#include "report/common/compare_words.h"
#include "report/common/names.h"
#include "report/markdown/markdown_text.h"
#include "report/markdown/render_markdown.h"

#include "engine/figures/figures.h"

namespace slaudit::report {

namespace {

using selection::CompareReport;
using selection::VendorComparison;

std::string row(const std::vector<std::string>& cells) { return "| " + joined(cells, " | ") + " |\n"; }

std::string vendor_header(const CompareReport& r, std::vector<std::string> first, const std::string& align) {
  for (const VendorComparison& v : r.vendors) first.push_back(md_escape(v.name));
  std::string out = row(first) + "|";
  for (size_t k = 0; k < first.size(); ++k) out += k < first.size() - r.vendors.size() ? " --- |" : " " + align + " |";
  return out + "\n";
}

std::string ranking(const CompareReport& r) {
  std::string out = "## Ranking\n\nWeights: " + md_escape(weights_sentence(r.weights)) + ".\n\n";
  out += "| Rank | Vendor | Weighted score |";
  for (selection::Dimension d : selection::kDimensions) out += " " + md_escape(selection::dimension_title(d)) + " |";
  out += "\n| ---: | --- | ---: |";
  for (size_t k = 0; k < selection::kDimensionCount; ++k) out += " ---: |";
  out += "\n";
  for (size_t k : r.ranking) {
    const VendorComparison& v = r.vendors[k];
    std::vector<std::string> cells = {std::to_string(v.rank), md_escape(v.name), "**" + score_text(v.score.weighted) + "**"};
    for (const selection::DimensionScore& d : v.score.dimensions) cells.push_back(score_text(d.score));
    out += row(cells);
  }
  out += "\n";
  for (const selection::Sensitivity& s : r.sensitivity) out += "- Sensitivity: " + md_escape(sensitivity_sentence(r, s)) + ".\n";
  return out + "\n";
}

std::string optional_share(const std::optional<Rational>& share) { return share ? share_text(*share) : "—"; }

std::string replay(const CompareReport& r) {
  std::string out = "## The same outages through every contract\n\n";
  if (!r.history) return out + "No outage history was given.\n\n";
  out += md_escape(history_sentence(*r.history)) + ".\n\n" + md_escape(lost_time_sentence(*r.history)) + ".\n\n";
  out += "| Vendor | Days audited | Periods breached | Recovery breaches | Uncovered faults | Credits | Fees | Credits / fees | "
         "Lost time cost | Lost / fees | Credits / lost |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  for (const VendorComparison& v : r.vendors) {
    const selection::ReplayOutcome& o = *v.replay;
    if (!o.ran()) {
      out += row({md_escape(v.name), "not audited: " + md_escape(joined(o.errors, "; ")), "", "", "", "", "", "", "", "", ""});
      continue;
    }
    out += row({md_escape(v.name), md_escape(o.range), std::to_string(o.periods_missed) + " of " + std::to_string(o.periods.size()),
                std::to_string(o.breaches), std::to_string(o.uncovered), md_escape(amount_with_code(o.credits_minor, v.currency)),
                md_escape(amount_with_code(o.fees_minor, v.currency)), optional_share(o.credit_share),
                o.lost_cost_minor ? md_escape(money_rational_text(*o.lost_cost_minor, v.currency)) : "—",
                optional_share(o.lost_share), optional_share(o.remedy_ratio)});
  }
  out += "\n";
  for (const VendorComparison& v : r.vendors) {
    const selection::ReplayOutcome& o = *v.replay;
    out += "- **" + md_escape(v.name) + "**: price per GPU-hour " +
           (o.price_per_gpu_hour_minor ? md_escape(money_rational_text(*o.price_per_gpu_hour_minor, v.currency)) : "none") +
           " (" + md_escape(o.price_basis) + ")";
    for (const std::string& note : o.notes) out += "; " + md_escape(note);
    out += ".\n";
  }
  return out + "\n";
}

std::string questions(const CompareReport& r) {
  std::string out = "## The seven questions before signing\n\n" + vendor_header(r, {"#", "Question"}, "---");
  for (size_t q = 0; q < selection::kQuestionCount; ++q) {
    std::vector<std::string> cells = {std::to_string(q + 1), md_escape(selection::question_text(q + 1))};
    for (const VendorComparison& v : r.vendors) cells.push_back(selection::question_status_name(v.questions[q].status));
    out += row(cells);
  }
  out += "\n";
  for (const VendorComparison& v : r.vendors) {
    out += "### " + md_escape(v.name) + " (" + md_code(v.contract_path) + ")\n\n";
    for (const selection::QuestionAnswer& a : v.questions) {
      out += std::to_string(a.number) + ". **" + selection::question_status_name(a.status) + "**\n";
      for (const selection::QuestionPoint& p : a.points) out += "   - " + md_escape(point_text(p)) + "\n";
    }
    out += "\n";
  }
  return out;
}

std::string dimension_section(const CompareReport& r, size_t d) {
  const selection::Dimension dim = selection::kDimensions[d];
  std::string out = "### " + md_escape(selection::dimension_title(dim)) + " (weight " + score_text(r.weights.of(dim)) + ")\n\n";
  out += vendor_header(r, {"Criterion", "Max"}, "---:");
  const auto& criteria = r.vendors.front().score.dimensions[d].criteria;
  for (size_t c = 0; c < criteria.size(); ++c) {
    std::vector<std::string> cells = {md_escape(criteria[c].name), score_text(criteria[c].max)};
    for (const VendorComparison& v : r.vendors) cells.push_back(score_text(v.score.dimensions[d].criteria[c].points));
    out += row(cells);
  }
  std::vector<std::string> total = {"**score**", "100"};
  for (const VendorComparison& v : r.vendors) total.push_back("**" + score_text(v.score.dimensions[d].score) + "**");
  out += row(total) + "\n";
  for (const VendorComparison& v : r.vendors)
    for (const selection::Criterion& c : v.score.dimensions[d].criteria)
      out += "- " + md_escape(v.name) + ", " + md_escape(c.name) + " (" + score_text(c.points) + "): " + md_escape(c.basis) + "\n";
  const auto& not_scored = r.vendors.front().score.dimensions[d].not_scored;
  if (!not_scored.empty()) out += "- Not scored (no contract term states it): " + md_escape(joined(not_scored, ", ")) + "\n";
  return out + "\n";
}

std::string scorecard(const CompareReport& r) {
  std::string out = "## Scorecard\n\nEach dimension scores 0–100 from contract terms, rule findings and claim verdicts "
                    "only; the formulas are in docs/compare.md.\n\n";
  for (size_t d = 0; d < selection::kDimensionCount; ++d) out += dimension_section(r, d);
  return out;
}

std::string inputs(const CompareReport& r) {
  std::string out = "## Inputs\n\n| Role | File | SHA-256 |\n| --- | --- | --- |\n";
  for (const audit::InputFile& input : r.inputs)
    out += row({md_escape(input.role), md_escape(input.path), "`" + input.sha256 + "`"});
  out += "\n";
  for (const audit::RecordAccounting& file : r.records)
    out += "- " + md_escape(file.path) + ": " + std::to_string(file.read) + " records read, " + std::to_string(file.used) +
           " used, " + std::to_string(file.rejected) + " rejected" +
           (file.not_for_contract ? ", " + std::to_string(file.not_for_contract) + " not for this contract" : "") + "\n";
  for (const audit::RejectedRecord& record : r.rejected)
    out += "- rejected " + md_escape(record.path) + " line " + std::to_string(record.line) + ": " + md_escape(record.reason) + "\n";
  return out + "\nEngine slaudit " + md_escape(r.engine_version) + ", tzdata " + md_escape(r.tzdata_version) + ".\n";
}

}  // namespace

std::string render_compare_markdown(const CompareReport& r) {
  std::string out = "# Choosing a provider: " + std::to_string(r.vendors.size()) + " contracts compared\n\n";
  for (const VendorComparison& v : r.vendors)
    out += "- **" + md_escape(v.name) + "**: " + md_escape(v.contract_title) + " (" + md_code(v.contract_path) +
           "), service " + md_code(v.service) + "\n";
  for (const std::string& note : r.notes) out += "- Note: " + md_escape(note) + "\n";
  if (r.incomplete()) out += "- **Incomplete**: some figures rest on missing data (see the inputs and the notes).\n";
  return out + "\n" + ranking(r) + replay(r) + questions(r) + scorecard(r) + inputs(r);
}

}  // namespace slaudit::report
