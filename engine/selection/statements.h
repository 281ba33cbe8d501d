#pragma once
// The contract's measurable statements (claims with a predicate, and
// commitments) beside their verdicts, and what each is credited with on the
// scorecard. Internal to engine/selection.
//
// Crediting (docs/compare.md, "What a claim earns"): a VERIFIED claim holds
// under every reading, so it is credited as its strongest; an AMBIGUOUS claim
// is credited as its weakest reading (an aggregate rather than one cluster,
// the whole range rather than every month, one fault class rather than all,
// no load condition rather than under load), and earns only if that reading
// holds; a REFUTED or UNVERIFIABLE claim earns nothing. A commitment is a term
// of the contract: it earns like a claim, except that without evidence
// (UNVERIFIABLE) it still earns as its weakest meaning, since the vendor is
// bound by it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/num/rational.h"
#include "engine/claims/verdict.h"
#include "language/model/contract.h"

namespace slaudit::selection {

struct Statement {
  bool commitment = false;
  model::ClaimPredicate predicate;  // a commitment's, built as the claim verifier builds it
  std::string text;                 // the claim as published, or "commit checkpoint_write >= 400 GB/s under load"
  size_t line = 0;
  const claims::ItemVerdict* verdict = nullptr;  // always set
  const char* kind() const { return commitment ? "commitment" : "claim"; }
};

// Every claim with a predicate and every commitment, in the order of the claims report.
std::vector<Statement> statements(const model::Contract& contract, const claims::ClaimsReport& report);

// What one reading of a statement means, where the statement left it open.
struct Meaning {
  std::string reading;  // the verifier's name for it ("aggregate", "fault node_down"); "as written" for none
  model::ClusterReading cluster = model::ClusterReading::Unspecified;  // Unspecified: several clusters may add up
  model::Condition condition = model::Condition::Unspecified;
  std::optional<std::vector<std::string>> faults;  // nullopt: every fault class
  bool whole_range = false;                         // availability over the whole range, not in every period
};
// The statement as written, every open qualifier read its weakest way: a size
// as an aggregate, no load condition, no fault class named: no class covered,
// no period: the whole range.
Meaning written_meaning(const model::ClaimPredicate& predicate);
// A reading of the claim verifier, by its name ("aggregate", "fault node_down",
// "condition under_load", "whole range", ...), over the statement's own qualifiers.
Meaning reading_meaning(const std::string& reading, const model::ClaimPredicate& predicate);
// How much a meaning promises, to order the readings of one statement: one
// cluster over an aggregate, every period over the whole range, under load over
// anything else, more of the Llama 3 fault mix over less.
bool weaker(const Meaning& a, const Meaning& b);

// The meaning a statement is credited as, or none when it earns nothing.
struct Credited {
  std::optional<Meaning> meaning;
  std::string why;  // "claim AMBIGUOUS: credited as its weakest reading, aggregate (VERIFIED)"
};
Credited credited(const Statement& statement);

// What a criterion makes of a credited meaning: a share 0..1 of its points, and the formula.
struct Share {
  Rational value;
  std::string how;  // "min(4,096, 10,000) / 10,000"
};

// The statement's value as an exact rational in its base unit.
Rational value_of(const model::ClaimPredicate& predicate);
// True when the comparator bounds the value from below (>=, >, =, about): "at least this much".
bool bounds_from_below(model::Comparator cmp);
// True when it bounds it from above (<=, <, =, about): "at most this long".
bool bounds_from_above(model::Comparator cmp);
// The share of the Llama 3 unexpected interruptions (engine/records/fault_mix.h)
// whose class is in `faults`; nullopt is every class: 1.
Rational fault_coverage(const std::optional<std::vector<std::string>>& faults);

}  // namespace slaudit::selection
