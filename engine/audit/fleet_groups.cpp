#include "engine/audit/fleet_groups.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "engine/audit/fleet_matching.h"
#include "engine/audit/incident_rules.h"
#include "engine/audit/money.h"
#include "engine/audit/probe/probe_outcome.h"

namespace slaudit::audit {

namespace {

// Before and after every instant an audit reads: a life without a launch or a
// termination, an incident still open. Far from the limits, so no sum overflows.
constexpr Instant kEarliest{Seconds{std::numeric_limits<int64_t>::min() / 4}};
constexpr Instant kLatest{Seconds{std::numeric_limits<int64_t>::max() / 4}};

const std::string& group_key(const model::GroupRule& rule, const Resource& r) {
  static const std::string none;
  if (rule.by == "region") return r.region;
  if (rule.by == "zone") return r.zone;
  const auto it = r.attributes.find(rule.by);
  return it == r.attributes.end() ? none : it->second;
}

constexpr size_t kNoIncident = SIZE_MAX;

struct Span {
  Instant start, end;
  size_t incident = kNoIncident;  // index into the incidents; none for a run of bad probe buckets
  size_t member = 0;              // the member's inventory index
};

// A member's incidents that the clause counts as downtime (`down`) and those
// it excludes (maintenance, excluded causes, faults, components: `excluded`),
// clipped to its life.
struct MemberSpans {
  std::vector<Span> down, excluded;
};
MemberSpans member_spans(const model::AvailabilityClause& clause, const model::Service& service, const Resource& r,
                         size_t member, const std::vector<Incident>& incidents, std::span<const size_t> own) {
  const Instant life_start = r.launched.value_or(kEarliest), life_end = r.terminated.value_or(kLatest);
  MemberSpans out;
  for (const size_t i : own) {
    const Incident& incident = incidents[i];
    const IncidentDecision::Kind kind = decide_incident(clause, service, incident, false).kind;
    if (kind == IncidentDecision::Kind::BelowThreshold) continue;
    const Instant start = std::max(incident.start, life_start);
    const Instant end = std::min(incident.end.value_or(kLatest), life_end);
    if (start < end) (kind == IncidentDecision::Kind::Down ? out.down : out.excluded).push_back({start, end, i, member});
  }
  return out;
}

model::MissingData missing_rule(const model::AvailabilityClause& clause) {
  return clause.missing_data.value_or(model::MissingData::Up);
}

// A member measured from probes: its Down buckets are its downtime, its
// Excluded ones (missing data the clause excludes) its excluded time. The
// engine's buckets lie within the member's life (its plan clipped them).
MemberSpans probe_member_spans(const model::AvailabilityClause& clause, size_t member,
                               const probe::ProbeClauseEngine& engine) {
  const probe::ProbeOutcome outcome = probe::service_outcome(engine, missing_rule(clause));
  MemberSpans out;
  for (int64_t g = 0; g < engine.bucket_count(); ++g) {
    const probe::ServiceBucket state = outcome.state[static_cast<size_t>(g)];
    if (state != probe::ServiceBucket::Down && state != probe::ServiceBucket::Excluded) continue;
    auto& spans = state == probe::ServiceBucket::Down ? out.down : out.excluded;
    const Instant start = engine.bucket_start(g), end = engine.bucket_end(g);
    if (!spans.empty() && spans.back().end == start) spans.back().end = end;
    else spans.push_back({start, end, kNoIncident, member});
  }
  return out;
}

// A member no target probes: missing data for its whole life, as the clause's rule counts it.
MemberSpans unprobed_member_spans(const model::AvailabilityClause& clause, const Resource& r, size_t member) {
  MemberSpans out;
  const Span life{r.launched.value_or(kEarliest), r.terminated.value_or(kLatest), kNoIncident, member};
  if (missing_rule(clause) == model::MissingData::Down) out.down.push_back(life);
  if (missing_rule(clause) == model::MissingData::Excluded) out.excluded.push_back(life);
  return out;
}

// Runs joined where they overlap or touch, by start.
std::vector<std::pair<Instant, Instant>> joined(std::vector<std::pair<Instant, Instant>> runs) {
  std::ranges::sort(runs);
  std::vector<std::pair<Instant, Instant>> out;
  for (const auto& run : runs) {
    if (!out.empty() && run.first <= out.back().second) out.back().second = std::max(out.back().second, run.second);
    else out.push_back(run);
  }
  return out;
}

std::vector<std::pair<Instant, Instant>> merged(const std::vector<Span>& spans) {
  std::vector<std::pair<Instant, Instant>> runs;
  runs.reserve(spans.size());
  for (const Span& s : spans) runs.emplace_back(s.start, s.end);
  return joined(std::move(runs));
}

// One change at an instant: a member starts or stops running, being down, or
// being down or excluded (`maybe`: down if its excluded time counted as down).
struct Event {
  Instant at;
  int alive = 0, down = 0, maybe = 0;
  size_t zone = 0;
};

// The state of a group between two events, and whether it is down, counting
// as down the members that are down (`counts` = &Event::down) or those down or
// excluded (&Event::maybe).
class GroupState {
 public:
  GroupState(const model::GroupRule& rule, size_t zones, int Event::*counts)
      : rule_(rule), counts_(counts), alive_z_(zones, 0), down_z_(zones, 0) {}

  void apply(const Event& e) {
    zones_down_ -= zone_down(e.zone) ? 1 : 0;
    zones_running_ -= alive_z_[e.zone] > 0 ? 1 : 0;
    alive_z_[e.zone] += e.alive;
    zones_running_ += alive_z_[e.zone] > 0 ? 1 : 0;
    down_z_[e.zone] += e.*counts_;
    alive_ += e.alive;
    down_ += e.*counts_;
    zones_down_ += zone_down(e.zone) ? 1 : 0;
  }

  bool down() const {
    switch (rule_.down) {
      case model::GroupDown::AllMembers: return alive_ > 0 && down_ == alive_;
      case model::GroupDown::MembersAtLeast: return down_ >= rule_.count;
      case model::GroupDown::ShareAtLeast:  // down / alive >= share%, exactly
        return alive_ > 0 && Rational(down_) * 100 >= to_rational(rule_.share) * alive_;
      case model::GroupDown::ZonesAtLeast: return zones_down_ >= rule_.count;
    }
    return false;
  }

  bool counted() const {
    if (!rule_.counted_while_at_least) return true;
    switch (rule_.counted_while) {
      case model::CountedWhile::MembersRunning: return alive_ >= *rule_.counted_while_at_least;
      case model::CountedWhile::ZonesRunning: return zones_running_ >= *rule_.counted_while_at_least;
    }
    return true;
  }

 private:
  bool zone_down(size_t z) const { return alive_z_[z] > 0 && down_z_[z] == alive_z_[z]; }

  const model::GroupRule& rule_;
  int Event::*counts_;
  std::vector<int64_t> alive_z_, down_z_;
  int64_t alive_ = 0, down_ = 0, zones_down_ = 0, zones_running_ = 0;
};

// Appends [start, end) to `runs`, joining a run it continues.
void add_run(std::vector<std::pair<Instant, Instant>>& runs, Instant start, Instant end) {
  if (!runs.empty() && runs.back().second == start) runs.back().second = end;
  else runs.emplace_back(start, end);
}

// "EC2-Z1, EC2-Z2" or "A, B, C and 4 more": the incidents behind a run of group downtime.
std::string sources_text(std::set<std::string> ids) {
  std::string out;
  size_t shown = 0;
  for (const auto& id : ids) {
    if (shown == 3) return out + " and " + std::to_string(ids.size() - 3) + " more";
    out += (shown++ ? ", " : "") + id;
  }
  return out;
}

// "2 member(s) of region r1 have no probe target (first: vm-4): ..."
std::vector<std::string> probe_gaps(const model::AvailabilityClause& clause, const FleetGroup& group,
                                    const std::vector<std::string>& unprobed, const std::vector<std::string>& incomplete) {
  std::vector<std::string> gaps;
  const std::string label = group_label(*clause.group, group.key);
  if (!unprobed.empty())
    gaps.push_back(std::to_string(unprobed.size()) + " member(s) of " + label + " have no probe target (first: " +
                   unprobed.front() + "): their time is missing data, counted as " +
                   std::string(terms::keyword(missing_rule(clause))));
  if (!incomplete.empty())
    gaps.push_back(std::to_string(incomplete.size()) + " member(s) of " + label +
                   " have late, conflicting or unusable probe samples (first: " + incomplete.front() + ")");
  return gaps;
}

}  // namespace

std::vector<std::pair<Instant, Instant>> GroupTimeline::set_aside() const {
  std::vector<std::pair<Instant, Instant>> runs = not_counted;
  runs.insert(runs.end(), excluded.begin(), excluded.end());
  return joined(std::move(runs));
}

std::string group_label(const model::GroupRule& rule, const std::string& key) { return rule.by + " " + key; }

bool measured_from_probes(const model::AvailabilityClause& clause) {
  return clause.measurement && clause.measurement->kind == model::MeasurementKind::Probes && clause.measurement->probes;
}

GroupSet fleet_groups(const model::Contract& contract, const std::vector<Resource>& resources) {
  GroupSet out;
  std::vector<size_t> by_id(resources.size());
  for (size_t i = 0; i < by_id.size(); ++i) by_id[i] = i;
  std::ranges::sort(by_id, [&](size_t a, size_t b) { return resources[a].id < resources[b].id; });
  for (size_t c = 0; c < contract.availability.size(); ++c) {
    const model::AvailabilityClause& clause = contract.availability[c];
    if (!clause.group) continue;
    const std::string& service = contract.services[clause.service].name;
    std::map<std::string, std::vector<size_t>> members;
    for (const size_t r : by_id) {
      if (resources[r].service != service || !selectors_hold(clause, resources[r])) continue;
      const std::string& key = group_key(*clause.group, resources[r]);
      if (key.empty()) out.ungrouped.push_back({c, r});
      else members[key].push_back(r);
    }
    for (auto& [key, list] : members) out.groups.push_back({c, key, std::move(list)});
  }
  return out;
}

GroupTimeline group_timeline(const model::Contract& contract, const FleetGroup& group,
                             const std::vector<Resource>& resources, const std::vector<Incident>& incidents,
                             const IncidentsByResource& incidents_of, const MemberEngine& member_engine) {
  const model::AvailabilityClause& clause = contract.availability[group.clause];
  const model::Service& service = contract.services[clause.service];
  const model::GroupRule& rule = *clause.group;
  std::map<std::string, size_t> zone_index;
  std::vector<Event> events;
  std::vector<Span> spans;  // every member's downtime, for the incidents behind a run
  GroupTimeline out;
  out.launched = kLatest;
  out.terminated = kEarliest;
  const bool from_probes = measured_from_probes(clause);
  std::vector<std::string> unprobed, incomplete;  // members' ids
  for (const size_t m : group.members) {
    const Resource& r = resources[m];
    const size_t z = zone_index.try_emplace(r.zone, zone_index.size()).first->second;
    const Instant life_start = r.launched.value_or(kEarliest), life_end = r.terminated.value_or(kLatest);
    out.launched = std::min(*out.launched, life_start);
    out.terminated = std::max(*out.terminated, life_end);
    if (life_start >= life_end) continue;
    events.push_back({life_start, +1, 0, 0, z});
    events.push_back({life_end, -1, 0, 0, z});
    // Overlapping incidents of one member are one downtime: merged before counting.
    MemberSpans own;
    if (!from_probes) {
      own = member_spans(clause, service, r, m, incidents, incidents_of.of(m));
    } else if (const MemberProbes probes = member_engine ? member_engine(m) : MemberProbes{}; probes.engine) {
      own = probe_member_spans(clause, m, *probes.engine);
      for (size_t k = 0; k < probes.engine->parts().size(); ++k)
        if (probes.engine->part_gaps(k) > 0) {
          incomplete.push_back(r.id);
          break;
        }
    } else if (probes.in_range) {
      own = unprobed_member_spans(clause, r, m);
      unprobed.push_back(r.id);
    }
    spans.insert(spans.end(), own.down.begin(), own.down.end());
    for (const auto& [start, end] : merged(own.down)) {
      events.push_back({start, 0, +1, 0, z});
      events.push_back({end, 0, -1, 0, z});
    }
    own.excluded.insert(own.excluded.end(), own.down.begin(), own.down.end());
    for (const auto& [start, end] : merged(own.excluded)) {
      events.push_back({start, 0, 0, +1, z});
      events.push_back({end, 0, 0, -1, z});
    }
  }
  if (out.launched == kEarliest) out.launched.reset();
  if (out.terminated == kLatest) out.terminated.reset();
  std::ranges::sort(events, [](const Event& a, const Event& b) { return a.at < b.at; });
  // Three-valued, as composites are: down when the members' downtime alone
  // makes it so; excluded when it would be down only if the members' excluded
  // time counted as down (the group's state then rests on excluded time).
  GroupState state(rule, zone_index.size(), &Event::down), if_excluded_down(rule, zone_index.size(), &Event::maybe);
  std::vector<std::pair<Instant, Instant>> down_runs;
  for (size_t k = 0; k < events.size();) {
    const Instant at = events[k].at;
    for (; k < events.size() && events[k].at == at; ++k) {
      state.apply(events[k]);
      if_excluded_down.apply(events[k]);
    }
    const Instant next = k < events.size() ? events[k].at : kLatest;
    if (at >= next) continue;
    if (state.down()) add_run(down_runs, at, next);
    else if (if_excluded_down.down()) add_run(out.excluded, at, next);
    if (!state.counted()) add_run(out.not_counted, at, next);
  }
  // Before the first member runs and after the last stops, no member runs.
  if (rule.counted_while_at_least && !events.empty()) {
    out.not_counted.insert(out.not_counted.begin(), {kEarliest, events.front().at});
    add_run(out.not_counted, events.back().at, kLatest);
  }
  out.evidence_gaps = probe_gaps(clause, group, unprobed, incomplete);
  const SharedName service_name(service.name);
  for (size_t k = 0; k < down_runs.size(); ++k) {
    const auto [start, end] = down_runs[k];
    std::set<std::string> ids;
    for (const Span& s : spans)
      if (s.start < end && start < s.end)
        ids.insert(s.incident == kNoIncident ? resources[s.member].id + " probes" : incidents[s.incident].id);
    Incident incident;
    incident.id = group_label(rule, group.key) + " down #" + std::to_string(k + 1) + " (" + sources_text(std::move(ids)) + ")";
    incident.service = service_name;
    incident.start = start;
    if (end != kLatest) incident.end = end;
    out.down.push_back(std::move(incident));
  }
  return out;
}

}  // namespace slaudit::audit
