// The library's fleet contracts (contracts/library/aws_ec2_fleet.sla,
// gce_instance_fleet.sla, digitalocean_droplet_fleet.sla, aws_ec2_region_fleet.sla,
// azure_vm_fleet.sla), tag [library]: their audits through the job that
// `audit --inventory` runs, checked against the totals worked by hand in
// contracts/library/README.md; EC2's JSON against docs/fleet-report.schema.json,
// and its claims pack.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "jobs/fleet_job.h"
#include "report/csv/claims_pack.h"
#include "report/json/fleet_json.h"
#include "report/text/fleet_text.h"
#include "tests/support/schema_walk.h"

namespace fs = std::filesystem;
using namespace slaudit;

namespace {

const fs::path kRoot = SLAUDIT_SOURCE_DIR;

// The audit of library fleet NAME: NAME.sla over NAME.inventory.csv, NAME.billing.csv and
// NAME.incidents.csv, November 2026, as its golden's args say.
jobs::FleetJob library_fleet_job(const std::string& name, const std::string& explain_resource = "") {
  const fs::path lib = kRoot / "contracts/library";
  jobs::FleetJobOptions o;
  o.contract = (lib / (name + ".sla")).string();
  o.inventory = (lib / (name + ".inventory.csv")).string();
  o.billing_export = (lib / (name + ".billing.csv")).string();
  o.incidents = (lib / (name + ".incidents.csv")).string();
  o.period = "2026-11";
  o.explain_resource = explain_resource;
  return jobs::run_fleet_job(o);
}

jobs::FleetJob ec2_fleet_job() { return library_fleet_job("aws_ec2_fleet"); }

const audit::ResourceFigures& figures_of(const audit::FleetReport& r, const std::string& id) {
  for (const auto& rp : r.periods)
    if (rp.resource == id) return rp.figures;
  FAIL("no resource " << id);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("library fleet: aws_ec2_fleet's totals are those worked by hand", "[library][fleet]") {
  const jobs::FleetJob job = ec2_fleet_job();
  REQUIRE(job.report);
  const audit::FleetReport& r = *job.report;
  CHECK(job.exit_code == jobs::kBreach);
  CHECK(r.inventory_resources == 60);
  CHECK(r.periods.size() == 60);
  // i-021..i-040: 2,574,000 / 2,592,000; 10% x 2,995.2 = 299.52 -> 300; 5 h x 4.16 = 20.8 -> 21.
  const audit::ResourceFigures& zone_b = figures_of(r, "i-030");
  CHECK(*zone_b.availability == audit::Rational(2574000, 2592000));
  CHECK(zone_b.credit_minor == 300);
  CHECK(zone_b.hour_rule_minor == 21);
  CHECK(zone_b.owed_minor == 321);
  // i-058, 15 d: 1,278,000 / 1,296,000; 30% x 1,497.6 -> 449; + 21.
  CHECK(figures_of(r, "i-058").owed_minor == 470);
  CHECK(figures_of(r, "i-001").owed_minor == 4);     // one clock hour, 4.16 -> 4
  CHECK(figures_of(r, "i-002").owed_minor == 0);     // 300 s in each of two hours
  CHECK(figures_of(r, "i-003").owed_minor == 3161);  // 100% x 2,995.2 -> 2,995; 40 x 4.16 = 166.4 -> 166
  CHECK(figures_of(r, "i-003").claim_deadline == model::CivilDate{2027, 1, 31});
  REQUIRE(r.totals.size() == 1);
  CHECK(r.totals[0].resources == 60);
  CHECK(r.totals[0].breached == 23);  // 20 + i-058 + i-001 + i-003
  CHECK(r.totals[0].met == 37);
  CHECK(r.total_owed_minor == 20 * 321 + 470 + 4 + 3161);  // 10,055 cents
  // EC2-4 (after i-059's termination) and EC2-5 (i-099) are rejected, and counted.
  REQUIRE(r.unattributed.size() == 2);
  CHECK(r.unattributed[0].id == "EC2-4");
  CHECK(r.unattributed[1].reason == "unknown resource 'i-099': not in the inventory");
  CHECK_FALSE(r.evidence_complete());
  for (const auto& a : r.records) CHECK(a.read == a.used + a.rejected);
}

TEST_CASE("library fleet: the JSON report follows docs/fleet-report.schema.json", "[library][fleet]") {
  const jobs::FleetJob job = ec2_fleet_job();
  REQUIRE(job.report);
  std::ostringstream out;
  report::write_fleet_json(*job.report, *job.source, out);
  const nlohmann::json report = nlohmann::json::parse(out.str());
  std::ifstream schema_file(kRoot / "docs/fleet-report.schema.json");
  const nlohmann::json schema = nlohmann::json::parse(schema_file);
  testing::SchemaWalk walk{schema};
  walk.walk(schema, report, "");
  INFO("missing: " << walk.missing.size() << " unknown: " << (walk.unknown.empty() ? "" : walk.unknown[0]));
  CHECK(walk.missing.empty());
  CHECK(walk.unknown.empty());
  CHECK(walk.bad_values.empty());
  CHECK(walk.objects > 60 * 4);  // every resource, its money and rationals
  CHECK(report["total_owed"]["minor"] == 10055);
  CHECK(report["resources"][2]["resource"] == "i-003");
  CHECK(report["resources"][2]["fee_exact_minor"]["num"] == "14976");  // 2,995.2 = 14,976 / 5
}

TEST_CASE("library fleet: the claims pack lists what to file, with each incident's times", "[library][fleet]") {
  const jobs::FleetJob job = ec2_fleet_job();
  REQUIRE(job.report);
  std::ostringstream pack;
  report::write_claims_pack_csv(*job.report, *job.source, pack);
  std::istringstream lines(pack.str());
  std::string header, first;
  std::getline(lines, header);
  std::getline(lines, first);
  CHECK(header ==
        "resource,service,region,zone,period,clause_line,availability_percent,target_percent,tier_credit_percent,"
        "credit,owed,currency,claim_deadline,incidents");
  CHECK(first == "i-001,ec2,us-east-1,us-east-1a,2026-11-01/2026-11-30,43,99.9837%~,99.5,,0.00,0.04,USD,2027-01-31,"
                 "EC2-1 2026-11-03T10:00:30Z/2026-11-03T10:07:00Z");
  size_t rows = 1;
  for (std::string line; std::getline(lines, line);) ++rows;
  CHECK(rows == 23);  // every breached resource period owes something here
  std::ostringstream text;
  report::write_fleet_text(*job.report, *job.source, text);
  CHECK(text.str().find("Result: 23 resource periods breached; 100.55 USD owed\n") != std::string::npos);
}

TEST_CASE("library fleet: gce_instance_fleet's totals are those worked by hand", "[library][fleet]") {
  const jobs::FleetJob job = library_fleet_job("gce_instance_fleet");
  REQUIRE(job.report);
  const audit::FleetReport& r = *job.report;
  CHECK(job.exit_code == jobs::kBreach);
  CHECK(r.inventory_resources == 66);  // 60 single instances and 6 multi-zone ones, audited with their region
  CHECK(r.periods.size() == 61);       // the 60 single instances and the group "region us-west1"
  // Calendar month in America/Los_Angeles: 1 Nov 00:00 PDT to 1 Dec 00:00 PST = 2,595,600 s (721 h).
  // 99.9% allows 2,595.6 s down, 99.95% 1,297.8 s. No credit table: nothing is owed.
  const audit::ResourceFigures& zone_b = figures_of(r, "g-030");  // GCE-Z1, 2,700 s
  CHECK(zone_b.length == Seconds{2595600});
  CHECK(*zone_b.availability == audit::Rational(2881, 2884));  // 2,592,900 / 2,595,600
  CHECK_FALSE(zone_b.met);
  CHECK(zone_b.owed_minor == 0);
  CHECK(zone_b.fee_minor == 2415);  // 721 h x 0.0335 = 24.1535 USD, reported, not credited
  // g-040, created 16 Nov 00:00 PST: 15 d = 1,296,000 s; 1,293,300 / 1,296,000 = 479 / 480.
  CHECK(figures_of(r, "g-040").length == Seconds{1296000});
  CHECK(*figures_of(r, "g-040").availability == audit::Rational(479, 480));
  // g-020, deleted 11 Nov 00:00 PST: 10 d + 1 h = 867,600 s, no downtime.
  CHECK(figures_of(r, "g-020").length == Seconds{867600});
  CHECK(figures_of(r, "g-020").met);
  CHECK(figures_of(r, "g-001").down == audit::Rational(0));  // 59 s: shorter than a minute, ignored
  // g-002: the repeated hour, 01:30 PDT - 01:30 PST = 3,600 s; 2,592,000 / 2,595,600 = 720 / 721.
  CHECK(*figures_of(r, "g-002").availability == audit::Rational(720, 721));
  CHECK_FALSE(figures_of(r, "g-002").met);
  // g-003: 2,595 s <= 2,595.6 s, met (in a 30-day month 2,592 s would be allowed).
  CHECK(*figures_of(r, "g-003").availability == audit::Rational(2593005, 2595600));
  CHECK(figures_of(r, "g-003").met);
  // memory-optimized, 99.95%: g-056 1,297 s <= 1,297.8 s met; g-057 1,298 s breached.
  CHECK(figures_of(r, "g-056").met);
  CHECK(*figures_of(r, "g-057").availability == audit::Rational(2594302, 2595600));
  CHECK_FALSE(figures_of(r, "g-057").met);
  CHECK(figures_of(r, "g-057").clause_label == "single instance, memory-optimized");  // family memory_optimized
  // Multi-zone (zones >= 2), per region: only zone a runs until 2 Nov 00:00 PST, 25 h = 90,000 s not
  // counted; eligible 2,595,600 - 90,000 = 2,505,600 s. GCE-Z1 takes out zone b alone: not down. Zones a
  // and c both down 11-24 02:40-03:00 PST: 1,200 s; 2,504,400 / 2,505,600 = 2087/2088 < 99.99%.
  // Charges 70.0091 x 2 + 67.5816 x 2 + 65.2512 x 2 = 405.6838 USD; no credit table: nothing owed.
  const audit::ResourceFigures& region = figures_of(r, "region us-west1");
  CHECK(region.clause_label == "multi-zone");
  CHECK(region.length == Seconds{2595600});
  CHECK(region.excluded == Seconds{90000});
  CHECK(region.eligible == audit::Rational(2505600));
  CHECK(region.down == audit::Rational(1200));
  CHECK(*region.availability == audit::Rational(2087, 2088));
  CHECK_FALSE(region.met);
  CHECK(*region.fee_exact_minor == audit::Rational(4056838, 100));
  CHECK(region.owed_minor == 0);
  REQUIRE(r.totals.size() == 1);
  CHECK(r.totals[0].resources == 60);
  CHECK(r.totals[0].breached == 22);  // 19 + g-040 + g-002 + g-057
  CHECK(r.totals[0].met == 38);
  CHECK(r.totals[0].groups == 1);
  CHECK(r.totals[0].groups_breached == 1);
  CHECK(r.unassessed.empty());  // g-061..g-066 have no clause of their own and are audited with their group
  CHECK(r.total_owed_minor == 0);
  // GCE-6 (g-020, after its deletion) is rejected, and counted.
  REQUIRE(r.unattributed.size() == 1);
  CHECK(r.unattributed[0].id == "GCE-6");
  CHECK_FALSE(r.evidence_complete());
  for (const auto& a : r.records) CHECK(a.read == a.used + a.rejected);
}

TEST_CASE("library fleet: digitalocean_droplet_fleet's totals are those worked by hand", "[library][fleet]") {
  const jobs::FleetJob job = library_fleet_job("digitalocean_droplet_fleet");
  REQUIRE(job.report);
  const audit::FleetReport& r = *job.report;
  CHECK(job.exit_code == jobs::kBreach);
  CHECK(r.inventory_resources == 60);
  CHECK(r.periods.size() == 60);
  // Calendar month in UTC, 2,592,000 s; 99.99% allows 259.2 s; below it, 100% of the droplet's charges.
  const audit::ResourceFigures& ams3 = figures_of(r, "d-055");  // DO-R1, region ams3, 300 s
  CHECK(*ams3.availability == audit::Rational(8639, 8640));    // 2,591,700 / 2,592,000
  CHECK(ams3.owed_minor == 1200);                              // 100% x 12.00
  CHECK(figures_of(r, "d-001").down == audit::Rational(0));   // maintenance, excluded
  CHECK(figures_of(r, "d-002").down == audit::Rational(0));   // customer power-off, excluded
  CHECK(figures_of(r, "d-001").met);
  CHECK(figures_of(r, "d-003").met);                          // 259 s <= 259.2 s
  CHECK(figures_of(r, "d-003").owed_minor == 0);
  CHECK(*figures_of(r, "d-004").availability == audit::Rational(129587, 129600));  // 260 s
  CHECK(figures_of(r, "d-004").owed_minor == 2400);  // 100% x 24.00 (a 24 USD droplet)
  // d-049, created 21 Nov: 10 d = 864,000 s, allows 86.4 s; 120 s: 863,880 / 864,000 = 7,199 / 7,200.
  const audit::ResourceFigures& d049 = figures_of(r, "d-049");
  CHECK(d049.length == Seconds{864000});
  CHECK(*d049.availability == audit::Rational(7199, 7200));
  CHECK(*d049.fee_exact_minor == audit::Rational(42864, 100));  // 240 h x 0.01786 = 4.2864 USD
  CHECK(d049.owed_minor == 429);                                // 100% x 428.64 -> 429
  CHECK(figures_of(r, "d-050").length == Seconds{432000});     // destroyed 6 Nov: 5 d
  CHECK(figures_of(r, "d-050").met);
  REQUIRE(r.totals.size() == 1);
  CHECK(r.totals[0].resources == 60);
  CHECK(r.totals[0].breached == 12);  // 10 in ams3 + d-004 + d-049
  CHECK(r.totals[0].met == 48);
  CHECK(r.total_owed_minor == 10 * 1200 + 2400 + 429);  // 14,829 cents
  // DO-6 (d-050, after its destruction) is rejected, and counted.
  REQUIRE(r.unattributed.size() == 1);
  CHECK(r.unattributed[0].id == "DO-6");
  CHECK_FALSE(r.evidence_complete());
  for (const auto& a : r.records) CHECK(a.read == a.used + a.rejected);
}

TEST_CASE("library fleet: aws_ec2_region_fleet's region is down while two zones are, as worked by hand",
          "[library][fleet]") {
  const fs::path lib = kRoot / "contracts/library";
  jobs::FleetJobOptions o;
  o.contract = (lib / "aws_ec2_region_fleet.sla").string();
  o.inventory = (lib / "aws_ec2_fleet.inventory.csv").string();
  o.billing_export = (lib / "aws_ec2_fleet.billing.csv").string();
  o.incidents = (lib / "aws_ec2_region_fleet.incidents.csv").string();
  o.period = "2026-11";
  const jobs::FleetJob job = jobs::run_fleet_job(o);
  REQUIRE(job.report);
  const audit::FleetReport& r = *job.report;
  CHECK(job.exit_code == jobs::kBreach);
  REQUIRE(r.periods.size() == 1);
  const audit::ResourcePeriod& region = r.periods[0];
  CHECK(region.resource == "region us-east-1");
  CHECK(region.group_by == "region");
  // Zones a and b both down 11-10 01:00-02:00: 3,600 s; 2,588,400 / 2,592,000 = 719/720.
  CHECK(region.figures.down == audit::Rational(3600));
  CHECK(region.figures.availability == audit::Rational(719, 720));
  // 10% of 58 x 29.952 + 14.976 + 9.984 = 1,762.176 USD: 17,621.76 cents -> 17,622.
  CHECK(region.figures.fee_exact_minor == audit::Rational(1762176, 10));
  CHECK(region.figures.owed_minor == 17622);
  CHECK(region.figures.claim_deadline == model::CivilDate{2027, 1, 31});
  REQUIRE(region.counted.size() == 1);
  CHECK(region.counted[0].id == "region us-east-1 down #1 (RZ-A, RZ-B)");
  CHECK(r.unassessed.empty());
  REQUIRE(r.totals.size() == 1);
  CHECK(r.totals[0].groups == 1);
  CHECK(r.totals[0].groups_breached == 1);
  CHECK(r.totals[0].resources == 0);
  CHECK(r.total_owed_minor == 17622);
}

TEST_CASE("library fleet: azure_vm_fleet's single VMs, availability sets and zones are as worked by hand",
          "[library][fleet]") {
  const jobs::FleetJob job = library_fleet_job("azure_vm_fleet");
  REQUIRE(job.report);
  const audit::FleetReport& r = *job.report;
  CHECK(job.exit_code == jobs::kBreach);
  CHECK(r.inventory_resources == 58);  // 40 single VMs, 12 in sets, 6 across zones
  CHECK(r.unassessed.empty());         // vm-053..vm-058 have no clause of their own: audited with their region
  // vm-001, premium SSD (99.9%), AZ-1 1 h: 2,588,400 / 2,592,000 = 719/720; 10% x 7,200 = 720.
  CHECK(*figures_of(r, "vm-001").availability == audit::Rational(719, 720));
  CHECK(figures_of(r, "vm-001").owed_minor == 720);
  // vm-021, standard SSD (99.5%), the same hour: met.
  CHECK(figures_of(r, "vm-021").owed_minor == 0);
  // vm-022, standard SSD, AZ-3 10 h: 71/72 = 98.61% < 99.5%, >= 95%: 10% x 7,200 = 720.
  CHECK(*figures_of(r, "vm-022").availability == audit::Rational(71, 72));
  CHECK(figures_of(r, "vm-022").owed_minor == 720);
  // vm-036, premium SSD and standard HDD: the lowest disk's row (95%), 71/72 met
  // (the premium row would owe 25%).
  CHECK(figures_of(r, "vm-036").owed_minor == 0);
  // vm-032, standard HDD, AZ-6 60 h: 2,376,000 / 2,592,000 = 11/12 < 92%, >= 90%: 25% x 7,200 = 1,800.
  CHECK(*figures_of(r, "vm-032").availability == audit::Rational(11, 12));
  CHECK(figures_of(r, "vm-032").owed_minor == 1800);
  // as-01: vm-041 and vm-042 both down 11-10 01:00-02:00: 3,600 s, 719/720 < 99.95%;
  // 10% x (7,200 + 7,200) = 1,440.
  const audit::ResourceFigures& as01 = figures_of(r, "availability_set as-01");
  CHECK(as01.down == audit::Rational(3600));
  CHECK(as01.owed_minor == 1440);
  // as-02: vm-043 down alone: the set is up.
  CHECK(figures_of(r, "availability_set as-02").owed_minor == 0);
  // as-03: vm-046 launched 11-16, so the counted minutes start then (1,296,000 s; AZ-10 on
  // 11-05 is not counted); both down 11-20 00:00-00:30: 1,294,200 / 1,296,000 = 719/720;
  // 10% x (7,200 + 3,600) = 1,080.
  const audit::ResourceFigures& as03 = figures_of(r, "availability_set as-03");
  CHECK(as03.down == audit::Rational(1800));
  CHECK(*as03.availability == audit::Rational(719, 720));
  CHECK(as03.owed_minor == 1080);
  // Two or more zones, per region: vm-053, vm-054 in zone 1 from the start; vm-055, vm-056 in zone 2
  // from 11-06 00:00; vm-057, vm-058 in zone 3 from 11-16 00:00. Only zone 1 runs until 11-06 00:00
  // (two VMs, one zone): 5 d = 432,000 s not counted, eligible 2,592,000 - 432,000 = 2,160,000 s;
  // AZ-Z1/AZ-Z2 (both zone-1 VMs 11-03 00:00-02:00) fall there and count nothing. AZ-Z3..AZ-Z6 (zones
  // 1 and 2 down 11-18 00:00-01:00) leave zone 3 running: not down. AZ-Z7..AZ-Z12 on 11-24: zone 1
  // down 10:05-10:30, zone 2 10:10-10:25, zone 3 10:15-10:35, all three 10:15-10:25 = 600 s;
  // 2,159,400 / 2,160,000 = 3599/3600 < 99.99%, >= 99%: 10% x (2 x 7,200 + 2 x 6,000 + 2 x 3,600)
  // = 10% x 33,600 = 3,360.
  const audit::ResourcePeriod* zonal = nullptr;
  for (const auto& rp : r.periods)
    if (rp.resource == "region westeurope") zonal = &rp;
  REQUIRE(zonal != nullptr);
  CHECK(zonal->group_by == "region");
  CHECK(zonal->figures.clause_label == "two or more availability zones");
  CHECK(zonal->figures.length == Seconds{2592000});
  CHECK(zonal->figures.excluded == Seconds{432000});
  CHECK(zonal->figures.eligible == audit::Rational(2160000));
  CHECK(zonal->figures.down == audit::Rational(600));
  CHECK(*zonal->figures.availability == audit::Rational(3599, 3600));
  CHECK_FALSE(zonal->figures.met);
  CHECK(zonal->figures.fee_minor == 33600);
  CHECK(zonal->figures.owed_minor == 3360);
  REQUIRE(zonal->counted.size() == 1);
  CHECK(zonal->counted[0].id == "region westeurope down #2 (AZ-Z10, AZ-Z11, AZ-Z12 and 3 more)");
  // The zonal VMs are never also audited as single VMs.
  for (const char* id : {"vm-053", "vm-054", "vm-055", "vm-056", "vm-057", "vm-058"})
    for (const auto& rp : r.periods) CHECK(rp.resource != id);
  REQUIRE(r.totals.size() == 1);
  CHECK(r.totals[0].resources == 40);  // the 12 VMs in sets and the 6 across zones are audited with their groups
  CHECK(r.totals[0].met == 37);
  CHECK(r.totals[0].breached == 3);  // vm-001, vm-022, vm-032
  CHECK(r.totals[0].groups == 7);
  CHECK(r.totals[0].groups_breached == 3);                            // as-01, as-03, region westeurope
  CHECK(r.total_owed_minor == 720 + 720 + 1800 + 1440 + 1080 + 3360);  // 9,120 cents
  // AZ-13 (vm-099, not in the inventory) is rejected, and counted.
  REQUIRE(r.unattributed.size() == 1);
  CHECK(r.unattributed[0].id == "AZ-13");
  CHECK(r.unattributed[0].reason == "unknown resource 'vm-099': not in the inventory");
  CHECK_FALSE(r.evidence_complete());
  for (const auto& a : r.records) CHECK(a.read == a.used + a.rejected);
}

TEST_CASE("library fleet: a group's excluded time is explained by its `counted while` line", "[library][fleet]") {
  // gce_instance_fleet's region us-west1 runs in one zone for its first 25 h: 90,000 s not counted. The
  // derivation names the clause's `counted while at least 2 zones run;` (line 93), not a default.
  const jobs::FleetJob job = library_fleet_job("gce_instance_fleet", "region us-west1");
  REQUIRE(job.report);
  REQUIRE(job.report->explained);
  REQUIRE(job.report->explained->periods.size() == 1);
  const audit::Explanation* excluded = nullptr;
  for (const audit::Explanation& e : job.report->explained->periods[0].explain)
    if (e.figure == "excluded") excluded = &e;
  REQUIRE(excluded != nullptr);
  CHECK(excluded->value == "90000 s");
  CHECK(excluded->derivation.find("fewer than 2 zones running (not counted)") != std::string::npos);
  REQUIRE(job.source);
  CHECK(job.source->location(excluded->clause.begin).line == 93);
}
