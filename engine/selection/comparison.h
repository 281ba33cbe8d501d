#pragma once
// The result of comparing providers (`slaudit compare`): plain data for the
// renderers, every figure exact (money in minor units or exact rationals,
// scores as rationals) and every point explained by the clause, claim or rule
// finding it came from. docs/compare.md states every formula.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "base/num/rational.h"
#include "base/time/instant.h"
#include "engine/audit/report.h"
#include "engine/claims/verdict.h"
#include "engine/selection/dimensions.h"
#include "language/model/contract.h"

namespace slaudit::selection {

// A finding of the ambiguity rules (rules/), as the comparison uses it. The
// engine does not run the rules (they are a floor of their own): the job runs
// them and hands over their unsilenced findings.
struct RuleFinding {
  std::string rule;  // "cluster-size-scope"
  size_t line = 0;   // in the contract
  std::string message;
};

// ---------------------------------------------------------------- the replayed history

// The seeded generator's settings, when the history was generated.
struct GeneratedHistory {
  uint64_t seed = 1;
  int64_t days = 0;
  std::string from;  // first day, UTC: "2026-10-01"
  int64_t gpus = 0;
  int64_t unexpected = 0, planned = 0;
};

// One outage history, and what it cost a training job of `job_gpus` GPUs.
struct HistorySummary {
  std::string source;                        // the log's path, or "generated"
  std::optional<GeneratedHistory> generated;
  Instant from, to;                          // the window [from, to): open incidents run to `to`
  std::string range;                         // the days each contract audits, as stated to the reader
  int64_t job_gpus = 0;
  size_t incidents = 0;                      // replayed
  size_t customer = 0, maintenance = 0, open = 0;
  std::vector<std::pair<std::string, size_t>> faults;  // incidents by fault class, most frequent first
  Seconds interrupted{0};                    // the union of every interruption not caused by the customer
  Rational gpu_hours_lost;                   // interrupted / 3,600 × job_gpus
};

// The history as one contract measures and pays it.
struct ReplayOutcome {
  std::string service;                      // the contract's service the history went through
  std::string range;                        // the days audited ("2026-10-01..2026-11-23")
  std::vector<std::string> errors;          // the audit refused to run (no time zone, ...)
  std::optional<audit::AuditReport> audit;  // the audit itself (no per-incident findings, no timelines)
  std::vector<size_t> periods;              // indexes into audit->periods: the compared service's
  std::vector<size_t> recovery;             // indexes into audit->recovery: the compared service's
  int64_t fees_minor = 0;                   // the fees of the audited periods (first availability clause)
  int64_t availability_owed_minor = 0, recovery_owed_minor = 0, credits_minor = 0;
  size_t periods_missed = 0, breaches = 0, covered = 0, uncovered = 0;
  // Periods of the compared service the history could not assess (a clause measured by probes, say):
  // their credits are unknown, so the comparison is incomplete.
  size_t periods_not_assessed = 0;
  std::optional<Rational> credit_share;     // credits / fees
  std::optional<Rational> price_per_gpu_hour_minor;
  std::string price_basis;                  // how the price was derived, or why there is none
  std::optional<Rational> lost_cost_minor;  // GPU-hours lost × price
  std::optional<Rational> lost_share;       // lost cost / fees
  std::optional<Rational> remedy_ratio;     // credits / lost cost
  std::vector<std::string> notes;

  bool ran() const { return audit.has_value(); }
};

// ---------------------------------------------------------------- the seven questions

enum class QuestionStatus { Answered, Open, Contradicted };
const char* question_status_name(QuestionStatus status);  // "ANSWERED", "OPEN", "CONTRADICTED"

inline constexpr size_t kQuestionCount = 7;
// The article's question in one line: "Is \"10,000 GPUs\" one cluster or several added up?".
const char* question_text(size_t number);  // 1..7

// One fact behind a question's status.
struct QuestionPoint {
  QuestionStatus status = QuestionStatus::Answered;
  std::string text;     // what the contract says, what it leaves open, or what evidence contradicts
  size_t line = 0;      // in the contract; 0 when there is nothing to point at (the contract is silent)
  std::string rule;     // Open: the rule that flags it; empty when the contract is silent on the whole topic
  std::string verdict;  // Contradicted: the claim's verdict (REFUTED, AMBIGUOUS)
};

struct QuestionAnswer {
  size_t number = 0;
  QuestionStatus status = QuestionStatus::Open;  // contradicted > open > answered
  std::vector<QuestionPoint> points;
};

// ---------------------------------------------------------------- the scorecard

// One line of a dimension's score: points out of a maximum, and where they came from.
struct Criterion {
  std::string name;   // "largest single cluster"
  Rational points, max;
  std::string basis;  // the formula with its inputs: "50 × min(4,096, 10,000) / 10,000"
  size_t line = 0;    // the clause or claim that earned the points; 0 when none did
};

struct DimensionScore {
  Dimension dimension = Dimension::ClusterScale;
  Rational score;                       // 0..100: the sum of the criteria
  std::vector<Criterion> criteria;
  std::vector<std::string> not_scored;  // what the article looks at that no contract term can state
};

struct Scorecard {
  std::array<DimensionScore, kDimensionCount> dimensions;
  Rational weighted;  // Σ weight × score / 100: 0..100
};

// The least change of weights that would let `behind` overtake `ahead`.
struct WeightShift {
  Dimension from = Dimension::ClusterScale;
  Rational amount;  // percent points taken from it
};
struct Sensitivity {
  size_t ahead = 0, behind = 0;  // vendor indexes; `ahead` ranks just above `behind`
  Rational gap;                  // weighted score of ahead − behind
  bool possible = false;         // false: `ahead` scores at least as high on every dimension
  Rational moved;                // the total weight moved at which the two tie; more overtakes
  std::vector<WeightShift> from;
  Dimension to = Dimension::ClusterScale;
};

// ---------------------------------------------------------------- the comparison

struct VendorComparison {
  std::string name;            // the provider, or the contract file's stem
  std::string contract_path, contract_title;
  model::Currency currency;
  std::string service;         // the service compared
  std::vector<RuleFinding> findings;
  claims::ClaimsReport claims;
  std::optional<ReplayOutcome> replay;
  std::array<QuestionAnswer, kQuestionCount> questions;
  Scorecard score;
  size_t rank = 0;             // 1-based; equal scores share a rank
};

struct CompareReport {
  std::string engine_version, tzdata_version;
  std::vector<audit::InputFile> inputs;
  std::vector<audit::RecordAccounting> records;
  std::vector<audit::RejectedRecord> rejected;
  Weights weights;
  std::optional<HistorySummary> history;
  std::vector<VendorComparison> vendors;  // in the order given
  std::vector<size_t> ranking;            // vendor indexes, best first; ties keep the order given
  std::vector<Sensitivity> sensitivity;   // one per neighbouring pair of the ranking
  std::vector<std::string> notes;

  // Something the figures rest on is missing: a record was rejected, or a
  // vendor's replay could not run, assess every period, or be priced.
  bool incomplete() const;
};

}  // namespace slaudit::selection
