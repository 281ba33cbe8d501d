// The comparison for a terminal: the ranking and its sensitivity, the replay
// (each contract's credits beside the cost of the lost time), the seven
// questions, the scorecard with every point's basis, the claims, the records
// and the inputs.
#include "report/common/amounts.h"
#include "report/common/compare_words.h"
#include "report/common/names.h"
#include "report/text/render_text.h"
#include "report/text/text_table.h"

#include "engine/figures/figures.h"

namespace slaudit::report {

namespace {

using selection::CompareReport;
using selection::VendorComparison;

std::string heading(const std::string& title) { return title + "\n" + std::string(title.size(), '=') + "\n"; }

std::string ranking(const CompareReport& r) {
  std::vector<TextTable::Column> columns = {{"rank", Align::Right}, {"vendor", Align::Left}, {"weighted", Align::Right}};
  for (selection::Dimension d : selection::kDimensions)
    columns.push_back({std::string(selection::dimension_id(d)) + " (" + score_text(r.weights.of(d)) + ")", Align::Right});
  TextTable table(columns);
  for (size_t k : r.ranking) {
    const VendorComparison& v = r.vendors[k];
    std::vector<std::string> row = {std::to_string(v.rank), v.name, score_text(v.score.weighted)};
    for (const selection::DimensionScore& d : v.score.dimensions) row.push_back(score_text(d.score));
    table.add_row(row);
  }
  std::string out = heading("Ranking") + "weights: " + weights_sentence(r.weights) + "\n" + table.render("  ");
  for (const selection::Sensitivity& s : r.sensitivity) out += "sensitivity: " + sensitivity_sentence(r, s) + "\n";
  return out;
}

std::string optional_share(const std::optional<Rational>& share) { return share ? share_text(*share) : "-"; }

std::string replay_table(const CompareReport& r) {
  TextTable table({{"vendor", Align::Left},
                   {"service", Align::Left},
                   {"days audited", Align::Left},
                   {"periods breached", Align::Right},
                   {"recovery breaches", Align::Right},
                   {"uncovered faults", Align::Right},
                   {"credits", Align::Right},
                   {"fees", Align::Right},
                   {"credits/fees", Align::Right},
                   {"lost time cost", Align::Right},
                   {"lost/fees", Align::Right},
                   {"credits/lost", Align::Right}});
  for (const VendorComparison& v : r.vendors) {
    const selection::ReplayOutcome& o = *v.replay;
    if (!o.ran()) {
      table.add_row({v.name, o.service, o.range.empty() ? "-" : o.range, "not audited"});
      continue;
    }
    table.add_row({v.name, o.service, o.range, std::to_string(o.periods_missed) + "/" + std::to_string(o.periods.size()),
                   std::to_string(o.breaches), std::to_string(o.uncovered), amount_with_code(o.credits_minor, v.currency),
                   amount_with_code(o.fees_minor, v.currency), optional_share(o.credit_share),
                   o.lost_cost_minor ? money_rational_text(*o.lost_cost_minor, v.currency) : "-",
                   optional_share(o.lost_share), optional_share(o.remedy_ratio)});
  }
  return table.render("  ");
}

std::string replay_periods(const VendorComparison& v) {
  const selection::ReplayOutcome& o = *v.replay;
  std::string out = v.name + " (" + v.contract_path + "):\n";
  for (const std::string& e : o.errors) out += "  not audited: " + e + "\n";
  if (!o.ran()) return out;
  TextTable table({{"period", Align::Left}, {"target", Align::Right}, {"availability", Align::Right},
                   {"down min", Align::Right}, {"verdict", Align::Left}, {"fee", Align::Right},
                   {"credit", Align::Right}, {"owed", Align::Right}});
  for (size_t k : o.periods) {
    const audit::PeriodAudit& p = o.audit->periods[k];
    const std::string verdict = spoken(audit::verdict_name(p.verdict()));
    table.add_row({p.period + (p.clause_label.empty() ? "" : " (" + p.clause_label + ")"),
                   p.target ? percent_text(*p.target) : "-", p.availability ? percent_text(*p.availability) : "-",
                   minutes_text(p.down), verdict, amount_text(p.fee_minor, v.currency),
                   amount_text(p.credit_minor, v.currency), amount_text(p.owed_minor + p.hour_rule_minor, v.currency)});
  }
  out += table.render("  ");
  for (size_t k : o.recovery) {
    const audit::RecoveryAudit& rec = o.audit->recovery[k];
    out += "  recovery" + (rec.clause_label.empty() ? "" : " \"" + rec.clause_label + "\"") + ": " +
           counted(rec.covered, "incident", "incidents") + " covered, " + counted(rec.breaches, "breach", "breaches") +
           ", owed " + amount_with_code(rec.owed_minor, v.currency) + "\n";
  }
  out += "  faults no recovery clause covers: " + std::to_string(o.uncovered) + "\n";
  if (o.price_per_gpu_hour_minor)
    out += "  price per GPU-hour: " + money_rational_text(*o.price_per_gpu_hour_minor, v.currency) + " (" + o.price_basis + ")\n";
  else
    out += "  price per GPU-hour: none (" + o.price_basis + ")\n";
  for (const std::string& note : o.notes) out += "  note: " + note + "\n";
  for (const std::string& note : o.audit->notes) out += "  audit note: " + note + "\n";
  return out;
}

std::string replay(const CompareReport& r) {
  std::string out = heading("Replay: the same outages through every contract");
  if (!r.history) return out + "no outage history given (--replay LOG or --generate)\n";
  out += "history: " + history_sentence(*r.history) + "\n" + lost_time_sentence(*r.history) + "\n";
  out += replay_table(r);
  for (const VendorComparison& v : r.vendors) out += "\n" + replay_periods(v);
  return out;
}

std::string questions(const CompareReport& r) {
  std::vector<TextTable::Column> columns = {{"#", Align::Right}, {"question", Align::Left}};
  for (const VendorComparison& v : r.vendors) columns.push_back({v.name, Align::Left});
  TextTable table(columns);
  for (size_t q = 0; q < selection::kQuestionCount; ++q) {
    std::vector<std::string> row = {std::to_string(q + 1), selection::question_text(q + 1)};
    for (const VendorComparison& v : r.vendors) row.push_back(selection::question_status_name(v.questions[q].status));
    table.add_row(row);
  }
  std::string out = heading("The seven questions before signing") + table.render("  ");
  for (const VendorComparison& v : r.vendors) {
    out += "\n" + v.name + " (" + v.contract_path + "):\n";
    for (const selection::QuestionAnswer& a : v.questions) {
      out += "  " + std::to_string(a.number) + ". " + selection::question_status_name(a.status) + "\n";
      for (const selection::QuestionPoint& p : a.points) out += "     - " + point_text(p) + "\n";
    }
  }
  return out;
}

std::string dimension_section(const CompareReport& r, size_t d) {
  const selection::Dimension dim = selection::kDimensions[d];
  std::string out = "\n" + std::string(selection::dimension_title(dim)) + " (weight " + score_text(r.weights.of(dim)) + ")\n";
  std::vector<TextTable::Column> columns = {{"criterion", Align::Left}, {"max", Align::Right}};
  for (const VendorComparison& v : r.vendors) columns.push_back({v.name, Align::Right});
  TextTable table(columns);
  const auto& criteria = r.vendors.front().score.dimensions[d].criteria;
  for (size_t c = 0; c < criteria.size(); ++c) {
    std::vector<std::string> row = {criteria[c].name, score_text(criteria[c].max)};
    for (const VendorComparison& v : r.vendors) row.push_back(score_text(v.score.dimensions[d].criteria[c].points));
    table.add_row(row);
  }
  std::vector<std::string> total = {"score", "100"};
  for (const VendorComparison& v : r.vendors) total.push_back(score_text(v.score.dimensions[d].score));
  table.add_row(total);
  out += table.render("  ");
  for (const VendorComparison& v : r.vendors)
    for (const selection::Criterion& c : v.score.dimensions[d].criteria)
      out += "  " + v.name + ", " + c.name + ": " + score_text(c.points) + "/" + score_text(c.max) + ": " + c.basis + "\n";
  const auto& not_scored = r.vendors.front().score.dimensions[d].not_scored;
  if (!not_scored.empty()) out += "  not scored (no contract term can state it): " + joined(not_scored, ", ") + "\n";
  return out;
}

std::string scorecard(const CompareReport& r) {
  std::string out = heading("Scorecard");
  out += "each dimension 0-100 from contract terms, rule findings and claim verdicts only (docs/compare.md)\n";
  for (size_t d = 0; d < selection::kDimensionCount; ++d) out += dimension_section(r, d);
  return out;
}

std::string claims_section(const CompareReport& r) {
  std::string out = heading("Claims and commitments");
  for (const VendorComparison& v : r.vendors) {
    const auto counts = v.claims.counts();
    out += v.name + ": " + std::to_string(counts[0]) + " VERIFIED, " + std::to_string(counts[1]) + " REFUTED, " +
           std::to_string(counts[2]) + " AMBIGUOUS, " + std::to_string(counts[3]) + " UNVERIFIABLE\n";
    TextTable table({{"line", Align::Right}, {"verdict", Align::Left}, {"claim", Align::Left}, {"as read", Align::Left}});
    for (const claims::ItemVerdict& item : v.claims.items)
      table.add_row({std::to_string(item.line), claims::verdict_name(item.verdict), item.text,
                     item.predicate.empty() ? "-" : item.predicate});
    out += table.render("  ");
  }
  return out;
}

std::string records(const CompareReport& r) {
  std::string out = heading("Records");
  if (r.records.empty()) out += "  no record files\n";
  for (const audit::RecordAccounting& file : r.records)
    out += "  " + file.path + ": read " + std::to_string(file.read) + ", used " + std::to_string(file.used) +
           ", rejected " + std::to_string(file.rejected) +
           (file.not_for_contract ? ", not for this contract " + std::to_string(file.not_for_contract) : "") + "\n";
  for (const audit::RejectedRecord& record : r.rejected)
    out += "  " + record.path + ":" + std::to_string(record.line) + ": " + record.reason + "\n";
  return out;
}

std::string inputs(const CompareReport& r) {
  TextTable table({{"role", Align::Left}, {"file", Align::Left}, {"sha256", Align::Left}});
  for (const audit::InputFile& input : r.inputs) table.add_row({input.role, input.path, input.sha256});
  return heading("Inputs") + table.render("  ") + "  engine slaudit " + r.engine_version + ", tzdata " +
         r.tzdata_version + "\n";
}

}  // namespace

std::string render_compare_text(const CompareReport& r) {
  std::string out = "Comparison of " + std::to_string(r.vendors.size()) + " providers\n";
  for (const VendorComparison& v : r.vendors)
    out += "  " + v.name + ": \"" + v.contract_title + "\" (" + v.contract_path + "), service " + v.service + "\n";
  for (const std::string& note : r.notes) out += "note: " + note + "\n";
  if (r.incomplete()) out += "INCOMPLETE: some figures rest on missing data (see the records and the notes)\n";
  out += "\n" + ranking(r) + "\n" + replay(r) + "\n" + questions(r) + "\n" + scorecard(r) + "\n" + claims_section(r) +
         "\n" + records(r) + "\n" + inputs(r);
  return out;
}

}  // namespace slaudit::report
