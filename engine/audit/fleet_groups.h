#pragma once
// Group-level clauses of a fleet (docs/fleet.md): a clause `per region`,
// `per zone` or `per ATTRIBUTE` groups the resources its selectors match, and
// each group gets its own timeline from its members': down when they are, as
// the clause's rule says (all members, at least N members or P% of them, at
// least N zones, a zone being down when all its running members are), and,
// with `counted while at least N resources run`, the minutes with fewer
// members running left out. The fleet audit then audits each group as one
// resource: the group's downtime as incidents, those minutes as excluded time,
// the members' charges summed as its credit base.
//
// A member is down while one of its incidents (its own, its zone's or its
// region's) counts as downtime under the clause's incident rules; an excluded
// incident, maintenance and an incident below the clause's threshold do not
// make it down. A member counts only within its life (launched..terminated).
//
// A group clause measured from probes reads no incident: a member is down in
// the runs of bad buckets its own probe engine under the clause found (the
// clause's bucket, bad-when rule, targets combination and minimum run), and
// excluded in the buckets the clause's missing-data rule excludes; a member
// no target probes is missing data for its whole life (an evidence gap).
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/audit/probe/probe_engine.h"
#include "engine/records/incident.h"
#include "engine/records/resource.h"
#include "language/model/contract.h"

namespace slaudit::audit {

struct FleetGroup {
  size_t clause = 0;            // index into Contract::availability
  std::string key;              // the region, zone or attribute value the members share
  std::vector<size_t> members;  // inventory indexes, by resource id
};

// A resource a group clause's selectors match but that has no value to group
// it by (an empty region, zone or attribute).
struct UngroupedResource {
  size_t clause = 0, resource = 0;
};

struct GroupSet {
  std::vector<FleetGroup> groups;  // by clause (file order), then key
  std::vector<UngroupedResource> ungrouped;
};

// Every group of every group clause. Decided from the contract and the
// inventory alone: the same groups whatever the inventory's order.
GroupSet fleet_groups(const model::Contract& contract, const std::vector<Resource>& resources);

struct GroupTimeline {
  std::vector<Incident> down;  // one incident per run of the group's downtime, in time order
  std::vector<std::pair<Instant, Instant>> not_counted;  // fewer members running than the clause counts
  // Not down by the members' downtime, but down if their excluded time
  // (maintenance, excluded causes) counted as down: excluded time of the group.
  std::vector<std::pair<Instant, Instant>> excluded;
  std::optional<Instant> launched, terminated;           // the group's life: its first launch, its last termination
  // Measured from probes: what the members' probes leave unsaid (members no
  // target probes, samples late or conflicting), for every period's gaps.
  std::vector<std::string> evidence_gaps;

  // The time the clause sets aside, not counted or excluded, as one list of
  // runs by start, overlapping or touching runs joined: the group's excluded time.
  std::vector<std::pair<Instant, Instant>> set_aside() const;
};

// Per inventory index, the indexes into the log of the incidents attributed
// to it (its own, its zone's and its region's), in log order. One flat array
// for the whole fleet: a vector per resource would be 100,000 small
// allocations, each grown and copied as its incidents come in.
struct IncidentsByResource {
  std::vector<size_t> offsets;  // resource r's incidents are indexes[offsets[r] .. offsets[r + 1])
  std::vector<size_t> indexes;
  std::span<const size_t> of(size_t resource) const {
    return {indexes.data() + offsets[resource], offsets[resource + 1] - offsets[resource]};
  }
};

// For a group clause measured from probes, a member's (an inventory index)
// probes: whether it has time to audit in the range (a member alive only
// outside it needs no probe), and its finished engine under the clause, null
// when no target probes it.
struct MemberProbes {
  bool in_range = false;
  const probe::ProbeClauseEngine* engine = nullptr;
};
using MemberEngine = std::function<MemberProbes(size_t resource)>;

// `member_engine` is read for a clause measured from probes only.
GroupTimeline group_timeline(const model::Contract& contract, const FleetGroup& group,
                             const std::vector<Resource>& resources, const std::vector<Incident>& incidents,
                             const IncidentsByResource& incidents_of, const MemberEngine& member_engine = {});

// Whether the clause is measured from probes (it has a probe block).
bool measured_from_probes(const model::AvailabilityClause& clause);

// What a group is called in reports: "region us-east-1", "availability_set as-1".
std::string group_label(const model::GroupRule& rule, const std::string& key);

}  // namespace slaudit::audit
