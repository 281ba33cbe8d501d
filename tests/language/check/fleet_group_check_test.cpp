// Group-level clauses (`per region`, `per zone`, `per ATTRIBUTE`): what the
// checker builds from their rules, and every misuse with its location,
// message and hint.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

// Header and fleet shared by the cases; a case adds its clause after it (line 4).
const std::string kFleet = R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance with zones; attributes disk, deployment; }
)SLA";

struct Case {
  const char* name;
  std::string input;
  std::vector<std::string> expected;
  std::string hint;  // of the first diagnostic
};

std::string clause(const std::string& per_and_body) { return kFleet + "  availability vm " + per_and_body + "\n}\n"; }

const std::vector<Case> kCases = {
    {"group_without_rule", clause("per region { target 99.99%; }"),
     {"4:23: error: a clause per region must say when the region is down [group-without-rule]"},
     "write: unavailable when all instances down;"},
    {"group_rule_in_a_per_resource_clause", clause("per instance { unavailable when all instances down; }"),
     {"4:34: error: this rule is about the members of a group; the clause is not per region, zone or attribute "
      "[group-rule-without-group]"},
     "write: availability vm per region { ... }"},
    {"counted_while_in_a_service_clause", clause("{ counted while at least 2 instances run; }"),
     {"4:21: error: this rule is about the members of a group; the clause is not per region, zone or attribute "
      "[group-rule-without-group]"},
     "write: availability vm per region { ... }"},
    {"zones_of_a_fleet_without_zones",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance; }
  availability vm per region { unavailable when at least 2 zones down; }
}
)SLA",
     {"4:60: error: the instances have no zones declared, so zones cannot be counted [group-without-zones]"},
     "declare them: resources instance with zones;"},
    {"zones_counted_per_zone", clause("per zone { unavailable when at least 2 zones down; }"),
     {"4:58: error: a clause per zone counts the members of one zone, not zones [group-count]"},
     "write: unavailable when all instances down;"},
    {"all_zones", clause("per region { unavailable when all zones down; }"),
     {"4:53: error: 'all zones' is every member's zone: say it of the members [group-count]"},
     "write: unavailable when all instances down;"},
    {"count_not_whole", clause("per region { unavailable when at least 1.5 instances down; }"),
     {"4:58: error: expected a whole number of at least 1, found '1.5' [group-count]"},
     "write: unavailable when at least 2 instances down;"},
    {"count_zero", clause("per region { unavailable when at least 0 zones down; }"),
     {"4:58: error: expected a whole number of at least 1, found '0' [group-count]"},
     "write: unavailable when at least 2 zones down;"},
    {"share_over_100", clause("per region { unavailable when at least 150% of instances down; }"),
     {"4:58: error: a share of the members is above 0% and at most 100% [group-count]"},
     "write: unavailable when at least 50% of instances down;"},
    {"unknown_members", clause("per region { unavailable when all disks down; }"),
     {"4:53: error: a group is down when its instances or its zones are; found 'disks' [unknown-name]"},
     "write: unavailable when all instances down;"},
    {"counted_while_without_removed_time",
     clause("per deployment { unavailable when all instances down; counted while at least 2 instances run; }"),
     {"4:73: error: minutes that do not count are taken out of the period; the clause must say so "
      "[counted-while-needs-removed]"},
     "add: excluded time removed from period;"},
    {"counted_while_unknown_members",
     clause("per region { unavailable when all instances down; counted while at least 2 disks run; "
            "excluded time removed from period; }"),
     {"4:94: error: minutes count while enough instances or zones run; found 'disks' [unknown-name]"},
     "write: counted while at least 2 instances run;"},
    {"counted_while_zones_of_a_fleet_without_zones",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance; }
  availability vm per region { unavailable when all instances down; counted while at least 2 zones run;
    excluded time removed from period; }
}
)SLA",
     {"4:94: error: the instances have no zones declared, so zones cannot be counted [group-without-zones]"},
     "declare them: resources instance with zones;"},
    {"counted_while_zones_per_zone",
     clause("per zone { unavailable when all instances down; counted while at least 2 zones run; "
            "excluded time removed from period; }"),
     {"4:92: error: a clause per zone runs in one zone; it cannot count zones [group-count]"},
     "write: counted while at least 2 instances run;"},
    {"counted_while_zero_zones",
     clause("per region { unavailable when all instances down; counted while at least 0 zones run; "
            "excluded time removed from period; }"),
     {"4:92: error: expected a whole number of at least 1, found '0' [group-count]"},
     "write: counted while at least 2 zones run;"},
    {"weighted_group", clause("per region { unavailable weighted by affected share; unavailable when all instances down; }"),
     {"4:32: error: a group's members are down or up by their incidents; this measurement does not apply per member "
      "[group-measurement]"},
     "write: unavailable when any incident;"},
    {"probes_averaged_in_a_group",
     clause("per region { unavailable when all instances down; unavailable from probes { bucket 5 min; "
            "bad when success ratio < 100%; targets averaged; } }"),
     {"4:69: error: a group's members are each up or down in a bucket; request figures and targets averaged give a "
      "member no such state [group-measurement]"},
     "write: bad when success ratio < 100%; (with targets any, all or at least N%)"},
    {"probes_measuring_requests_in_a_group",
     clause("per region { unavailable when all instances down; unavailable from probes { bucket 5 min; "
            "measure requests; } }"),
     {"4:69: error: a group's members are each up or down in a bucket; request figures and targets averaged give a "
      "member no such state [group-measurement]"},
     "write: bad when success ratio < 100%; (with targets any, all or at least N%)"},
    {"down_rule_twice",
     clause("per region { unavailable when all instances down; unavailable when at least 2 zones down; }"),
     {"4:69: error: the group's down rule is given twice [duplicate]"},
     "keep one"},
};

}  // namespace

TEST_CASE("group-level clause misuses are reported with exact location, message and hint", "[check][fleet]") {
  for (const auto& c : kCases) {
    SECTION(c.name) {
      SourceFile file("t.sla", c.input);
      auto compiled = compile_contract(file);
      CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.expected);
      CHECK(testing::first_hint(compiled.diagnostics) == c.hint);
    }
  }
}

TEST_CASE("group-level clauses check into their group rules", "[check][fleet]") {
  SourceFile file("t.sla", kFleet + R"SLA(  availability vm "region" per region { unavailable when at least 2 zones down; target 99.99%; }
  availability vm "zone" per zone { unavailable when at least 50% of instances down; target 99.9%; }
  availability vm "set" per deployment {
    where deployment != "single";
    unavailable when all instances down;
    counted while at least 2 instances run;
    excluded time removed from period;
    target 99.95%;
  }
  availability vm "n" per region { unavailable when at least 3 resources down; target 99%; }
  availability vm "zonal" per deployment {
    where deployment = "zonal";
    unavailable when all instances down;
    counted while at least 2 zones run;
    excluded time removed from period;
    target 99.99%;
  }
  availability vm "probed" per region {
    unavailable when at least 2 zones down;
    unavailable from probes { bucket 5 min; bad when success ratio < 100%; targets all; }
    target 99.99%;
  }
}
)SLA");
  auto compiled = compile_contract(file);
  REQUIRE_FALSE(compiled.diagnostics.has_errors());
  const model::Contract& c = *compiled.contract;
  REQUIRE(c.availability.size() == 6);
  for (const auto& clause : c.availability) {
    CHECK_FALSE(clause.per_resource);
    REQUIRE(clause.group);
  }
  CHECK(c.availability[0].group->by == "region");
  CHECK(c.availability[0].group->down == model::GroupDown::ZonesAtLeast);
  CHECK(c.availability[0].group->count == 2);
  CHECK_FALSE(c.availability[0].group->counted_while_at_least);
  CHECK(c.availability[1].group->by == "zone");
  CHECK(c.availability[1].group->down == model::GroupDown::ShareAtLeast);
  CHECK(c.availability[1].group->share == Decimal::from_int(50));
  CHECK(c.availability[2].group->by == "deployment");
  CHECK(c.availability[2].group->down == model::GroupDown::AllMembers);
  CHECK(c.availability[2].group->counted_while_at_least == 2);
  REQUIRE(c.availability[2].selectors.size() == 1);
  CHECK(c.availability[2].selectors[0].text == "single");
  CHECK(c.availability[3].group->down == model::GroupDown::MembersAtLeast);
  CHECK(c.availability[3].group->count == 3);
  CHECK(std::string(model::group_down_name(c.availability[3].group->down)) == "members at least");
  CHECK(c.availability[2].group->counted_while == model::CountedWhile::MembersRunning);
  CHECK(c.availability[4].group->counted_while == model::CountedWhile::ZonesRunning);
  CHECK(c.availability[4].group->counted_while_at_least == 2);
  CHECK(std::string(model::counted_while_name(c.availability[4].group->counted_while)) == "zones running");
  // From probes: each member's bad buckets are its downtime (docs/fleet.md, groups measured from probes).
  CHECK(c.availability[5].group->down == model::GroupDown::ZonesAtLeast);
  REQUIRE(c.availability[5].measurement);
  CHECK(c.availability[5].measurement->kind == model::MeasurementKind::Probes);
}
