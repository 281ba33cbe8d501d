#pragma once
// The scorecard: one function per dimension, each a list of criteria whose
// points add up to at most 100, and the helpers they share. Internal to
// engine/selection; docs/compare.md states every criterion.
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/selection/compare_vendors.h"
#include "engine/selection/statements.h"

namespace slaudit::selection {

struct ScoreInput {
  const VendorInput& vendor;
  const std::vector<Statement>& statements;
  const model::Service& service() const { return vendor.contract->services[vendor.service]; }
};

DimensionScore score_cluster_scale(const ScoreInput& in);
DimensionScore score_fault_recovery(const ScoreInput& in);
DimensionScore score_network_storage(const ScoreInput& in);
DimensionScore score_scheduling(const ScoreInput& in);
DimensionScore score_sla_terms(const ScoreInput& in);
DimensionScore score_openness(const ScoreInput& in);

Scorecard scorecard(const ScoreInput& in, const Weights& weights);

// ---------------------------------------------------------------- shared by the dimensions

// What a criterion makes of one credited meaning of a statement.
using ShareOf = std::function<Share(const Statement& statement, const Meaning& meaning)>;

// The criterion earned by the best of the statements on `metrics`: its points
// are `max` × the share of the meaning it is credited as. The basis names the
// statement, its verdict and the formula, or why none earns anything.
Criterion best_statement(const ScoreInput& in, std::string name, int64_t max,
                         std::initializer_list<std::string_view> metrics, const ShareOf& share_of);

// A criterion from a contract term: `max` × share, at `line`.
Criterion term_criterion(std::string name, int64_t max, const Share& share, std::string what, size_t line);

// Whichever earns more; on a tie, the contract term (`a`).
Criterion better(Criterion a, Criterion b);

// "Stated plainly": 20 points, less 10 for each unsilenced finding of `rules`.
Criterion plainly(const ScoreInput& in, std::initializer_list<std::string_view> rules);

// A dimension from its criteria: the score is their sum.
DimensionScore dimension(Dimension which, std::vector<Criterion> criteria, std::vector<std::string> not_scored = {});

// Numbers in a basis: "4,096", "0.5", "7.63~" (two decimals, truncated and marked when cut).
std::string num(const Rational& value);
// A share as a fraction: "1", "2/3".
std::string fraction(const Rational& value);
// "min(V, BAR) / BAR" as a share with its formula.
Share capped_share(const Rational& value, const Rational& bar, const std::string& value_text, const std::string& bar_text);
// The source line quoted, trimmed: `scope single cluster "bj-gpu-01";`.
std::string quoted_line(const ScoreInput& in, size_t line);

}  // namespace slaudit::selection
