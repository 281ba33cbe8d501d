// The library's fleet contract (contracts/library/aws_ec2_fleet.sla), tag
// [library]: its audit through the job that `audit --inventory` runs, checked
// against the totals worked by hand in contracts/library/README.md, its JSON
// against docs/fleet-report.schema.json, and its claims pack.
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

jobs::FleetJob ec2_fleet_job() {
  const fs::path lib = kRoot / "contracts/library";
  jobs::FleetJobOptions o;
  o.contract = (lib / "aws_ec2_fleet.sla").string();
  o.inventory = (lib / "aws_ec2_fleet.inventory.csv").string();
  o.billing_export = (lib / "aws_ec2_fleet.billing.csv").string();
  o.incidents = (lib / "aws_ec2_fleet.incidents.csv").string();
  o.period = "2026-11";
  return jobs::run_fleet_job(o);
}

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
  CHECK(first == "i-001,ec2,us-east-1,us-east-1a,2026-11-01/2026-11-30,45,99.9837%~,99.5,,0.00,0.04,USD,2027-01-31,"
                 "EC2-1 2026-11-03T10:00:30Z/2026-11-03T10:07:00Z");
  size_t rows = 1;
  for (std::string line; std::getline(lines, line);) ++rows;
  CHECK(rows == 23);  // every breached resource period owes something here
  std::ostringstream text;
  report::write_fleet_text(*job.report, *job.source, text);
  CHECK(text.str().find("Result: 23 resource periods breached; 100.55 USD owed\n") != std::string::npos);
}
