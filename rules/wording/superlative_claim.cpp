// superlative-claim: a claim that says "industry-leading" and nothing measurable.
#include "rules/catalogue_rules.h"
#include "rules/support.h"

namespace slaudit::rules {

namespace {

const std::vector<std::string> kSuperlatives = {
    "industry-leading", "industry leading", "market-leading", "leading", "best-in-class", "best in class",
    "world-class", "world class", "best", "fastest", "most", "unmatched", "unparalleled", "unrivaled",
    "unrivalled", "state-of-the-art", "cutting-edge", "top-tier", "first-class", "ultimate", "premier",
    "领先", "最", "顶级", "一流", "极致", "首创", "无与伦比", "第一"};

void check(const RuleInput& in, Findings& out) {
  for (const auto* claim : wordy_claims(in.syntax)) {
    const auto& raw = claim->text.raw;
    if (raw.size() < 2) continue;
    if (auto m = find_word(std::string_view(raw).substr(1, raw.size() - 2), kSuperlatives))
      out.push_back({range_in_literal(claim->text, *m),
                     "the claim says '" + m->word + "' with nothing measurable behind it", ""});
  }
}

}  // namespace

const Rule& superlative_claim() {
  static const Rule rule{
      {"superlative-claim", Severity::Warning, "superlative with nothing measurable",
       "\"Industry-leading\", \"best-in-class\", 业界领先, 最强: every vendor uses the same words, so they decide "
       "nothing; the article's point is that the real differences sit in verifiable details. A superlative is "
       "neither true nor false until it names a metric and a value. The rule fires on a claim without a predicate "
       "(a bare statement or one marked `unverifiable`) whose text holds a superlative; a claim with a predicate "
       "is measurable and stays silent whatever its wording.",
       "Replace it with what it means in figures: `claim \"industry-leading reliability\": availability >= 99.9% "
       "period calendar month;`, or drop it.",
       "  claim \"industry-leading reliability\";\n",
       "  claim \"industry-leading reliability\": availability >= 99.9% period calendar month;\n"},
      check};
  return rule;
}

}  // namespace slaudit::rules
