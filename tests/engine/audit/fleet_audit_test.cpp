// The fleet audit, worked by hand: each resource over its life span, on its
// own charges, its own clock hours, its clause chosen by its attributes.
// November 2026 in UTC: 30 d = 2,592,000 s = 720 h.
#include <algorithm>
#include <random>

#include <catch2/catch.hpp>

#include "engine/audit/fleet_audit.h"
#include "tests/support/fleet_fixture.h"

using namespace slaudit;
using slaudit::testing::audit_fleet;
using slaudit::testing::Fleet;

namespace {

// EC2's instance-level terms (aws_ec2_instance.sla) written per instance.
constexpr const char* kEc2 = R"SLA(contract "EC2 fleet" {
  timezone "UTC";
  currency USD;
  service ec2 { resources instance with zones; }
  service s3 { }
  availability ec2 "instance level" per instance {
    target 99.5%;
    period calendar month;
    unavailable when any incident;
    no charge for clock hour with more than 6 min down;
    credit of monthly fee {
      below 99.5% and at least 99.0%: 10%;
      below 99.0% and at least 95.0%: 30%;
      below 95.0%: 100%;
    }
  }
}
)SLA";

const std::string kInventory =
    "id,service,region,zone,zones,launched,terminated\n"
    "i-a,ec2,us-east-1,us-east-1a,1,,\n"
    "i-b,ec2,us-east-1,us-east-1b,1,2026-11-16T00:00:00Z,\n"
    "i-c,ec2,us-east-1,us-east-1a,1,,2026-11-11T00:00:00Z\n";

// 720 h x 0.0416 = 29.952 USD; i-b lived 360 h: 14.976 USD; i-c 240 h: 9.984 USD.
// i-a also paid a reserved instance's upfront fee, which is no credit base.
const std::string kBilling =
    "resource,period,charge,currency,usage_type\n"
    "i-a,2026-11,29.952,USD,\n"
    "i-a,2026-11,100.00,USD,upfront\n"
    "i-b,2026-11,14.976,USD,\n"
    "i-c,2026-11,9.984,USD,\n";

}  // namespace

TEST_CASE("fleet: a resource launched mid-month is audited over its life, on its own charges", "[audit][fleet]") {
  // A zone outage 11-20 00:00-05:00 in us-east-1b: i-b only (i-a and i-c are in us-east-1a).
  auto f = audit_fleet(kEc2, kInventory, kBilling,
                       "id,service,start,end,zone\nZ1,ec2,2026-11-20T00:00:00Z,2026-11-20T05:00:00Z,us-east-1b\n");
  const audit::ResourceFigures& b = f->resource("i-b").figures;
  // Launched 11-16 00:00: 15 d = 1,296,000 s audited; down 5 h = 18,000 s.
  CHECK(b.partial);
  CHECK(b.length == Seconds{1296000});
  CHECK(b.down == 18000);
  // 1,278,000 / 1,296,000 = 98.6111...%: the 30% tier.
  CHECK(*b.availability == Rational(1278000, 1296000));
  // 30% of 1497.6 cents = 449.28 -> 449 cents, rounded once.
  CHECK(*b.fee_exact_minor == Rational(14976, 10));
  CHECK(b.credit_minor == 449);
  // Five clock hours with more than 6 min down, at 1497.6 / 360 h = 4.16 cents an hour: 20.8 -> 21 cents.
  CHECK(b.free_hours == 5);
  CHECK(b.hour_rule_minor == 21);
  CHECK(b.owed_minor == 449 + 21);
  CHECK(f->resource("i-a").figures.verdict() == audit::Verdict::Met);
  CHECK(f->resource("i-c").figures.length == Seconds{864000});  // terminated 11-11: 10 d
  REQUIRE(f->report().totals.size() == 1);
  const audit::FleetPeriodTotal& t = f->report().totals[0];
  CHECK(t.resources == 3);
  CHECK(t.met == 2);
  CHECK(t.breached == 1);
  CHECK(t.owed_minor == 470);
  CHECK(f->report().total_owed_minor == 470);
  CHECK(f->report().verdict == audit::Verdict::Breached);
}

TEST_CASE("fleet: the six-minute rule counts each instance's own clock hours", "[audit][fleet]") {
  // i-a: 10:00:30-10:07:00, 6.5 min in one clock hour: one hour not charged.
  // i-c: 10:55-11:05, 5 min in each of two clock hours: none.
  auto f = audit_fleet(kEc2, kInventory, kBilling,
                       "id,service,start,end,resource\n"
                       "A1,ec2,2026-11-03T10:00:30Z,2026-11-03T10:07:00Z,i-a\n"
                       "C1,ec2,2026-11-03T10:55:00Z,2026-11-03T11:05:00Z,i-c\n");
  const audit::ResourceFigures& a = f->resource("i-a").figures;
  CHECK(a.down == 390);
  CHECK(a.met);  // 1 - 390 / 2,592,000 = 99.98%
  CHECK(a.free_hours == 1);
  // 2995.2 cents / 720 h = 4.16 cents -> 4 cents; the upfront 100.00 USD is not in the base.
  CHECK(*a.fee_exact_minor == Rational(29952, 10));
  CHECK(a.hour_rule_minor == 4);
  CHECK(a.verdict() == audit::Verdict::Breached);  // a credit is earned
  REQUIRE(f->resource("i-a").counted.size() == 1);
  CHECK(f->resource("i-a").counted[0].id == "A1");
  const audit::ResourceFigures& c = f->resource("i-c").figures;
  CHECK(c.down == 600);
  CHECK(c.free_hours == 0);
  CHECK(c.verdict() == audit::Verdict::Met);
}

TEST_CASE("fleet: with mixed disks the worst matching clause applies", "[audit][fleet]") {
  // Azure single VMs: premium SSD 99.9%, standard HDD 95%; a VM with an HDD data disk gets 95%.
  constexpr const char* kAzure = R"SLA(contract "Azure VMs" {
  timezone "UTC";
  currency USD;
  service vm { resources vm; attributes os_disk, data_disk; each vm under worst matching clause; }
  availability vm "premium SSD" per vm {
    where os_disk = "premium_ssd";
    target 99.9%; period calendar month; unavailable when any incident;
    credit of monthly fee { below 99.9%: 10%; }
  }
  availability vm "standard HDD" per vm {
    where data_disk = "standard_hdd";
    target 95%; period calendar month; unavailable when any incident;
    credit of monthly fee { below 95%: 10%; }
  }
}
)SLA";
  auto f = audit_fleet(kAzure,
                       "id,service,region,zone,os_disk,data_disk\n"
                       "vm-1,vm,westeurope,1,premium_ssd,premium_ssd\n"
                       "vm-2,vm,westeurope,1,premium_ssd,standard_hdd\n"
                       "vm-3,vm,westeurope,1,standard_ssd,standard_ssd\n",
                       "resource,period,charge,currency\nvm-1,2026-11,100,USD\nvm-2,2026-11,100,USD\n",
                       // 7.2 h = 25,920 s down each: 1 - 25,920 / 2,592,000 = 99.0%.
                       "id,service,start,end,region\nR1,vm,2026-11-10T00:00:00Z,2026-11-10T07:12:00Z,westeurope\n");
  const audit::ResourceFigures& one = f->resource("vm-1").figures;
  CHECK(one.clause_label == "premium SSD");
  CHECK(*one.availability == Rational(99, 100));
  CHECK_FALSE(one.met);
  CHECK(one.credit_minor == 1000);  // 10% of 100.00 USD
  const audit::ResourceFigures& two = f->resource("vm-2").figures;
  CHECK(two.clause_label == "standard HDD");  // the lowest target of the two that match
  CHECK(two.met);
  CHECK(two.credit_minor == 0);
  // vm-3 matches neither clause: reported, never dropped.
  REQUIRE(f->report().unassessed.size() == 1);
  CHECK(f->report().unassessed[0].resource == "vm-3");
  CHECK(f->report().unassessed[0].reason == "matched by no clause");
}

TEST_CASE("fleet: an incident no resource can take is rejected with its reason", "[audit][fleet]") {
  struct Case {
    const char* row;
    const char* reason;
  };
  const Case cases[] = {
      {"X,ec2,2026-11-05T00:00:00Z,2026-11-05T01:00:00Z,i-z,,", "unknown resource 'i-z': not in the inventory"},
      {"X,ec2,2026-11-12T00:00:00Z,2026-11-12T01:00:00Z,i-c,,",
       "outside the life of resource 'i-c' (launched before every period, terminated 2026-11-11T00:00:00Z)"},
      {"X,ec2,2026-11-05T00:00:00Z,2026-11-05T01:00:00Z,i-b,,",
       "outside the life of resource 'i-b' (launched 2026-11-16T00:00:00Z, terminated after every period)"},
      {"X,ec2,2026-11-05T00:00:00Z,2026-11-05T01:00:00Z,,,",
       "an incident of fleet service 'ec2' must name a 'resource', a 'zone' or a 'region'"},
      {"X,ec2,2026-11-05T00:00:00Z,2026-11-05T01:00:00Z,,us-east-1f,", "no resource of service 'ec2' in zone 'us-east-1f'"},
      {"X,ec2,2026-11-05T00:00:00Z,2026-11-05T01:00:00Z,,,eu-west-1", "no resource of service 'ec2' in region 'eu-west-1'"},
      {"X,s3,2026-11-05T00:00:00Z,2026-11-05T01:00:00Z,,,",
       "service 's3' is not a fleet (no `resources` declaration): a fleet audit does not audit it"},
  };
  for (const Case& c : cases) {
    INFO(c.row);
    auto f = audit_fleet(kEc2, kInventory, kBilling, std::string("id,service,start,end,resource,zone,region\n") + c.row + "\n");
    REQUIRE(f->report().unattributed.size() == 1);
    CHECK(f->report().unattributed[0].line == 2);
    CHECK(f->report().unattributed[0].reason == c.reason);
    CHECK_FALSE(f->report().evidence_complete());
  }
}

TEST_CASE("fleet: figures do not depend on the order of the inputs or on threads", "[audit][fleet]") {
  // 80 instances over 4 zones (enough for two threads), a zone outage and one incident per instance.
  std::vector<std::string> inventory, billing, incidents;
  for (int i = 0; i < 80; ++i) {
    const std::string id = "i-" + std::to_string(100 + i), zone = "z" + std::to_string(i % 4);
    inventory.push_back(id + ",ec2,r1," + zone + ",1,,");
    billing.push_back(id + ",2026-11," + std::to_string(10 + i) + ".0416,USD,");
    incidents.push_back("A" + std::to_string(i) + ",ec2,2026-11-0" + std::to_string(1 + i % 9) + "T10:00:00Z,2026-11-0" +
                        std::to_string(1 + i % 9) + "T1" + std::to_string(i % 10) + ":30:00Z," + id + ",");
  }
  incidents.push_back("Z,ec2,2026-11-20T00:00:00Z,2026-11-20T09:00:00Z,,z2");
  const auto join = [](const std::string& header, std::vector<std::string> rows) {
    std::string text = header;
    for (const auto& r : rows) text += r + "\n";
    return text;
  };
  auto in_order = audit_fleet(kEc2, join("id,service,region,zone,zones,launched,terminated\n", inventory),
                              join("resource,period,charge,currency,usage_type\n", billing),
                              join("id,service,start,end,resource,zone\n", incidents), false);
  std::mt19937 shuffle(7);
  std::ranges::shuffle(inventory, shuffle);
  std::ranges::shuffle(billing, shuffle);
  std::ranges::shuffle(incidents, shuffle);
  auto shuffled = audit_fleet(kEc2, join("id,service,region,zone,zones,launched,terminated\n", inventory),
                              join("resource,period,charge,currency,usage_type\n", billing),
                              join("id,service,start,end,resource,zone\n", incidents), true);
  const auto& a = in_order->report().periods;
  const auto& b = shuffled->report().periods;
  REQUIRE(a.size() == 80);
  REQUIRE(b.size() == 80);
  for (size_t k = 0; k < a.size(); ++k) {
    INFO(a[k].resource);
    CHECK(a[k].resource == b[k].resource);
    CHECK(a[k].figures.down == b[k].figures.down);
    CHECK(a[k].figures.owed_minor == b[k].figures.owed_minor);
    CHECK(a[k].counted.size() == b[k].counted.size());
  }
  CHECK(in_order->report().total_owed_minor == shuffled->report().total_owed_minor);
  CHECK(in_order->report().total_owed_minor > 0);
}

TEST_CASE("fleet: each resource is judged by the claims naming it and those naming none, in the order filed",
          "[audit][fleet]") {
  // The EC2 terms with AWS's claim deadline: by the end of the second billing cycle after the incident,
  // for November 2026-01-31. A zone outage takes out i-b (us-east-1b) 11-20 00:00-05:00; A1 takes out
  // i-a 11-03 00:00-05:00. Each: 5 h down, both breached.
  std::string contract = kEc2;
  const std::string tiers = "      below 95.0%: 100%;\n    }\n";
  contract.replace(contract.find(tiers), tiers.size(), tiers + "    claim by end of 2nd billing cycle after incident;\n");
  // Filed: one claim for every resource, late (2027-02-15), then one naming i-b, in time (2026-12-05).
  // The last filing that applies is the one judged (as for a service): i-b's own; i-a has only the late one.
  std::vector<audit::ClaimFiling> claims = {{"ec2", "2026-11", {2027, 2, 15}, std::nullopt, std::nullopt},
                                            {"ec2", "2026-11", {2026, 12, 5}, std::nullopt, std::string("i-b")}};
  auto f = audit_fleet(contract.c_str(), kInventory, kBilling,
                       "id,service,start,end,resource,zone\n"
                       "A1,ec2,2026-11-03T00:00:00Z,2026-11-03T05:00:00Z,i-a,\n"
                       "Z1,ec2,2026-11-20T00:00:00Z,2026-11-20T05:00:00Z,,us-east-1b\n",
                       true, "", claims);
  const audit::ResourceFigures& a = f->resource("i-a").figures;
  const audit::ResourceFigures& b = f->resource("i-b").figures;
  // i-a: 2,574,000 / 2,592,000 = 99.3055...%: 10% of 2995.2 cents = 299.52 -> 300, but claimed late: only the
  // five clock hours not charged (5 x 4.16 = 20.8 -> 21 cents) are owed, as they need no claim.
  CHECK(a.credit_minor == 300);
  CHECK(a.hour_rule_minor == 21);
  CHECK(a.owed_minor == 21);
  // i-b (first test case): 30% of 1497.6 = 449 cents plus 21, claimed in time by its own filing.
  CHECK(b.credit_minor == 449);
  CHECK(b.owed_minor == 449 + 21);
}
