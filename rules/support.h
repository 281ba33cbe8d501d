#pragma once
// Helpers shared by the rules: source ranges of clause heads and predicates,
// the metric statements (commitments and claims) of a contract, and word
// search in claim texts (ASCII case-insensitive, CJK as written).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "language/syntax/ast.h"
#include "rules/rule.h"

namespace slaudit::rules {

SourceRange span(SourceRange first, SourceRange last);

// "; did you mean 'x'?" or "".
std::string suggestion(std::string_view word, const std::vector<std::string>& candidates);

// The head of a block item (`availability training "label"`), without its attributes or body.
SourceRange head_range(const SourceFile& source, const ast::ContractItem& item, SourceRange name);
const ast::ContractItem* item_at(const ast::Contract& contract, SourceRange range);

// Where a finding about a clause points: an availability clause's target when
// it has one, else the clause's head (`availability training "label"`).
SourceRange availability_anchor(const RuleInput& in, const model::AvailabilityClause& clause);
SourceRange recovery_head(const RuleInput& in, const model::RecoveryClause& clause);
// "availability clause of service 'training'" (with its label when it has one).
std::string clause_name(const model::Contract& contract, const char* kind, size_t service, const std::string& label);

// A commitment (`commit metric >= value [condition]`) or a claim with a predicate.
struct MetricStatement {
  const ast::ContractItem* item = nullptr;
  const ast::CommitDecl* commit = nullptr;      // exactly one of these two is set
  const ast::ClaimPredicate* claim = nullptr;
  std::string metric;
  std::optional<std::string> service;           // `for SERVICE`
  SourceRange range;                            // from the metric to the value
  bool has_qualifier(ast::ClaimQualifier::Kind kind) const;  // false for commitments
  bool has_condition() const;
  std::string written(const SourceFile& source) const;       // e.g. "gpus >= 10000"
  const char* kind() const { return commit ? "commitment" : "claim"; }
};
std::vector<MetricStatement> metric_statements(const ast::Contract& contract);
bool states_metric(const ast::Contract& contract, std::string_view metric);

// Claims without a predicate (bare statements and those marked unverifiable).
std::vector<const ast::ClaimDecl*> wordy_claims(const ast::Contract& contract);

// The first of `words` in `text` (ASCII words case-insensitive and on word
// boundaries; others, such as CJK, as written): its byte offset and length.
struct WordMatch {
  size_t offset = 0;
  size_t length = 0;
  std::string word;
};
std::optional<WordMatch> find_word(std::string_view text, const std::vector<std::string>& words);
// The range of a match inside a string literal (offsets into its raw text).
SourceRange range_in_literal(const ast::Text& literal, const WordMatch& match);

// Wraps example items into a contract with a time zone and a currency.
std::string example_contract(std::string_view items);

}  // namespace slaudit::rules
