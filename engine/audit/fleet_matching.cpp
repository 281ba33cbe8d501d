#include "engine/audit/fleet_matching.h"

#include <algorithm>

namespace slaudit::audit {

namespace {

bool compare(int64_t have, model::SelectorOp op, int64_t want) {
  switch (op) {
    case model::SelectorOp::Equal: return have == want;
    case model::SelectorOp::NotEqual: return have != want;
    case model::SelectorOp::AtLeast: return have >= want;
    case model::SelectorOp::GreaterThan: return have > want;
    case model::SelectorOp::AtMost: return have <= want;
    case model::SelectorOp::LessThan: return have < want;
  }
  return false;
}

const std::string* text_attribute(const Resource& r, const std::string& name) {
  if (name == "region") return &r.region;
  if (name == "zone") return &r.zone;
  auto it = r.attributes.find(name);
  return it == r.attributes.end() ? nullptr : &it->second;
}

bool holds(const model::Selector& s, const Resource& r) {
  if (s.number) return s.attribute == "zones" && compare(r.zones, s.op, *s.number);
  const std::string* value = text_attribute(r, s.attribute);
  if (value == nullptr) return false;  // the inventory reader requires every declared attribute
  return s.op == model::SelectorOp::NotEqual ? *value != s.text : *value == s.text;
}

// The clause worst for the customer: the lowest target; the first in file order among equals.
// A clause with no target promises nothing and is the worst of all.
size_t worst(const model::Contract& contract, const std::vector<size_t>& candidates) {
  auto target_less = [&](size_t a, size_t b) {
    const auto& ta = contract.availability[a].target;
    const auto& tb = contract.availability[b].target;
    if (!ta || !tb) return !ta && tb;
    return ta->value < tb->value;
  };
  return *std::ranges::min_element(candidates, target_less);  // min_element keeps the first of equals
}

}  // namespace

const char* match_outcome_name(MatchOutcome outcome) {
  switch (outcome) {
    case MatchOutcome::Assessed: return "assessed";
    case MatchOutcome::NoClause: return "no-clause";
    case MatchOutcome::Ambiguous: return "ambiguous";
  }
  return "no-clause";
}

bool selectors_hold(const model::AvailabilityClause& clause, const Resource& resource) {
  return std::ranges::all_of(clause.selectors, [&](const model::Selector& s) { return holds(s, resource); });
}

ResourceMatch match_resource(const model::Contract& contract, const Resource& resource) {
  ResourceMatch out;
  const auto service = contract.find_service(resource.service);
  for (size_t i = 0; i < contract.availability.size(); ++i) {
    const model::AvailabilityClause& c = contract.availability[i];
    if (c.per_resource && service && c.service == *service && selectors_hold(c, resource)) out.matching.push_back(i);
  }
  if (out.matching.empty()) {
    out.reason = "matched by no clause";
    return out;
  }
  const model::MatchChoice choice =
      service && contract.services[*service].fleet ? contract.services[*service].fleet->choice
                                                   : model::MatchChoice::Unstated;
  if (out.matching.size() > 1 && choice == model::MatchChoice::Unstated) {
    out.outcome = MatchOutcome::Ambiguous;
    out.reason = "matched by " + std::to_string(out.matching.size()) +
                 " clauses and the contract says no matching rule (each ... under first|worst|every matching clause)";
    return out;
  }
  out.outcome = MatchOutcome::Assessed;
  switch (choice) {
    case model::MatchChoice::Unstated:  // one clause matched
    case model::MatchChoice::First: out.clauses = {out.matching.front()}; break;
    case model::MatchChoice::Worst: out.clauses = {worst(contract, out.matching)}; break;
    case model::MatchChoice::Every: out.clauses = out.matching; break;
  }
  return out;
}

}  // namespace slaudit::audit
