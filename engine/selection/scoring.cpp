#include "engine/selection/scoring.h"

#include <algorithm>

#include "engine/claims/compare.h"
#include "engine/figures/figures.h"

namespace slaudit::selection {

namespace {

struct Candidate {
  const Statement* statement;
  Credited credit;
  std::optional<Share> share;
};

std::string statement_name(const Statement& s) {
  return std::string(s.kind()) + " \"" + s.text + "\" (" + s.verdict->predicate + ", line " + std::to_string(s.line) + ")";
}

std::string metric_list(std::initializer_list<std::string_view> metrics) {
  std::string out;
  for (std::string_view m : metrics) out += (out.empty() ? "" : " or ") + std::string(m);
  return out;
}

}  // namespace

std::string num(const Rational& value) {
  if (denominator(value) == 1 && abs(value) < Rational(int64_t{1} << 62)) {
    const int64_t whole = static_cast<int64_t>(numerator(value));
    return claims::grouped(whole);
  }
  DecimalText text = decimal_digits(value, 2, true);
  if (text.exact) {  // "99.9", not "99.90"
    while (text.text.back() == '0') text.text.pop_back();
    if (text.text.back() == '.') text.text.pop_back();
  }
  return text.text + (text.exact ? "" : std::string(1, kInexactMark));
}

std::string fraction(const Rational& value) {
  if (denominator(value) == 1) return num(value);
  return numerator(value).str() + "/" + denominator(value).str();
}

Share capped_share(const Rational& value, const Rational& bar, const std::string& value_text, const std::string& bar_text) {
  return {std::min(value, bar) / bar, "min(" + value_text + ", " + bar_text + ") / " + bar_text};
}

std::string quoted_line(const ScoreInput& in, size_t line) {
  std::string_view text = in.vendor.source->line_text(static_cast<uint32_t>(line));
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return std::string(text);
}

Criterion best_statement(const ScoreInput& in, std::string name, int64_t max,
                         std::initializer_list<std::string_view> metrics, const ShareOf& share_of) {
  std::vector<Candidate> candidates;
  for (const Statement& s : in.statements) {
    if (std::find(metrics.begin(), metrics.end(), s.predicate.metric) == metrics.end()) continue;
    Candidate c{&s, credited(s), std::nullopt};
    if (c.credit.meaning) c.share = share_of(s, *c.credit.meaning);
    candidates.push_back(std::move(c));
  }
  Criterion out{std::move(name), 0, max, "", 0};
  const Candidate* best = nullptr;
  for (const Candidate& c : candidates)
    if (c.share && c.share->value > 0 && (!best || c.share->value > best->share->value)) best = &c;
  if (best) {
    out.points = best->share->value * max;
    out.line = best->statement->line;
    out.basis = statement_name(*best->statement) + ": " + best->credit.why + "; " + std::to_string(max) + " × " +
                best->share->how;
    return out;
  }
  if (candidates.empty()) {
    out.basis = "no claim or commitment of " + metric_list(metrics);
    return out;
  }
  for (const Candidate& c : candidates) {
    out.basis += (out.basis.empty() ? "" : "; ") + statement_name(*c.statement) + ": " + c.credit.why;
    if (c.share) out.basis += ", and " + c.share->how;
  }
  return out;
}

Criterion term_criterion(std::string name, int64_t max, const Share& share, std::string what, size_t line) {
  return {std::move(name), share.value * max, max,
          what + " — " + (share.value > 0 ? std::to_string(max) + " × " + share.how : share.how), line};
}

Criterion better(Criterion a, Criterion b) { return b.points > a.points ? b : a; }

Criterion plainly(const ScoreInput& in, std::initializer_list<std::string_view> rules) {
  std::vector<const RuleFinding*> found;
  for (const RuleFinding& f : in.vendor.findings)
    if (std::find(rules.begin(), rules.end(), f.rule) != rules.end()) found.push_back(&f);
  Criterion out{"stated plainly", std::max<int64_t>(0, 20 - 10 * static_cast<int64_t>(found.size())), 20, "", 0};
  if (found.empty()) {
    std::string names;
    for (std::string_view r : rules) names += (names.empty() ? "" : ", ") + std::string(r);
    out.basis = "no finding of " + names;
    return out;
  }
  out.line = found.front()->line;
  out.basis = "20 − 10 × " + std::to_string(found.size()) + (found.size() == 1 ? " finding" : " findings") +
              (found.size() > 2 ? " (at least 0)" : "") + ":";
  for (const RuleFinding* f : found) out.basis += " " + f->rule + " at line " + std::to_string(f->line) + ";";
  out.basis.pop_back();
  return out;
}

DimensionScore dimension(Dimension which, std::vector<Criterion> criteria, std::vector<std::string> not_scored) {
  DimensionScore out;
  out.dimension = which;
  out.score = 0;
  for (const Criterion& c : criteria) out.score += c.points;
  out.criteria = std::move(criteria);
  out.not_scored = std::move(not_scored);
  return out;
}

Scorecard scorecard(const ScoreInput& in, const Weights& weights) {
  Scorecard card;
  card.dimensions = {score_cluster_scale(in), score_fault_recovery(in), score_network_storage(in),
                     score_scheduling(in),    score_sla_terms(in),      score_openness(in)};
  card.weighted = 0;
  for (const DimensionScore& d : card.dimensions) card.weighted += weights.of(d.dimension) * d.score / 100;
  return card;
}

}  // namespace slaudit::selection
