// Fault recovery and long-run stability (the article's 22%): which of the
// faults that interrupt a large training job a recovery commitment covers, and
// how fast; the claims of self-healing and availability that hold; checkpoints.
#include <map>

#include "engine/records/fault_mix.h"
#include "engine/selection/located.h"
#include "engine/selection/scoring.h"

namespace slaudit::selection {

namespace {

constexpr int64_t kRecoveryBar = 20 * 60;  // the article's "about 20 minutes"

std::string minutes(const Rational& seconds) { return num(seconds / 60) + " min"; }

// min(1, 20 min / limit): a limit of 20 minutes or less earns in full.
Rational speed(const Rational& limit) { return limit <= kRecoveryBar ? Rational(1) : Rational(Rational(kRecoveryBar) / limit); }

Criterion recovery_commitment(const ScoreInput& in) {
  // Each Llama 3 fault class, at the best speed of the clauses that cover it.
  std::map<std::string, Rational> best;
  std::string what;
  size_t line = 0;
  for (const model::RecoveryClause& clause : in.vendor.contract->recovery) {
    if (clause.service != in.vendor.service) continue;
    const RecoveryLines lines = recovery_lines(*in.vendor.source, *in.vendor.syntax, clause);
    if (!line) line = lines.faults ? lines.faults : lines.clause;
    what += (what.empty() ? "" : "; ") + quoted_line(in, lines.faults ? lines.faults : lines.clause) +
            (clause.limit ? " within " + minutes(clause.limit->count()) : " with no time limit");
    const Rational factor = clause.limit ? speed(clause.limit->count()) : Rational(0);
    for (const std::string& fault : clause.faults)
      if (llama3_count(fault) > 0 && (!best.count(fault) || best[fault] < factor)) best[fault] = factor;
  }
  if (what.empty()) return {"recovery commitment", 0, 35, "no recovery clause for " + in.service().name, 0};
  // The classes grouped by the speed factor they earn at: 35 × Σ (counts) × factor / 419.
  std::map<Rational, int64_t> by_factor;
  int64_t covered = 0;
  for (const auto& [fault, factor] : best) {
    by_factor[factor] += llama3_count(fault);
    covered += llama3_count(fault);
  }
  Rational share = 0;
  std::string terms;
  for (auto it = by_factor.rbegin(); it != by_factor.rend(); ++it) {
    share += it->second * it->first / kLlama3Unexpected;
    terms += (terms.empty() ? "" : " + ") + std::to_string(it->second) + " × " + fraction(it->first);
  }
  Criterion out{"recovery commitment", share * 35, 35, "contract: " + what, line};
  out.basis += "; covers " + std::to_string(covered) + " of the 419 Llama 3 interruptions; 35 × (" +
               (terms.empty() ? "0" : terms) + ") / 419, each class at min(1, 20 min / its limit)";
  return out;
}

Criterion breach_credit(const ScoreInput& in) {
  for (const model::RecoveryClause& clause : in.vendor.contract->recovery) {
    if (clause.service != in.vendor.service || !clause.credit_per_breach) continue;
    const RecoveryLines lines = recovery_lines(*in.vendor.source, *in.vendor.syntax, clause);
    return {"credit per breach", 10, 10, "contract: " + quoted_line(in, lines.credit), lines.credit};
  }
  return {"credit per breach", 0, 10, "no recovery clause of " + in.service().name + " pays a credit per breach", 0};
}

Share recovery_claim_share(const Statement& s, const Meaning& m) {
  if (!bounds_from_above(s.predicate.cmp)) return {0, "does not promise at most a time"};
  const Rational coverage = fault_coverage(m.faults);
  const Rational value = value_of(s.predicate);
  const Rational factor = value <= kRecoveryBar ? Rational(1) : Rational(Rational(kRecoveryBar) / value);
  return {coverage * factor, "coverage " + fraction(coverage) + " of the Llama 3 mix (" +
                                 (m.faults ? "its fault classes" : "every class") + ") × min(1, 20 min / " +
                                 minutes(value) + ")"};
}

Share availability_share(const Statement& s, const Meaning& m) {
  if (!bounds_from_below(s.predicate.cmp)) return {0, "does not promise at least a level"};
  const Rational level = value_of(s.predicate);
  // The downtime 99.9% allows, over the downtime this level allows.
  const Rational allowance = level >= 100 ? Rational(1) : std::min(Rational(1), Rational(Rational(1, 10) / (100 - level)));
  const Rational span = m.whole_range ? Rational(1, 2) : Rational(1);
  return {span * allowance, std::string(m.whole_range ? "1/2 (over the whole range, not every period)" : "1 (every period)") +
                                " × min(1, 0.1 / (100 − " + num(level) + "))"};
}

Share interval_share(const Statement& s, const Meaning&) {
  if (!bounds_from_above(s.predicate.cmp)) return {0, "does not promise at most an interval"};
  return {1, "1 (stated)"};
}

Share write_share(const Statement& s, const Meaning& m) {
  if (!bounds_from_below(s.predicate.cmp)) return {0, "does not promise at least a bandwidth"};
  if (m.condition != model::Condition::UnderLoad) return {0, "not under load: an empty system says nothing of a busy one"};
  return {1, "1 (under load)"};
}

}  // namespace

DimensionScore score_fault_recovery(const ScoreInput& in) {
  return dimension(Dimension::FaultRecovery,
                   {recovery_commitment(in), breach_credit(in),
                    best_statement(in, "self-healing claims that hold", 15, {"recovery_time"}, recovery_claim_share),
                    best_statement(in, "availability claims that hold", 10, {"availability"}, availability_share),
                    best_statement(in, "checkpoint frequency", 5, {"checkpoint_interval"}, interval_share),
                    best_statement(in, "checkpoint bandwidth under load", 5, {"checkpoint_write"}, write_share),
                    plainly(in, {"recovery-no-faults", "recovery-no-clock", "checkpoint-no-frequency"})},
                   {"time to detect and to locate a fault", "resuming from checkpoints automatically"});
}

}  // namespace slaudit::selection
