// Group-level clauses, worked by hand: a region down when two of its zones
// are at once (AWS), a zone down only when every running member is, an
// availability set counted only while two of its members run (Azure), a
// share of the members, and groups whatever the inventory's order.
// November 2026 in UTC: 30 d = 43,200 min.
#include <algorithm>
#include <random>

#include <catch2/catch.hpp>

#include "engine/audit/fleet_audit.h"
#include "tests/support/fleet_fixture.h"

using namespace slaudit;
using slaudit::testing::audit_fleet;

namespace {

constexpr const char* kRegion = R"SLA(contract "EC2 region" {
  timezone "UTC";
  currency USD;
  service ec2 { resources instance with zones; }
  availability ec2 "region level" per region {
    target 99.99%;
    period calendar month;
    unavailable when at least 2 zones down;
    credit of monthly fee {
      below 99.99% and at least 99.0%: 10%;
      below 99.0%: 30%;
    }
  }
}
)SLA";

// Zones a (a1, a2), b (b1, b2), c (c1, and c2 terminated on 11-05).
const std::string kRegionInventory =
    "id,service,region,zone,zones,launched,terminated\n"
    "a1,ec2,us-east-1,us-east-1a,1,,\n"
    "a2,ec2,us-east-1,us-east-1a,1,,\n"
    "b1,ec2,us-east-1,us-east-1b,1,,\n"
    "b2,ec2,us-east-1,us-east-1b,1,,\n"
    "c1,ec2,us-east-1,us-east-1c,1,,\n"
    "c2,ec2,us-east-1,us-east-1c,1,,2026-11-05T00:00:00Z\n"
    "w1,ec2,us-west-2,us-west-2a,1,,\n";

// 720 h x 0.0416 = 29.952 USD a full month; c2 ran 96 h: 3.9936 USD.
const std::string kRegionBilling =
    "resource,period,charge,currency,usage_type\n"
    "a1,2026-11,29.952,USD,\n"
    "a2,2026-11,29.952,USD,\n"
    "b1,2026-11,29.952,USD,\n"
    "b2,2026-11,29.952,USD,\n"
    "c1,2026-11,29.952,USD,\n"
    "c2,2026-11,3.9936,USD,\n"
    "w1,2026-11,29.952,USD,\n";

// - zone a 10:00-12:00 and zone b 11:00-13:00 on 11-10: two zones down 11:00-12:00 = 60 min;
// - b1 alone 14:00-15:00: zone b is not down (b2 runs): nothing;
// - zone c on 11-03 03:00-04:00 while c2 still runs, with only c1 down: zone c not down;
//   and zone a down 03:00-04:00 the same day: one zone down only: nothing;
// - c1 alone on 11-20 16:00-17:00 (c2 terminated: c1 is zone c's only running member, so zone c is down)
//   with zone a 16:30-16:45: two zones down 15 min.
// Region us-east-1 down 60 + 15 = 75 min; us-west-2 never.
const std::string kRegionIncidents =
    "id,service,start,end,resource,zone\n"
    "ZA,ec2,2026-11-10T10:00:00Z,2026-11-10T12:00:00Z,,us-east-1a\n"
    "ZB,ec2,2026-11-10T11:00:00Z,2026-11-10T13:00:00Z,,us-east-1b\n"
    "B1,ec2,2026-11-10T14:00:00Z,2026-11-10T15:00:00Z,b1,\n"
    "C1-early,ec2,2026-11-03T03:00:00Z,2026-11-03T04:00:00Z,c1,\n"
    "ZA-early,ec2,2026-11-03T03:00:00Z,2026-11-03T04:00:00Z,,us-east-1a\n"
    "C1,ec2,2026-11-20T16:00:00Z,2026-11-20T17:00:00Z,c1,\n"
    "ZA2,ec2,2026-11-20T16:30:00Z,2026-11-20T16:45:00Z,,us-east-1a\n";

}  // namespace

TEST_CASE("fleet groups: a region is down while two of its zones are, a zone while all its running members are",
          "[audit][fleet]") {
  const auto f = audit_fleet(kRegion, kRegionInventory, kRegionBilling, kRegionIncidents);
  const audit::FleetReport& r = f->report();
  REQUIRE(r.periods.size() == 2);  // one per region: the clause is per region only
  const audit::ResourcePeriod& east = f->resource("region us-east-1");
  CHECK(east.group_by == "region");
  CHECK(east.region == "us-east-1");
  CHECK(east.zone.empty());  // three zones
  // 75 min down of 43,200: (43,200 - 75) / 43,200 = 43,125 / 43,200 = 575/576 = 99.8263...%
  CHECK(east.figures.down == audit::Rational(75 * 60));
  REQUIRE(east.figures.availability);
  CHECK(*east.figures.availability == audit::Rational(575, 576));
  // 10% of the region's charges: 5 x 29.952 + 3.9936 = 153.7536 USD = 15,375.36 cents -> 1,537.536 -> 1,538
  CHECK(east.figures.fee_minor == 15375);
  CHECK(east.figures.credit_minor == 1538);
  CHECK(east.figures.owed_minor == 1538);
  REQUIRE(east.counted.size() == 2);
  CHECK(east.counted[0].id == "region us-east-1 down #1 (ZA, ZB)");
  CHECK(east.counted[0].down == Seconds{3600});
  CHECK(east.counted[1].id == "region us-east-1 down #2 (C1, ZA2)");
  CHECK(east.counted[1].down == Seconds{900});
  const audit::ResourcePeriod& west = f->resource("region us-west-2");
  CHECK(west.figures.verdict() == audit::Verdict::Met);
  CHECK(west.figures.down == audit::Rational(0));
  // Groups are counted apart from resources: no resource was audited per instance.
  REQUIRE(r.totals.size() == 1);
  CHECK(r.totals[0].resources == 0);
  CHECK(r.totals[0].groups == 2);
  CHECK(r.totals[0].groups_breached == 1);
  CHECK(r.totals[0].owed_minor == 1538);
  CHECK(r.verdict == audit::Verdict::Breached);
}

TEST_CASE("fleet groups: a member without charges is a gap only in a period it ran", "[audit][fleet]") {
  // b2 runs all month without a billing row: us-east-1's credit base is short
  // of it, a gap. d1, terminated on 10-15, has no November row either, and
  // needs none: it is not named.
  const std::string inventory = kRegionInventory + "d1,ec2,us-east-1,us-east-1c,1,2026-10-01T00:00:00Z,2026-10-15T00:00:00Z\n";
  std::string billing = kRegionBilling;
  billing.erase(billing.find("b2,"), std::string("b2,2026-11,29.952,USD,\n").size());
  const auto f = audit_fleet(kRegion, inventory, billing, kRegionIncidents);
  const audit::ResourcePeriod& east = f->resource("region us-east-1");
  REQUIRE(east.figures.evidence_gaps.size() == 1);
  CHECK(east.figures.evidence_gaps[0] ==
        "the billing export has no charges in 2026-11 for 1 member(s) of region us-east-1 (first: b2): its credit base "
        "is short of them");
  // The base without b2: 4 x 29.952 + 3.9936 = 123.8016 USD = 12,380.16 cents; 10% = 1,238.016 -> 1,238.
  CHECK(east.figures.credit_minor == 1238);
  CHECK(f->resource("region us-west-2").figures.evidence_gaps.empty());
}

TEST_CASE("fleet groups: --explain-resource gives a group's full audit with its derivation", "[audit][fleet]") {
  const auto f = audit_fleet(kRegion, kRegionInventory, kRegionBilling, kRegionIncidents, true, "region us-east-1");
  REQUIRE(f->report().explained);
  const audit::AuditReport& explained = *f->report().explained;
  CHECK(explained.contract_title == "EC2 region - region us-east-1");
  REQUIRE(explained.periods.size() == 1);
  const audit::PeriodAudit& p = explained.periods[0];
  CHECK(p.down == audit::Rational(75 * 60));  // as in the fleet's own row
  CHECK(p.owed_minor == 1538);
  CHECK_FALSE(p.explain.empty());
  REQUIRE(p.incidents.size() == 2);
  CHECK(p.incidents[0].id == "region us-east-1 down #1 (ZA, ZB)");
  // Derived from the members' incidents: on no line of the log, and explained
  // by the group's down rule ("unavailable when at least 2 zones down;", line 8).
  CHECK(p.incidents[0].line == 0);
  CHECK(f->source->location(p.incidents[0].clause.begin).line == 8);
}

TEST_CASE("fleet groups: the same groups and figures whatever the order of the inventory and the log", "[audit][fleet]") {
  const auto reference = audit_fleet(kRegion, kRegionInventory, kRegionBilling, kRegionIncidents);
  std::mt19937 random(7);
  for (int round = 0; round < 5; ++round) {
    auto shuffled = [&](const std::string& csv) {
      std::vector<std::string> lines;
      size_t at = csv.find('\n') + 1;
      const std::string header = csv.substr(0, at);
      while (at < csv.size()) {
        const size_t end = csv.find('\n', at);
        lines.push_back(csv.substr(at, end + 1 - at));
        at = end + 1;
      }
      std::shuffle(lines.begin(), lines.end(), random);
      std::string out = header;
      for (const auto& l : lines) out += l;
      return out;
    };
    const auto f = audit_fleet(kRegion, shuffled(kRegionInventory), shuffled(kRegionBilling), shuffled(kRegionIncidents),
                               round % 2 == 0);
    REQUIRE(f->report().periods.size() == reference->report().periods.size());
    for (size_t k = 0; k < f->report().periods.size(); ++k) {
      const auto& a = f->report().periods[k];
      const auto& b = reference->report().periods[k];
      CHECK(a.resource == b.resource);
      CHECK(a.figures.down == b.figures.down);
      CHECK(a.figures.owed_minor == b.figures.owed_minor);
      REQUIRE(a.counted.size() == b.counted.size());
      for (size_t i = 0; i < a.counted.size(); ++i) CHECK(a.counted[i].id == b.counted[i].id);
    }
  }
}

namespace {

// Azure's availability sets: "maximum available minutes" count only while two
// or more VMs of the set run; the set is down while all its running VMs are.
constexpr const char* kAvailabilitySet = R"SLA(contract "Azure VM" {
  timezone "UTC";
  currency USD;
  service vm { resources vm; attributes availability_set; }
  availability vm "availability set" per availability_set {
    target 99.95%;
    period calendar month;
    unavailable when all vms down;
    counted while at least 2 vms run;
    excluded time removed from period;
    credit of monthly fee {
      below 99.95% and at least 99.0%: 10%;
      below 99.0%: 25%;
    }
  }
}
)SLA";

// Set as-1: v1 the whole month, v2 from 11-16 (so 15 d = 21,600 min count);
// set as-2: v3 and v4 the whole month.
const std::string kSetInventory =
    "id,service,region,zone,zones,launched,terminated,availability_set\n"
    "v1,vm,westeurope,westeurope-1,,,,as-1\n"
    "v2,vm,westeurope,westeurope-1,,2026-11-16T00:00:00Z,,as-1\n"
    "v3,vm,westeurope,westeurope-2,,,,as-2\n"
    "v4,vm,westeurope,westeurope-2,,,,as-2\n";

const std::string kSetBilling =
    "resource,period,charge,currency,usage_type\n"
    "v1,2026-11,72.00,USD,\n"
    "v2,2026-11,36.00,USD,\n"
    "v3,2026-11,72.00,USD,\n"
    "v4,2026-11,72.00,USD,\n";

// - v1 down 11-05 01:00-03:00: v2 not yet running, a minute that does not count;
// - v1 and v2 both down 11-20 00:00-01:00: 60 min down;
// - v1 alone down 11-22: v2 runs, the set is up;
// - v3 and v4 down at different times: as-2 never down.
const std::string kSetIncidents =
    "id,service,start,end,resource\n"
    "E1,vm,2026-11-05T01:00:00Z,2026-11-05T03:00:00Z,v1\n"
    "E2,vm,2026-11-20T00:00:00Z,2026-11-20T01:00:00Z,v1\n"
    "E3,vm,2026-11-20T00:00:00Z,2026-11-20T01:00:00Z,v2\n"
    "E4,vm,2026-11-22T00:00:00Z,2026-11-22T02:00:00Z,v1\n"
    "E5,vm,2026-11-03T00:00:00Z,2026-11-03T01:00:00Z,v3\n"
    "E6,vm,2026-11-04T00:00:00Z,2026-11-04T01:00:00Z,v4\n";

}  // namespace

TEST_CASE("fleet groups: an availability set counts only the minutes two of its VMs run", "[audit][fleet]") {
  const auto f = audit_fleet(kAvailabilitySet, kSetInventory, kSetBilling, kSetIncidents);
  const audit::ResourcePeriod& one = f->resource("availability_set as-1");
  CHECK(one.group_by == "availability_set");
  // Counted: 11-16..12-01 = 15 d = 1,296,000 s; down 3,600 s: (21,600 - 60) / 21,600 = 359/360 = 99.7222...%
  CHECK(one.figures.eligible == audit::Rational(1'296'000));
  CHECK(one.figures.down == audit::Rational(3600));
  REQUIRE(one.figures.availability);
  CHECK(*one.figures.availability == audit::Rational(359, 360));
  // 10% of 72.00 + 36.00 = 108.00 USD: 10.80 USD.
  CHECK(one.figures.credit_minor == 1080);
  const audit::ResourcePeriod& two = f->resource("availability_set as-2");
  CHECK(two.figures.down == audit::Rational(0));
  CHECK(two.figures.eligible == audit::Rational(2'592'000));  // both run the whole month
  CHECK(two.figures.verdict() == audit::Verdict::Met);
  // The VMs have no clause of their own: audited with their sets, never "matched by no clause".
  CHECK(f->report().unassessed.empty());
  REQUIRE(f->report().totals.size() == 1);
  CHECK(f->report().totals[0].groups == 2);
  CHECK(f->report().totals[0].groups_breached == 1);
  CHECK(f->report().verdict == audit::Verdict::Breached);
}

TEST_CASE("fleet groups: a share of the members, compared exactly", "[audit][fleet]") {
  constexpr const char* kShare = R"SLA(contract "share" {
  timezone "UTC";
  currency USD;
  service vm { resources vm with zones; }
  availability vm per zone {
    target 99.99%;
    period calendar month;
    unavailable when at least 50% of vms down;
  }
}
)SLA";
  // Zone z: four VMs (target 99.99%: 40 min down of 43,200 breaches it, so the runs are kept). 11-02: v1 down 00:00-02:00, v2 00:30-01:00 (2 of 4 = 50%: down 30 min);
  // 11-03: v1 and v2 and v3 00:00-00:10 (3 of 4: down 10 min); v4 alone 11-04 (1 of 4: up).
  const std::string inventory =
      "id,service,region,zone,zones,launched,terminated\n"
      "v1,vm,r,z,1,,\nv2,vm,r,z,1,,\nv3,vm,r,z,1,,\nv4,vm,r,z,1,,\n";
  const std::string billing = "resource,period,charge,currency,usage_type\n";
  const std::string incidents =
      "id,service,start,end,resource\n"
      "A,vm,2026-11-02T00:00:00Z,2026-11-02T02:00:00Z,v1\n"
      "B,vm,2026-11-02T00:30:00Z,2026-11-02T01:00:00Z,v2\n"
      "C,vm,2026-11-03T00:00:00Z,2026-11-03T00:10:00Z,v1\n"
      "D,vm,2026-11-03T00:00:00Z,2026-11-03T00:10:00Z,v2\n"
      "E,vm,2026-11-03T00:00:00Z,2026-11-03T00:10:00Z,v3\n"
      "F,vm,2026-11-04T00:00:00Z,2026-11-04T01:00:00Z,v4\n";
  const auto f = audit_fleet(kShare, inventory, billing, incidents);
  const audit::ResourcePeriod& z = f->resource("zone z");
  CHECK(z.figures.down == audit::Rational(40 * 60));  // 30 + 10 min
  REQUIRE(z.counted.size() == 2);
  CHECK(z.counted[0].id == "zone z down #1 (A, B)");
  CHECK(z.counted[1].id == "zone z down #2 (C, D, E)");
}

TEST_CASE("fleet groups: a zonal deployment counts only the minutes its VMs run in two zones", "[audit][fleet]") {
  // Azure's zones row: "maximum available minutes" are those with VMs deployed
  // across two or more zones; two VMs in one zone do not make such a minute.
  constexpr const char* kZonal = R"SLA(contract "Azure zonal" {
  timezone "UTC";
  currency USD;
  service vm { resources vm with zones; attributes deployment; }
  availability vm "zonal" per deployment {
    target 99.99%;
    period calendar month;
    unavailable when all vms down;
    counted while at least 2 zones run;
    excluded time removed from period;
    credit of monthly fee { below 99.99%: 10%; }
  }
}
)SLA";
  // d-1: z1 (v1, v2) the whole month, z2 (v3) from 11-11: 20 d = 1,728,000 s count,
  //      although two VMs ran all month (a members rule would count 30 d).
  // d-2: v4 and v5 both in z1 the whole month: never two zones, no minute counts.
  const std::string inventory =
      "id,service,region,zone,zones,launched,terminated,deployment\n"
      "v1,vm,westeurope,z1,1,,,d-1\n"
      "v2,vm,westeurope,z1,1,,,d-1\n"
      "v3,vm,westeurope,z2,1,2026-11-11T00:00:00Z,,d-1\n"
      "v4,vm,westeurope,z1,1,,,d-2\n"
      "v5,vm,westeurope,z1,1,,,d-2\n";
  const std::string billing =
      "resource,period,charge,currency,usage_type\n"
      "v1,2026-11,72.00,USD,\nv2,2026-11,72.00,USD,\nv3,2026-11,48.00,USD,\n"
      "v4,2026-11,72.00,USD,\nv5,2026-11,72.00,USD,\n";
  // - all of d-1 down 11-05 00:00-01:00, before v3 runs: one zone only, a minute that does not count;
  // - all of d-1 down 11-20 00:00-00:30 (the zone-wide z1 incident takes v1 and v2, v3 its own): 30 min down.
  const std::string incidents =
      "id,service,start,end,resource,zone\n"
      "Z1-early,vm,2026-11-05T00:00:00Z,2026-11-05T01:00:00Z,,z1\n"
      "Z1,vm,2026-11-20T00:00:00Z,2026-11-20T00:30:00Z,,z1\n"
      "V3,vm,2026-11-20T00:00:00Z,2026-11-20T00:30:00Z,v3,\n";
  const auto f = audit_fleet(kZonal, inventory, billing, incidents);
  const audit::ResourcePeriod& one = f->resource("deployment d-1");
  CHECK(one.figures.eligible == audit::Rational(1'728'000));
  CHECK(one.figures.down == audit::Rational(1800));
  // (28,800 - 30) / 28,800 min = 959/960 = 99.8958...% < 99.99%: 10% of 72 + 72 + 48 = 192.00 USD: 19.20 USD.
  REQUIRE(one.figures.availability);
  CHECK(*one.figures.availability == audit::Rational(959, 960));
  CHECK(one.figures.credit_minor == 1920);
  const audit::ResourcePeriod& two = f->resource("deployment d-2");
  CHECK(two.figures.eligible == audit::Rational(0));  // one zone all month: nothing counts
  CHECK_FALSE(two.figures.availability);               // not assessed, not "100%"
}

TEST_CASE("fleet groups: a member's excluded time is the group's when the group's state rests on it", "[audit][fleet]") {
  // Three-valued, as composites: down if the members' downtime makes the set down; excluded if it would be
  // down only were the members' excluded time (here customer-caused incidents) counted as down; else up.
  constexpr const char* kExcluding = R"SLA(contract "Azure VM" {
  timezone "UTC";
  currency USD;
  service vm { resources vm; attributes availability_set; }
  availability vm "availability set" per availability_set {
    target 99.95%;
    period calendar month;
    unavailable when all vms down;
    exclude cause in (customer);
    excluded time removed from period;
    credit of monthly fee { below 99.95%: 10%; }
  }
}
)SLA";
  const std::string inventory =
      "id,service,region,zone,zones,launched,terminated,availability_set\n"
      "v1,vm,westeurope,westeurope-1,,,,as-1\n"
      "v2,vm,westeurope,westeurope-1,,,,as-1\n";
  const std::string billing = "resource,period,charge,currency,usage_type\n";
  // - 11-10: v1 down 00:00-02:00, v2 customer-caused 01:00-03:00: both "down or excluded" 01:00-02:00, never
  //   both down: 60 min excluded;
  // - 11-12: v1 customer 00:00-01:00, v2 customer 00:30-01:30: 00:30-01:00 excluded, 30 min;
  // - 11-14: v1 down 00:00-00:20, v2 down 00:10-00:40: both down 00:10-00:20, 10 min down.
  // Eligible 43,200 - 90 = 43,110 min; (43,110 - 10) / 43,110 = 4310/4311 = 99.9768...% >= 99.95%: met.
  const std::string incidents =
      "id,service,start,end,resource,cause\n"
      "A,vm,2026-11-10T00:00:00Z,2026-11-10T02:00:00Z,v1,\n"
      "B,vm,2026-11-10T01:00:00Z,2026-11-10T03:00:00Z,v2,customer\n"
      "C,vm,2026-11-12T00:00:00Z,2026-11-12T01:00:00Z,v1,customer\n"
      "D,vm,2026-11-12T00:30:00Z,2026-11-12T01:30:00Z,v2,customer\n"
      "E,vm,2026-11-14T00:00:00Z,2026-11-14T00:20:00Z,v1,\n"
      "F,vm,2026-11-14T00:10:00Z,2026-11-14T00:40:00Z,v2,\n";
  const auto f = audit_fleet(kExcluding, inventory, billing, incidents);
  const audit::ResourcePeriod& set = f->resource("availability_set as-1");
  CHECK(set.figures.down == audit::Rational(600));
  CHECK(set.figures.eligible == audit::Rational(2'586'600));  // 43,110 min
  REQUIRE(set.figures.availability);
  CHECK(*set.figures.availability == audit::Rational(4310, 4311));
  CHECK(set.figures.verdict() == audit::Verdict::Met);
}
