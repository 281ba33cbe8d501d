// Size claims (gpus, nodes) against the inventory: the single-cluster reading
// takes the largest cluster, the aggregate reading the sum of all clusters in
// scope (the service's clusters when the claim names a service that lists them).
#include <algorithm>

#include "engine/claims/compare.h"
#include "engine/claims/readings.h"

namespace slaudit::claims {

namespace {

using model::ClusterReading;

struct Sized {
  const evidence::Cluster* cluster;
  int64_t size;
};

Reading judge(const std::string& name, const Rational& value, const model::ClaimPredicate& claim, std::string evidence) {
  const bool ok = holds(claim.cmp, value, to_rational(claim.value.value));
  return {name, ok ? Verdict::Verified : Verdict::Refuted,
          evidence + (ok ? "" : ", not " + claimed_text(claim)) +
              (claim.cmp == model::Comparator::About ? std::string(" (about: ") + kAboutRule + ")" : ""),
          ""};
}

}  // namespace

Judged cluster_readings(const model::ClaimPredicate& claim, const Evidence& ev) {
  Judged out;
  const std::string& unit = claim.metric;  // gpus or nodes
  if (!ev.inventory) {
    out.needs = "an inventory listing every cluster with its " + unit;
    return out;
  }
  // The clusters in scope.
  std::vector<const evidence::Cluster*> scope;
  if (claim.service && !ev.contract->services[*claim.service].clusters.empty()) {
    const model::Service& service = ev.contract->services[*claim.service];
    for (const std::string& id : service.clusters) {
      auto it = std::find_if(ev.inventory->clusters.begin(), ev.inventory->clusters.end(),
                             [&](const evidence::Cluster& c) { return c.id == id; });
      if (it == ev.inventory->clusters.end()) {
        out.needs = "cluster '" + id + "' of service " + service.name + " in the inventory";
        return out;
      }
      scope.push_back(&*it);
    }
    out.notes.push_back("clusters of service " + service.name + " only");
  } else {
    for (const auto& c : ev.inventory->clusters) scope.push_back(&c);
  }
  if (scope.empty()) {
    out.needs = "an inventory with at least one cluster";
    return out;
  }
  std::vector<Sized> sized;
  for (const evidence::Cluster* c : scope) {
    if (unit == "nodes" && !c->nodes) {
      out.needs = "the node count of cluster '" + c->id + "' in the inventory";
      return out;
    }
    sized.push_back({c, unit == "nodes" ? *c->nodes : c->gpus});
  }
  const bool single = claim.reading != ClusterReading::Aggregate;
  const bool aggregate = claim.reading != ClusterReading::Single;
  if (single) {
    // The first largest cluster in inventory order, so ties name the same cluster every run.
    const Sized* largest = &sized.front();
    for (const Sized& s : sized)
      if (s.size > largest->size) largest = &s;
    out.readings.push_back(judge("single cluster", Rational(largest->size), claim,
                                 "largest cluster " + largest->cluster->id + " has " + grouped(largest->size) + " " + unit));
  }
  if (aggregate) {
    Rational total = 0;  // a rational: no sum of int64 sizes can overflow
    std::string parts;
    for (const Sized& s : sized) {
      total += s.size;
      parts += (parts.empty() ? "" : ", ") + s.cluster->id + " " + grouped(s.size);
    }
    out.readings.push_back(judge("aggregate", total, claim,
                                 amount_text(total, claim.value) + " over " + std::to_string(sized.size()) + " cluster" +
                                     (sized.size() == 1 ? "" : "s") + " (" + parts + ")"));
  }
  return out;
}

}  // namespace slaudit::claims
