// Model and framework openness (the article's 8%): the models offered (the
// article's bar: 70) and how soon a new model is online (the day it is released).
#include "engine/selection/scoring.h"

namespace slaudit::selection {

namespace {

Share models_share(const Statement& s, const Meaning&) {
  if (!bounds_from_below(s.predicate.cmp)) return {0, "does not promise at least a number of models"};
  return capped_share(value_of(s.predicate), 70, num(value_of(s.predicate)), "70");
}

Share onboarding_share(const Statement& s, const Meaning&) {
  if (!bounds_from_above(s.predicate.cmp)) return {0, "does not promise at most a delay"};
  const Rational seconds = value_of(s.predicate);
  if (seconds <= 86400) return {1, "1 (within a day)"};
  return {Rational(86400) / seconds, "1 d / " + num(seconds / 86400) + " d"};
}

}  // namespace

DimensionScore score_openness(const ScoreInput& in) {
  return dimension(Dimension::Openness,
                   {best_statement(in, "models offered", 50, {"models"}, models_share),
                    best_statement(in, "new models online", 30, {"model_onboarding"}, onboarding_share),
                    plainly(in, {"superlative-claim"})},
                   {"framework compatibility", "freedom to switch models (lock-in)"});
}

}  // namespace slaudit::selection
