// Claims and commitments on measured metrics (storage throughput, checkpoint
// write, bandwidth, scaling time, models...) against the measurements. A data
// rate is judged separately for each load condition it was measured under;
// a claim that states no condition also gets an `under_load` reading, which
// without a measurement under load is UNVERIFIABLE: an empty-system benchmark
// says nothing about real load (the article's fifth question).
#include <algorithm>
#include <map>

#include "engine/claims/compare.h"
#include "engine/claims/readings.h"

namespace slaudit::claims {

namespace {

using model::Condition;

std::string condition_label(Condition c) {
  switch (c) {
    case Condition::Empty: return "empty";
    case Condition::UnderLoad: return "under_load";
    case Condition::Unspecified: break;
  }
  return "condition not stated";
}

// The value in the claim's unit, with the record's own spelling when it differs:
// "1.18 TB/s (written 1180 GB/s)"; when the conversion is not exact, the record's
// spelling comes first: "95 s (1.583~ min)".
std::string measured_text(const evidence::Measurement& m, const model::Amount& claimed) {
  const std::string converted = amount_text(to_rational(m.value.value), claimed);
  if (converted == m.value.written) return converted;
  if (converted.find('~') != std::string::npos) return m.value.written + " (" + converted + ")";
  return converted + " (written " + m.value.written + ")";
}

Reading judge(const std::string& name, const std::vector<const evidence::Measurement*>& group,
              const model::ClaimPredicate& claim) {
  std::vector<const evidence::Measurement*> sorted = group;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](auto* a, auto* b) { return a->value.value < b->value.value; });
  const Statistic stat = statistic_for(claim.cmp);
  const evidence::Measurement* pick = stat == Statistic::Min   ? sorted.front()
                                      : stat == Statistic::Max ? sorted.back()
                                                               : sorted[(sorted.size() + 1) / 2 - 1];  // nearest-rank median
  const Rational value = to_rational(pick->value.value);
  const bool ok = holds(claim.cmp, value, to_rational(claim.value.value));
  std::string evidence = std::to_string(sorted.size()) + " measurement" + (sorted.size() == 1 ? "" : "s");
  if (sorted.size() > 1)
    evidence += " from " + amount_text(to_rational(sorted.front()->value.value), claim.value) + " to " +
                amount_text(to_rational(sorted.back()->value.value), claim.value);
  evidence += std::string("; ") + (sorted.size() > 1 ? std::string(statistic_name(stat)) + " " : "") +
              measured_text(*pick, claim.value);
  evidence += " at line " + std::to_string(pick->line) + " (" + pick->source + ")";
  if (claim.cmp == model::Comparator::About)
    evidence += std::string(ok ? " is " : " is not ") + kAboutRule + " of " + claim.value.written + " (" +
                about_range_text(claim.value) + ")";
  else
    evidence += std::string(ok ? " is " : " is not ") + comparator_symbol(claim.cmp) + " " + claim.value.written;
  return {name, ok ? Verdict::Verified : Verdict::Refuted, evidence, ""};
}

}  // namespace

Judged measured_readings(const model::ClaimPredicate& claim, const Evidence& ev) {
  Judged out;
  const bool rate = claim.value.dimension == model::Dimension::DataRate;
  const std::string wanted = claim.metric + (rate && claim.condition != Condition::Unspecified
                                                 ? " " + condition_label(claim.condition) : "");
  if (!ev.measurements) {
    out.needs = "measurements of " + wanted;
    return out;
  }
  const std::optional<std::string> service =
      claim.service ? std::optional(ev.contract->services[*claim.service].name) : std::nullopt;
  std::map<Condition, std::vector<const evidence::Measurement*>> groups;
  for (const auto& m : *ev.measurements) {
    if (m.metric != claim.metric) continue;
    if (service && m.service && *m.service != *service) continue;
    groups[rate ? m.condition : Condition::Unspecified].push_back(&m);
  }
  if (claim.cmp == model::Comparator::About) out.notes.push_back(std::string("about: the median ") + kAboutRule);
  if (!rate) {
    if (groups.empty()) out.needs = "measurements of " + claim.metric;
    else out.readings.push_back(judge("all measurements", groups.begin()->second, claim));
    return out;
  }
  if (claim.condition != Condition::Unspecified) {
    auto it = groups.find(claim.condition);
    if (it == groups.end()) out.needs = "measurements of " + wanted;
    else out.readings.push_back(judge("condition " + condition_label(claim.condition), it->second, claim));
    return out;
  }
  if (groups.empty()) {
    out.needs = "measurements of " + claim.metric + " under_load (and empty, to compare)";
    return out;
  }
  // No condition in the claim: each measured condition is a reading; under load always is one.
  for (Condition c : {Condition::Empty, Condition::UnderLoad, Condition::Unspecified}) {
    auto it = groups.find(c);
    if (it != groups.end()) {
      out.readings.push_back(judge(c == Condition::Unspecified ? condition_label(c) : "condition " + condition_label(c),
                                   it->second, claim));
    } else if (c == Condition::UnderLoad) {
      out.readings.push_back({"condition under_load", Verdict::Unverifiable, "no measurement under load",
                              "measurements of " + claim.metric + " with condition under_load"});
    }
  }
  return out;
}

}  // namespace slaudit::claims
