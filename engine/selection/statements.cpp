#include "engine/selection/statements.h"

#include <algorithm>
#include <tuple>

#include "engine/claims/compare.h"
#include "engine/records/fault_mix.h"

namespace slaudit::selection {

namespace {

model::ClaimPredicate predicate_of(const model::Commitment& c) {
  model::ClaimPredicate p;
  p.metric = c.metric;
  p.cmp = c.cmp;
  p.value = c.value;
  p.condition = c.condition;
  p.service = c.service;
  return p;
}

// "a, b" -> {a, b}.
std::vector<std::string> fault_list(std::string_view inside) {
  std::vector<std::string> out;
  while (!inside.empty()) {
    const size_t comma = inside.find(',');
    std::string_view part = inside.substr(0, comma);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (!part.empty()) out.emplace_back(part);
    if (comma == std::string_view::npos) break;
    inside.remove_prefix(comma + 1);
  }
  return out;
}

auto strength(const Meaning& m) {
  return std::make_tuple(m.cluster == model::ClusterReading::Single ? 1 : 0, m.whole_range ? 0 : 1,
                         m.condition == model::Condition::UnderLoad ? 1 : 0, fault_coverage(m.faults));
}

std::string kind_verdict(const Statement& s) {
  return std::string(s.kind()) + " " + claims::verdict_name(s.verdict->verdict);
}

struct Read {
  const claims::Reading* reading;
  Meaning meaning;
};

std::vector<Read> readings_of(const Statement& s) {
  std::vector<Read> out;
  for (const claims::Reading& r : s.verdict->readings) out.push_back({&r, reading_meaning(r.name, s.predicate)});
  return out;
}

// The weakest reading; of readings that promise as much, one that does not hold.
const Read* weakest(const std::vector<Read>& reads) {
  const Read* out = nullptr;
  for (const Read& r : reads) {
    const bool holds = r.reading->verdict == claims::Verdict::Verified;
    const bool out_holds = out && out->reading->verdict == claims::Verdict::Verified;
    if (!out || weaker(r.meaning, out->meaning) || (!weaker(out->meaning, r.meaning) && !holds && out_holds)) out = &r;
  }
  return out;
}

Credited verified(const Statement& s) {
  const std::vector<Read> reads = readings_of(s);
  if (reads.empty()) return {written_meaning(s.predicate), kind_verdict(s)};
  const Read* strongest = &reads.front();
  for (const Read& r : reads)
    if (weaker(strongest->meaning, r.meaning)) strongest = &r;
  if (reads.size() == 1) return {strongest->meaning, kind_verdict(s)};
  return {strongest->meaning, kind_verdict(s) + ": every reading holds; credited as the strongest, " + strongest->reading->name};
}

Credited ambiguous(const Statement& s) {
  const std::vector<Read> reads = readings_of(s);
  const Read* w = weakest(reads);
  if (!w) return {std::nullopt, kind_verdict(s) + ": earns nothing"};
  const bool holds = w->reading->verdict == claims::Verdict::Verified;
  std::string why = kind_verdict(s) + ": credited as its weakest reading, " + w->reading->name + " (" +
                    claims::verdict_name(w->reading->verdict) + ")";
  if (!holds) return {std::nullopt, why + ", which does not hold: earns nothing"};
  return {w->meaning, why};
}

// A commitment the evidence cannot settle binds the vendor as written, read its weakest way.
Credited binding(const Statement& s) {
  const std::vector<Read> reads = readings_of(s);
  const Read* w = weakest(reads);
  const std::string why = "commitment UNVERIFIABLE: no evidence settles it, but it binds the vendor; credited as ";
  if (!w) return {written_meaning(s.predicate), why + "written"};
  return {w->meaning, why + "its weakest reading, " + w->reading->name};
}

}  // namespace

std::vector<Statement> statements(const model::Contract& contract, const claims::ClaimsReport& report) {
  std::vector<Statement> out;
  for (const claims::ItemVerdict& item : report.items) {
    Statement s;
    s.commitment = item.kind == claims::ItemKind::Commitment;
    if (s.commitment) {
      if (item.index >= contract.commitments.size()) continue;
      s.predicate = predicate_of(contract.commitments[item.index]);
    } else {
      if (item.index >= contract.claims.size() || !contract.claims[item.index].predicate) continue;
      s.predicate = *contract.claims[item.index].predicate;
    }
    s.text = item.text;
    s.line = item.line;
    s.verdict = &item;
    out.push_back(std::move(s));
  }
  return out;
}

Meaning written_meaning(const model::ClaimPredicate& p) {
  Meaning m;
  m.reading = "as written";
  m.cluster = p.reading;
  m.condition = p.condition;
  m.faults = p.faults;  // none named: no class covered
  m.whole_range = !p.period.has_value();
  return m;
}

Meaning reading_meaning(const std::string& reading, const model::ClaimPredicate& p) {
  Meaning m = written_meaning(p);
  m.reading = reading;
  // The names the claim verifier gives its readings (engine/claims/*_claims.cpp); an
  // availability reading of one of several services starts with the service's name.
  if (reading.ends_with("single cluster")) m.cluster = model::ClusterReading::Single;
  else if (reading == "aggregate") m.cluster = model::ClusterReading::Aggregate;
  else if (reading.ends_with("whole range")) m.whole_range = true;
  else if (reading == "all faults") m.faults = std::nullopt;
  else if (reading.starts_with("fault ")) m.faults = std::vector<std::string>{reading.substr(6)};
  else if (reading.starts_with("faults (") && reading.ends_with(")"))
    m.faults = fault_list(std::string_view(reading).substr(8, reading.size() - 9));
  else if (reading == "condition under_load") m.condition = model::Condition::UnderLoad;
  else if (reading == "condition empty") m.condition = model::Condition::Empty;
  else if (reading == "condition not stated") m.condition = model::Condition::Unspecified;
  else if (reading.find("per ") != std::string::npos) m.whole_range = false;
  return m;
}

bool weaker(const Meaning& a, const Meaning& b) { return strength(a) < strength(b); }

Credited credited(const Statement& s) {
  switch (s.verdict->verdict) {
    case claims::Verdict::Verified: return verified(s);
    case claims::Verdict::Ambiguous: return ambiguous(s);
    case claims::Verdict::Refuted: return {std::nullopt, kind_verdict(s) + ": earns nothing"};
    case claims::Verdict::Unverifiable:
      if (s.commitment) return binding(s);
      return {std::nullopt, kind_verdict(s) + ": earns nothing"};
  }
  return {std::nullopt, kind_verdict(s)};
}

Rational value_of(const model::ClaimPredicate& p) { return claims::to_rational(p.value.value); }

bool bounds_from_below(model::Comparator cmp) {
  using model::Comparator;
  return cmp == Comparator::AtLeast || cmp == Comparator::GreaterThan || cmp == Comparator::Equal ||
         cmp == Comparator::About;
}

bool bounds_from_above(model::Comparator cmp) {
  using model::Comparator;
  return cmp == Comparator::AtMost || cmp == Comparator::LessThan || cmp == Comparator::Equal ||
         cmp == Comparator::About;
}

Rational fault_coverage(const std::optional<std::vector<std::string>>& faults) {
  if (!faults) return 1;
  int64_t covered = 0;
  std::vector<std::string> seen;
  for (const std::string& f : *faults) {
    if (std::find(seen.begin(), seen.end(), f) != seen.end()) continue;
    seen.push_back(f);
    covered += llama3_count(f);
  }
  return Rational(covered) / kLlama3Unexpected;
}

}  // namespace slaudit::selection
