// run_fleet_audit: attribute every incident to the resources it took out,
// audit each resource with run_audit (scoped to its clauses and life span),
// keep its figures, then total per service and period.
#include "engine/audit/fleet_audit.h"

#include <algorithm>
#include <future>
#include <memory>
#include <numeric>
#include <span>
#include <unordered_map>

#include <boost/multiprecision/cpp_int.hpp>

#include "base/time/time_zone.h"
#include "base/time/timestamp.h"
#include "engine/audit/error_budget.h"
#include "engine/audit/fleet_groups.h"
#include "engine/audit/money.h"

namespace slaudit::audit {

namespace {

// ------------------------------------------------------------ attribution

template <class T>
void free_vector(std::vector<T>& v) {
  std::vector<T>().swap(v);
}


struct ResourceIndex {
  std::unordered_map<std::string_view, size_t> by_id;  // into the inventory
  // (service, zone) and (service, region) -> the resources there, in inventory order
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> by_zone, by_region;
};

ResourceIndex index_resources(const std::vector<Resource>& resources) {
  ResourceIndex index;
  for (size_t i = 0; i < resources.size(); ++i) {
    const Resource& r = resources[i];
    index.by_id.emplace(r.id, i);
    index.by_zone[{r.service, r.zone}].push_back(i);
    index.by_region[{r.service, r.region}].push_back(i);
  }
  return index;
}

bool is_fleet(const model::Contract& contract, std::string_view service) {
  const auto s = contract.find_service(service);
  return s && contract.services[*s].fleet.has_value();
}

// An incident lies in a resource's life when some second of it does.
bool in_life(const Incident& incident, const Resource& r) {
  if (r.terminated && incident.start >= *r.terminated) return false;
  if (r.launched && incident.end && *incident.end <= *r.launched) return false;
  return true;
}

std::string life_text(const Resource& r) {
  return std::string("launched ") + (r.launched ? format_utc(*r.launched) : "before every period") + ", terminated " +
         (r.terminated ? format_utc(*r.terminated) : "after every period");
}

// The resources one incident took out (one, or a zone's or region's), or why none.
struct Attribution {
  size_t one = SIZE_MAX;                       // a resource's own incident
  const std::vector<size_t>* many = nullptr;   // a zone's or a region's resources
  std::string reason;                          // set when neither
};

// Finds an incident's resource by the address of its interned name: a log
// names each resource many times and its reader shares equal names, so after
// the first, a lookup hashes a pointer instead of a text (2M incidents of
// 100k resources: 100k text lookups instead of 2M).
class ResourceFinder {
 public:
  explicit ResourceFinder(const ResourceIndex& index) : index_(index) {}
  std::optional<size_t> find(const SharedName& name) {
    const std::string* key = &*name;
    if (const auto hit = seen_.find(key); hit != seen_.end()) return hit->second;
    const auto it = index_.by_id.find(name.view());
    const std::optional<size_t> found = it == index_.by_id.end() ? std::nullopt : std::optional<size_t>(it->second);
    seen_.emplace(key, found);
    return found;
  }

 private:
  const ResourceIndex& index_;
  std::unordered_map<const std::string*, std::optional<size_t>> seen_;
};

Attribution attribute(const model::Contract& contract, const std::vector<Resource>& resources,
                      const ResourceIndex& index, ResourceFinder& finder, const Incident& incident) {
  const std::string_view service = incident.service.view();
  if (!is_fleet(contract, service))
    return {SIZE_MAX, nullptr,
            "service '" + std::string(service) +
                "' is not a fleet (no `resources` declaration): a fleet audit does not audit it"};
  if (incident.resource) {
    const std::optional<size_t> at = finder.find(incident.resource);
    if (!at) return {SIZE_MAX, nullptr, "unknown resource '" + *incident.resource + "': not in the inventory"};
    const Resource& r = resources[*at];
    if (r.service != service)
      return {SIZE_MAX, nullptr,
              "resource '" + r.id + "' is of service '" + r.service + "', not '" + std::string(service) + "'"};
    if (!in_life(incident, r))
      return {SIZE_MAX, nullptr, "outside the life of resource '" + r.id + "' (" + life_text(r) + ")"};
    return {*at, nullptr, ""};
  }
  const bool by_zone = incident.zone.has_value();
  if (!by_zone && !incident.region)
    return {SIZE_MAX, nullptr,
            "an incident of fleet service '" + std::string(service) +
                "' must name a 'resource', a 'zone' or a 'region'"};
  const auto& places = by_zone ? index.by_zone : index.by_region;
  const std::string place(by_zone ? incident.zone.view() : incident.region.view());
  const auto it = places.find({std::string(service), place});
  if (it == places.end())
    return {SIZE_MAX, nullptr,
            "no resource of service '" + std::string(service) + "' in " + (by_zone ? "zone" : "region") + " '" +
                place + "'"};
  return {SIZE_MAX, &it->second, ""};
}

struct AttributedIncidents {
  IncidentsByResource of_resource;
  std::vector<UnattributedIncident> unattributed;  // in log order
};

// Where one incident went: one resource, a zone's or a region's, or nowhere.
struct Target {
  size_t one = SIZE_MAX;
  const std::vector<size_t>* many = nullptr;
};

// A stretch of the log attributed on its own (each thread its own finder).
struct AttributedStretch {
  std::vector<Target> targets;  // one per incident of the stretch, in log order
  std::vector<UnattributedIncident> unattributed;
};

AttributedStretch attribute_stretch(const FleetAuditRequest& req, const ResourceIndex& index, size_t begin,
                                    size_t end) {
  AttributedStretch out;
  out.targets.reserve(end - begin);
  ResourceFinder finder(index);
  for (size_t i = begin; i < end; ++i) {
    const Incident& incident = req.incidents[i];
    Attribution a = attribute(*req.contract, *req.resources, index, finder, incident);
    if (a.one == SIZE_MAX && !a.many) out.unattributed.push_back({incident.line, incident.id, std::move(a.reason)});
    out.targets.push_back({a.one, a.many});
  }
  return out;
}

// Below this many incidents a second thread costs more than it saves.
constexpr size_t kIncidentsWorthAThread = 4096;

// Two halves of the log side by side, then every resource's incidents
// counted and placed in log order: the same lists whatever the threads.
AttributedIncidents attribute_all(const FleetAuditRequest& req, const ResourceIndex& index) {
  const size_t n = req.incidents.size();
  std::vector<AttributedStretch> stretches;
  if (!req.use_threads || n < kIncidentsWorthAThread) {
    stretches.push_back(attribute_stretch(req, index, 0, n));
  } else {
    auto second = std::async(std::launch::async, attribute_stretch, std::cref(req), std::cref(index), n / 2, n);
    stretches.push_back(attribute_stretch(req, index, 0, n / 2));
    stretches.push_back(second.get());
  }
  AttributedIncidents out;
  IncidentsByResource& by = out.of_resource;
  by.offsets.assign(req.resources->size() + 1, 0);
  for (const AttributedStretch& s : stretches)
    for (const Target& t : s.targets) {
      if (t.one != SIZE_MAX) ++by.offsets[t.one + 1];
      else if (t.many) for (const size_t r : *t.many) ++by.offsets[r + 1];
    }
  std::partial_sum(by.offsets.begin(), by.offsets.end(), by.offsets.begin());
  by.indexes.resize(by.offsets.back());
  std::vector<size_t> next(by.offsets.begin(), by.offsets.end() - 1);
  size_t i = 0;
  for (AttributedStretch& s : stretches) {
    for (const Target& t : s.targets) {
      if (t.one != SIZE_MAX) by.indexes[next[t.one]++] = i;
      else if (t.many) for (const size_t r : *t.many) by.indexes[next[r]++] = i;
      ++i;
    }
    free_vector(s.targets);
    std::move(s.unattributed.begin(), s.unattributed.end(), std::back_inserter(out.unattributed));
  }
  return out;
}

// ------------------------------------------------------------ one resource

Rational exact_minor(const ExactCharge& charge, const model::Currency& currency) {
  using boost::multiprecision::cpp_int;
  const bool negative = charge.units < 0;
  const unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(charge.units)
                                               : static_cast<unsigned __int128>(charge.units);
  cpp_int units = cpp_int(static_cast<uint64_t>(magnitude >> 64));
  units <<= 64;
  units += cpp_int(static_cast<uint64_t>(magnitude));
  if (negative) units = -units;
  cpp_int scale = 1;
  for (int d = currency.minor_digits; d < kChargeDigits; ++d) scale *= 10;
  return Rational(units, scale);
}

// The resource's recurring charges, per period, as the fee its credits are a
// percentage of. A period the export has no charges for is a gap, not a guess.
std::vector<BilledFee> fees_of(const Resource& r, const ChargesByResource& charges, const model::Currency& currency,
                               model::RoundingMode rounding) {
  std::vector<BilledFee> fees;
  for (auto it = charges.lower_bound({r.id, ""}); it != charges.end() && it->first.first == r.id; ++it) {
    const Rational exact = exact_minor(it->second.recurring, currency);
    fees.push_back({r.service, it->first.second, model::Money{round_to_minor(exact, rounding)}, exact});
  }
  return fees;
}

struct ResourceRun {
  std::vector<ResourcePeriod> periods;
  std::optional<UnassessedResource> unassessed;
  std::set<std::string> notes;
  std::unique_ptr<AuditReport> explained;  // a pointer: 100,000 runs hold none
  std::vector<AuditError> errors;
};

std::vector<CountedIncident> counted_incidents(const PeriodAudit& p) {
  std::vector<CountedIncident> out;
  for (const IncidentFinding& f : p.incidents)
    if (f.role == IncidentRole::Down && f.down.count() > 0) out.push_back({f.id, f.start, f.end, f.down});
  std::ranges::stable_sort(out, [](const CountedIncident& a, const CountedIncident& b) { return a.start < b.start; });
  // Measured from probes, the downtime is runs of bad buckets, not incidents:
  // each run is what a claim names ("probes down #1", its start and end).
  if (p.probe)
    for (const TimelineSegment& s : p.timeline)
      if (s.state == TimeState::Down)
        out.push_back({"probes down #" + std::to_string(out.size() + 1), s.start, s.end, s.end - s.start});
  return out;
}

void note_missing_charges(const FleetAuditRequest& req, const Resource& r, PeriodAudit& p) {
  if (req.charges == nullptr || p.fee_billed) return;
  p.evidence_gaps.push_back("the billing export has no charges for resource '" + r.id + "' in " + p.period +
                            " (a month, e.g. 2026-11, names a period that is exactly that calendar month): its "
                            "credit base is the contract's fee, if any");
}

// Keeps the figures of a resource's audit and drops the detail no fleet report prints.
void keep_figures(const FleetAuditRequest& req, const Resource& r, AuditReport& report, ResourceRun& run) {
  run.notes.insert(report.notes.begin(), report.notes.end());
  for (PeriodAudit& p : report.periods) {
    note_missing_charges(req, r, p);
    run.notes.insert(p.notes.begin(), p.notes.end());
    ResourcePeriod kept{r.id, r.region, r.zone, {}, {}, {}};
    if (p.verdict() == Verdict::Breached) kept.counted = counted_incidents(p);
    kept.figures = ResourceFigures::of(std::move(p));
    run.periods.push_back(std::move(kept));
  }
}

// The claims filed and the credits given before, by the resource (or group)
// they name, indexed once: scanning both lists for every resource would cost
// a fleet's size times a ledger year's length (100,000 resources, a million
// earlier credits).
class ResourceHistory {
 public:
  explicit ResourceHistory(const FleetAuditRequest& req) : req_(req) {
    for (size_t i = 0; i < req.claims.size(); ++i) {
      const auto& named = req.claims[i].resource;
      (named ? claims_[*named] : claims_for_all_).push_back(i);
    }
    for (size_t i = 0; i < req.previous_credits.size(); ++i)
      if (const auto& named = req.previous_credits[i].resource) credits_[*named].push_back(i);
  }

  // Those naming it and those naming no resource, in the order given.
  std::vector<ClaimFiling> claims_of(const std::string& id) const {
    std::vector<size_t> at = claims_for_all_;
    if (const auto it = claims_.find(id); it != claims_.end()) {
      at.insert(at.end(), it->second.begin(), it->second.end());
      std::ranges::sort(at);
    }
    std::vector<ClaimFiling> out;
    for (const size_t i : at) out.push_back(req_.claims[i]);
    return out;
  }

  std::vector<PreviousCredit> credits_of(const std::string& id) const {
    std::vector<PreviousCredit> out;
    if (const auto it = credits_.find(id); it != credits_.end())
      for (const size_t i : it->second) out.push_back(req_.previous_credits[i]);
    return out;
  }

 private:
  const FleetAuditRequest& req_;
  std::unordered_map<std::string_view, std::vector<size_t>> claims_, credits_;  // into req's lists
  std::vector<size_t> claims_for_all_;
};

// One resource's (or group's) audit; as of an instant, the one explained gets
// its error budgets too (the others' incidents are cut at the instant already).
AuditResult audit_one(const FleetAuditRequest& req, const AuditRequest& one, bool explained) {
  return explained && req.as_of ? run_audit_as_of(one, *req.as_of) : run_audit(one);
}

// " (line N)" of a place in the contract, for notes and reasons; "" without the source.
std::string line_text(const FleetAuditRequest& req, SourceRange range) {
  return req.contract_source ? " (line " + std::to_string(req.contract_source->location(range.begin).line) + ")"
                             : std::string();
}

// The engine of the inventory's resource `resource` for clause c, or null.
const probe::ProbeClauseEngine* probe_engine_of(const FleetAuditRequest& req, size_t resource, size_t c) {
  if (req.probe_engines == nullptr || resource >= req.probe_engines->size()) return nullptr;
  const auto& engines = (*req.probe_engines)[resource];
  return c < engines.size() ? engines[c] : nullptr;
}

AuditRequest resource_request(const FleetAuditRequest& req, const ResourceHistory& history, size_t resource,
                              const ResourceMatch& match, std::span<const size_t> incidents, bool explained) {
  const Resource& r = (*req.resources)[resource];
  AuditRequest one;
  one.contract = req.contract;
  one.contract_source = req.contract_source;
  one.incidents.reserve(incidents.size());
  for (const size_t i : incidents) one.incidents.push_back(req.incidents[i]);
  one.incident_evidence = req.incident_evidence;
  one.range = req.range;
  one.claims = history.claims_of(r.id);
  one.previous_credits = history.credits_of(r.id);
  one.holidays = req.holidays;
  if (req.charges != nullptr) {
    const auto rounding = req.contract->availability[match.clauses.front()].rounding.value_or(model::RoundingMode::HalfUp);
    one.fees = fees_of(r, *req.charges, *req.contract->currency, rounding);
  }
  one.record_findings = true;  // the counted incidents of a breached period go into the claims pack
  one.record_timeline = explained;
  one.record_explanations = explained;  // only --explain-resource prints a resource's derivation
  one.use_threads = false;  // resources run side by side instead
  one.resource_scope = ResourceScope{match.clauses, r.launched, r.terminated, {}};
  one.window = req.window;
  one.judged_at = req.judged_at;
  one.incident_span = req.incident_span;
  for (const size_t c : match.clauses)
    if (const auto* engine = probe_engine_of(req, resource, c)) {
      one.probe_engines.resize(req.contract->availability.size(), nullptr);
      one.probe_engines[c] = engine;
    }
  if (!one.probe_engines.empty()) {
    one.probe_sources = req.probe_sources;
    one.record_timeline = true;  // its runs of bad buckets are what a claim names (counted_incidents)
  }
  return one;
}

// Only what cuts a resource's periods: the contract, the range, its clauses and life.
AuditRequest period_request(const FleetAuditRequest& req, const Resource& r, const std::vector<size_t>& clauses) {
  AuditRequest scoped;
  scoped.contract = req.contract;
  scoped.range = req.range;
  scoped.holidays = req.holidays;
  scoped.resource_scope = ResourceScope{clauses, r.launched, r.terminated, {}};
  return scoped;
}

// The resource's clauses measured from probes with no probe engine for it
// (no --probes, or no target of the probes names it) are not audited: each
// is named in `reason`, and the resource is listed as not assessed.
std::vector<size_t> clauses_with_evidence(const FleetAuditRequest& req, size_t resource,
                                          const std::vector<size_t>& clauses, std::string& reason) {
  const Resource& r = (*req.resources)[resource];
  std::vector<size_t> kept;
  for (const size_t c : clauses) {
    const model::AvailabilityClause& clause = req.contract->availability[c];
    if (!measured_from_probes(clause) || probe_engine_of(req, resource, c) != nullptr) {
      kept.push_back(c);
      continue;
    }
    if (probe_parts(period_request(req, r, clauses), c).empty()) continue;  // nothing of its life in the range
    reason += std::string(reason.empty() ? "" : "; ") + "availability " + r.service +
              (clause.label.empty() ? "" : " \"" + clause.label + "\"") + line_text(req, clause.range) +
              (req.probe_engines == nullptr
                   ? " is measured from probes and no probe input was given (--probes)"
                   : " is measured from probes and no probe target names this resource (a target named as its id, or "
                     "mapped to it by --targets)");
  }
  return kept;
}

// Whether a group-level clause covers the resource (its service, its selectors).
bool in_a_group(const model::Contract& contract, const Resource& r) {
  return std::ranges::any_of(contract.availability, [&](const model::AvailabilityClause& c) {
    return c.group && contract.services[c.service].name == r.service && selectors_hold(c, r);
  });
}

ResourceRun audit_resource(const FleetAuditRequest& req, const ResourceHistory& history, size_t resource,
                           std::span<const size_t> incidents) {
  const Resource& r = (*req.resources)[resource];
  ResourceRun run;
  const ResourceMatch match = match_resource(*req.contract, r);
  // A member of a group with no clause of its own is audited with its group, not left out.
  if (match.outcome == MatchOutcome::NoClause && in_a_group(*req.contract, r)) return run;
  if (match.outcome != MatchOutcome::Assessed) {
    run.unassessed = UnassessedResource{r.id, r.service, match.reason};
    return run;
  }
  std::string unmeasured;
  ResourceMatch audited = match;
  audited.clauses = clauses_with_evidence(req, resource, match.clauses, unmeasured);
  if (!unmeasured.empty()) run.unassessed = UnassessedResource{r.id, r.service, unmeasured};
  if (audited.clauses.empty()) return run;
  const bool explained = r.id == req.explain_resource;
  AuditResult result = audit_one(req, resource_request(req, history, resource, audited, incidents, explained), explained);
  if (!result.report) {
    run.errors = std::move(result.errors);
    return run;
  }
  if (explained) {
    run.explained = std::make_unique<AuditReport>(*result.report);
    run.explained->contract_title += " - resource " + r.id;
  }
  keep_figures(req, r, *result.report, run);
  return run;
}

// ------------------------------------------------------------ groups

// A group's charges per period: its members' summed exactly. A member without
// charges for a period leaves that period's sum short, which is a gap.
struct GroupFees {
  std::vector<BilledFee> fees;
  std::map<std::string, std::vector<size_t>> missing;  // period -> members (inventory indexes) without charges
};

GroupFees group_fees(const FleetAuditRequest& req, const FleetGroup& group, const std::string& service,
                     model::RoundingMode rounding) {
  GroupFees out;
  std::map<std::string, Rational> sums;
  std::map<std::string, std::set<size_t>> billed;
  for (const size_t m : group.members) {
    const Resource& r = (*req.resources)[m];
    for (const BilledFee& fee : fees_of(r, *req.charges, *req.contract->currency, rounding)) {
      sums[fee.period] += *fee.exact_minor;
      billed[fee.period].insert(m);
    }
  }
  for (auto& [period, exact] : sums) {
    out.fees.push_back({service, period, model::Money{round_to_minor(exact, rounding)}, exact});
    for (const size_t m : group.members)
      if (!billed[period].contains(m)) out.missing[period].push_back(m);
  }
  return out;
}

// A period's members without charges, among those alive in it (a member
// terminated before it, or launched after it, owes no charge there).
std::string missing_charges_gap(const FleetAuditRequest& req, const GroupFees& fees, const std::string& group,
                                const PeriodAudit& p) {
  const auto it = fees.missing.find(p.period);
  if (it == fees.missing.end()) return {};
  std::vector<std::string> ids;
  for (const size_t m : it->second) {
    const Resource& r = (*req.resources)[m];
    if ((!r.launched || *r.launched < p.end) && (!r.terminated || p.start < *r.terminated)) ids.push_back(r.id);
  }
  if (ids.empty()) return {};
  return "the billing export has no charges in " + p.period + " for " + std::to_string(ids.size()) + " member(s) of " +
         group + " (first: " + ids.front() + "): its credit base is short of them";
}

// The group as the fleet reports it: its label, and its region or zone when it has one.
Resource group_as_resource(const FleetAuditRequest& req, const FleetGroup& group, const model::GroupRule& rule,
                           const GroupTimeline& timeline) {
  Resource g;
  g.id = group_label(rule, group.key);
  g.service = req.contract->services[req.contract->availability[group.clause].service].name;
  const Resource& first = (*req.resources)[group.members.front()];
  const bool one_region = std::ranges::all_of(group.members, [&](size_t m) { return (*req.resources)[m].region == first.region; });
  const bool one_zone = std::ranges::all_of(group.members, [&](size_t m) { return (*req.resources)[m].zone == first.zone; });
  g.region = one_region ? first.region : "";
  g.zone = one_zone ? first.zone : "";
  g.launched = timeline.launched;
  g.terminated = timeline.terminated;
  return g;
}

ResourceRun audit_group(const FleetAuditRequest& req, const ResourceHistory& history, const FleetGroup& group,
                        const AttributedIncidents& attributed) {
  const model::Contract& contract = *req.contract;
  const model::AvailabilityClause& clause = contract.availability[group.clause];
  const bool from_probes = measured_from_probes(clause);
  GroupTimeline timeline =
      group_timeline(contract, group, *req.resources, req.incidents, attributed.of_resource,
                     [&](size_t member) {
                       if (const auto* engine = probe_engine_of(req, member, group.clause)) return MemberProbes{true, engine};
                       const Resource& r = (*req.resources)[member];
                       return MemberProbes{!probe_parts(period_request(req, r, {group.clause}), group.clause).empty(), nullptr};
                     });
  const Resource g = group_as_resource(req, group, *clause.group, timeline);
  AuditRequest one;
  one.contract = req.contract;
  one.contract_source = req.contract_source;
  one.incidents = std::move(timeline.down);
  // From probes, the members' buckets are the evidence, whatever the incident log.
  one.incident_evidence = from_probes ? IncidentEvidence::Log : req.incident_evidence;
  one.range = req.range;
  one.claims = history.claims_of(g.id);
  one.previous_credits = history.credits_of(g.id);
  one.holidays = req.holidays;
  GroupFees fees;
  if (req.charges != nullptr) {
    fees = group_fees(req, group, g.service, clause.rounding.value_or(model::RoundingMode::HalfUp));
    one.fees = fees.fees;
  }
  const bool explained = g.id == req.explain_resource;  // --explain-resource "region us-east-1"
  one.record_findings = true;
  one.record_timeline = explained;
  one.record_explanations = explained;
  one.use_threads = false;
  one.resource_scope =
      ResourceScope{{group.clause}, g.launched, g.terminated, timeline.set_aside()};
  one.window = req.window;
  one.judged_at = req.judged_at;
  if (!from_probes) one.incident_span = req.incident_span;  // else the members' probes are the evidence
  ResourceRun run;
  AuditResult result = audit_one(req, one, explained);
  if (!result.report) {
    run.errors = std::move(result.errors);
    return run;
  }
  for (PeriodAudit& p : result.report->periods) {
    p.evidence_gaps.insert(p.evidence_gaps.end(), timeline.evidence_gaps.begin(), timeline.evidence_gaps.end());
    if (from_probes && !clause.missing_data)
      p.notes.push_back("the clause does not say how missing probe data counts: a member's bucket without a sample "
                        "counts as up");
    if (std::string gap = missing_charges_gap(req, fees, g.id, p); !gap.empty()) p.evidence_gaps.push_back(std::move(gap));
  }
  if (explained) {
    run.explained = std::make_unique<AuditReport>(*result.report);
    run.explained->contract_title += " - " + g.id;
  }
  keep_figures(req, g, *result.report, run);
  for (ResourcePeriod& rp : run.periods) rp.group_by = clause.group->by;
  return run;
}

// Every group of every group-level clause, one after another (groups are few:
// regions, zones, availability sets), after the resources, in clause then key order.
void audit_groups(const FleetAuditRequest& req, const ResourceHistory& history, const AttributedIncidents& attributed,
                  FleetReport& report,
                  std::set<std::string>& notes, std::vector<AuditError>& errors) {
  const GroupSet set = fleet_groups(*req.contract, *req.resources);
  for (const UngroupedResource& u : set.ungrouped) {
    const auto& clause = req.contract->availability[u.clause];
    const Resource& r = (*req.resources)[u.resource];
    report.unassessed.push_back({r.id, r.service, "no " + clause.group->by + " to group it by for the clause per " +
                                                      clause.group->by + (clause.label.empty() ? "" : " \"" + clause.label + "\"")});
  }
  for (const FleetGroup& group : set.groups) {
    const auto& clause = req.contract->availability[group.clause];
    if (measured_from_probes(clause) && req.probe_engines == nullptr) {
      report.unassessed.push_back({group_label(*clause.group, group.key),
                                   req.contract->services[clause.service].name,
                                   "availability per " + clause.group->by + line_text(req, clause.range) +
                                       " is measured from its members' probes and no probe input was given (--probes)"});
      continue;
    }
    ResourceRun run = audit_group(req, history, group, attributed);
    if (!run.errors.empty()) {
      errors = std::move(run.errors);
      return;
    }
    notes.merge(run.notes);
    if (run.explained) report.explained = std::move(*run.explained);
    std::move(run.periods.begin(), run.periods.end(), std::back_inserter(report.periods));
  }
  std::ranges::stable_sort(report.unassessed, [](const auto& a, const auto& b) { return a.resource < b.resource; });
}

// ------------------------------------------------------------ the fleet

// Resources [begin, end) of `order`, audited one after another.
std::vector<ResourceRun> audit_stretch(const FleetAuditRequest& req, const ResourceHistory& history,
                                       const std::vector<size_t>& order,
                                       const AttributedIncidents& attributed, size_t begin, size_t end) {
  std::vector<ResourceRun> runs;
  runs.reserve(end - begin);
  for (size_t k = begin; k < end; ++k)
    runs.push_back(audit_resource(req, history, order[k], attributed.of_resource.of(order[k])));
  return runs;
}

// Below this many resources a second thread costs more than it saves.
constexpr size_t kResourcesWorthAThread = 64;

std::vector<ResourceRun> audit_resources(const FleetAuditRequest& req, const ResourceHistory& history,
                                         const std::vector<size_t>& order,
                                         const AttributedIncidents& attributed) {
  const size_t n = order.size();
  if (!req.use_threads || n < kResourcesWorthAThread) return audit_stretch(req, history, order, attributed, 0, n);
  auto second = std::async(std::launch::async, audit_stretch, std::cref(req), std::cref(history), std::cref(order),
                           std::cref(attributed), n / 2, n);
  std::vector<ResourceRun> runs = audit_stretch(req, history, order, attributed, 0, n / 2);
  std::vector<ResourceRun> rest = second.get();
  std::move(rest.begin(), rest.end(), std::back_inserter(runs));
  return runs;
}

Verdict worse(Verdict a, Verdict b) {
  const auto rank = [](Verdict v) { return v == Verdict::Breached ? 2 : v == Verdict::NotAssessed ? 1 : 0; };
  return rank(a) >= rank(b) ? a : b;
}

// Per service and period; a resource's periods are consecutive in `periods`,
// so its worst verdict in each period is found within its own rows (a map of
// every resource and period would compare 100,000 ids about 17 times each).
// False when a total would pass int64.
bool add_totals(FleetReport& report) {
  bool exact = true;
  std::map<std::pair<std::string, std::string>, FleetPeriodTotal> totals;
  const auto total_of = [&](const ResourceFigures& f) -> FleetPeriodTotal& {
    FleetPeriodTotal& t = totals[{f.service, f.period}];
    t.service = f.service;
    t.period = f.period;
    return t;
  };
  const std::vector<ResourcePeriod>& rows = report.periods;
  for (size_t i = 0; i < rows.size();) {
    const ResourcePeriod& first = rows[i];
    size_t end = i + 1;
    if (first.group_by.empty())
      while (end < rows.size() && rows[end].group_by.empty() && rows[end].resource == first.resource) ++end;
    // Period -> the resource's worst verdict in it, and its first row (whose service it is counted under).
    std::map<std::string_view, std::pair<Verdict, const ResourceFigures*>> worst;
    for (size_t k = i; k < end; ++k) {
      const ResourceFigures& p = rows[k].figures;
      FleetPeriodTotal& t = total_of(p);
      exact &= add_money(t.owed_minor, p.owed_minor);
      t.credit_not_stated += p.credit_not_stated ? 1 : 0;
      exact &= add_money(report.total_owed_minor, p.owed_minor);
      if (!first.group_by.empty()) {  // a group is no resource: counted apart
        ++t.groups;
        t.groups_breached += p.verdict() == Verdict::Breached ? 1 : 0;
        continue;
      }
      auto [it, fresh] = worst.try_emplace(p.period, p.verdict(), &p);
      if (!fresh) it->second.first = worse(it->second.first, p.verdict());
    }
    for (const auto& [period, verdict_row] : worst) {
      FleetPeriodTotal& t = total_of(*verdict_row.second);
      ++t.resources;
      const Verdict v = verdict_row.first;
      (v == Verdict::Breached ? t.breached : v == Verdict::Met ? t.met : t.not_assessed) += 1;
    }
    i = end;
  }
  for (auto& [key, total] : totals) report.totals.push_back(std::move(total));
  return exact;
}

// Breached when any resource breached; else not assessed when a resource or a
// period could not be assessed, a clause is left unaudited, or nothing was audited.
void decide_verdict(FleetReport& report, bool clauses_left_out) {
  bool breached = false, not_assessed = report.periods.empty() || !report.unassessed.empty() || clauses_left_out;
  for (const ResourcePeriod& rp : report.periods) {
    breached |= rp.figures.verdict() == Verdict::Breached;
    not_assessed |= rp.figures.verdict() == Verdict::NotAssessed;
  }
  report.verdict = breached ? Verdict::Breached : not_assessed ? Verdict::NotAssessed : Verdict::Met;
}

// Service-level clauses and recovery clauses are not the fleet audit's: each is named.
bool note_clauses_left_out(const FleetAuditRequest& req, FleetReport& report) {
  const model::Contract& contract = *req.contract;
  bool left_out = false;
  for (const auto& clause : contract.availability) {
    if (clause.per_resource || clause.group) continue;
    left_out = true;
    report.notes.push_back("availability " + contract.services[clause.service].name + line_text(req, clause.range) +
                           " is a service-level clause: a fleet audit does not audit it; audit it without --inventory");
  }
  for (const auto& clause : contract.recovery) {
    left_out = true;
    report.notes.push_back("recovery " + contract.services[clause.service].name + line_text(req, clause.range) +
                           ": a fleet audit does not audit recovery clauses; audit them without --inventory");
  }
  for (const auto& composite : contract.composites) {  // their components are service-level clauses, left out above
    left_out = true;
    report.notes.push_back("composite " + composite.name + line_text(req, composite.range) +
                           ": a fleet audit does not audit composites; audit them without --inventory");
  }
  return left_out;
}

FleetReport report_header(const FleetAuditRequest& req) {
  const model::Contract& contract = *req.contract;
  FleetReport report;
  report.engine_version = SLAUDIT_VERSION;
  report.tzdata_version = std::string(TimeZone::tzdata_version());
  report.contract_title = contract.title;
  report.timezone = contract.timezone.value_or("");
  report.currency = contract.currency.value_or(model::Currency{});
  report.range = req.range.label;
  for (const Resource& r : *req.resources) report.inventory_resources += is_fleet(contract, r.service) ? 1 : 0;
  return report;
}

}  // namespace

std::vector<ResourceProbePlan> fleet_probe_plans(const FleetAuditRequest& req) {
  std::vector<ResourceProbePlan> plans;
  const model::Contract& contract = *req.contract;
  if (!std::ranges::any_of(contract.availability, [](const auto& c) { return measured_from_probes(c); })) return plans;
  for (size_t i = 0; i < req.resources->size(); ++i) {
    const Resource& r = (*req.resources)[i];
    if (!is_fleet(contract, r.service)) continue;
    const ResourceMatch match = match_resource(contract, r);
    if (match.outcome != MatchOutcome::Assessed) continue;
    const AuditRequest scoped = period_request(req, r, match.clauses);
    for (const size_t c : match.clauses) {
      if (!measured_from_probes(contract.availability[c])) continue;
      std::vector<probe::ProbePart> parts = probe_parts(scoped, c);
      if (!parts.empty()) plans.push_back({i, c, std::move(parts)});
    }
  }
  // The members of groups measured from probes, each under its group's clause over its own life.
  for (const FleetGroup& group : fleet_groups(contract, *req.resources).groups) {
    if (!measured_from_probes(contract.availability[group.clause])) continue;
    for (const size_t m : group.members) {
      std::vector<probe::ProbePart> parts = probe_parts(period_request(req, (*req.resources)[m], {group.clause}), group.clause);
      if (!parts.empty()) plans.push_back({m, group.clause, std::move(parts)});
    }
  }
  return plans;
}

ResourceFigures ResourceFigures::of(PeriodAudit&& p) {
  ResourceFigures f;
  f.service = std::move(p.service);
  f.clause_label = std::move(p.clause_label);
  f.period = std::move(p.period);
  f.clause = p.clause;
  f.start = p.start;
  f.end = p.end;
  f.partial = p.partial;
  f.length = p.length;
  f.down_raw = p.down_raw;
  f.down = std::move(p.down);
  f.eligible = std::move(p.eligible);
  f.availability = std::move(p.availability);
  f.target = p.target;
  f.met = p.met;
  f.tier = p.tier;
  f.credit_not_stated = p.credit_not_stated;
  f.fee_minor = p.fee_minor;
  f.fee_exact_minor = std::move(p.fee_exact_minor);
  f.fee_billed = p.fee_billed;
  f.credit_minor = p.credit_minor;
  f.hour_rule_minor = p.hour_rule_minor;
  f.free_hours = p.free_hours;
  f.owed_minor = p.owed_minor;
  f.excluded = p.excluded;
  f.cap_minor = p.cap_minor;
  f.claim_deadline = p.claim.deadline;
  f.claim_earliest = p.claim.earliest;
  f.evidence_gaps = std::move(p.evidence_gaps);
  return f;
}

bool FleetReport::evidence_complete() const {
  if (!evidence_gaps.empty()) return false;
  return std::ranges::all_of(periods, [](const ResourcePeriod& rp) { return rp.figures.evidence_complete(); });
}

FleetAuditResult run_fleet_audit(FleetAuditRequest req) {
  FleetAuditResult result;
  const model::Contract& contract = *req.contract;
  if (!contract.timezone) result.errors.push_back({"the contract states no time zone: periods cannot be cut", contract.range});
  if (!contract.currency) result.errors.push_back({"the contract states no currency: credits cannot be priced", contract.range});
  if (!std::ranges::any_of(contract.availability, [](const auto& c) { return c.per_resource || c.group; }))
    result.errors.push_back({"the contract has no per-resource or group-level clause (availability S per NOUN, per "
                             "region, ...): nothing to audit per resource; audit it without --inventory",
                             contract.range});
  if (!result.errors.empty()) return result;
  FleetReport report = report_header(req);
  if (req.as_of) req.incidents = incidents_as_of(req.incidents, *req.as_of);  // what was known at the instant
  const ResourceIndex index = index_resources(*req.resources);
  AttributedIncidents attributed = attribute_all(req, index);
  // Resources by id: the report's order, whatever the inventory's.
  std::vector<size_t> order;
  for (size_t i = 0; i < req.resources->size(); ++i)
    if (is_fleet(contract, (*req.resources)[i].service)) order.push_back(i);
  std::ranges::sort(order, [&](size_t a, size_t b) { return (*req.resources)[a].id < (*req.resources)[b].id; });
  std::set<std::string> notes;
  const ResourceHistory history(req);
  std::vector<ResourceRun> runs = audit_resources(req, history, order, attributed);
  size_t periods = 0;
  for (const ResourceRun& run : runs) periods += run.periods.size();
  report.periods.reserve(periods);
  for (ResourceRun& run : runs) {
    if (!run.errors.empty()) {
      result.errors = std::move(run.errors);
      return result;
    }
    if (run.unassessed) report.unassessed.push_back(std::move(*run.unassessed));
    if (run.explained) report.explained = std::move(*run.explained);
    notes.merge(run.notes);
    std::move(run.periods.begin(), run.periods.end(), std::back_inserter(report.periods));
    free_vector(run.periods);
  }
  free_vector(runs);
  audit_groups(req, history, attributed, report, notes, result.errors);
  if (!result.errors.empty()) return result;
  report.notes.assign(notes.begin(), notes.end());
  report.unattributed = std::move(attributed.unattributed);
  if (!report.unattributed.empty())
    report.evidence_gaps.push_back(std::to_string(report.unattributed.size()) +
                                   " incident(s) could not be attributed to a resource (listed under Records)");
  if (!req.explain_resource.empty() && !report.explained)
    report.notes.push_back("--explain-resource " + req.explain_resource +
                           ": no such resource was audited (not in the inventory, or matched by no clause)");
  const bool left_out = note_clauses_left_out(req, report);
  if (!add_totals(report)) {
    result.errors.push_back({total_too_large(), {}, true});
    return result;
  }
  decide_verdict(report, left_out);
  result.report = std::move(report);
  return result;
}

}  // namespace slaudit::audit
