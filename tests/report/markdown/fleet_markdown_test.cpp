// The fleet audit as Markdown and the Markdown claims pack, on the library's
// EC2 fleet (contracts/library/aws_ec2_fleet.*; its totals are worked by hand
// in contracts/library/README.md).
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "jobs/fleet_job.h"
#include "report/markdown/fleet_markdown.h"

namespace fs = std::filesystem;
using namespace slaudit;

namespace {

jobs::FleetJob ec2_fleet() {
  const fs::path lib = fs::path(SLAUDIT_SOURCE_DIR) / "contracts/library";
  jobs::FleetJobOptions o;
  o.contract = (lib / "aws_ec2_fleet.sla").string();
  o.inventory = (lib / "aws_ec2_fleet.inventory.csv").string();
  o.billing_export = (lib / "aws_ec2_fleet.billing.csv").string();
  o.incidents = (lib / "aws_ec2_fleet.incidents.csv").string();
  o.period = "2026-11";
  return jobs::run_fleet_job(o);
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("fleet markdown: totals, bands and the breached resources of the EC2 fleet", "[report][fleet][library]") {
  const jobs::FleetJob job = ec2_fleet();
  REQUIRE(job.report);
  std::ostringstream out;
  report::write_fleet_markdown(*job.report, job.contract(), *job.source, out);
  const std::string md = out.str();
  CHECK(md.rfind("# Fleet audit: Amazon EC2", 0) == 0);
  CHECK(md.find("- **Provider:** Amazon Web Services\n") != std::string::npos);
  // 60 instances: 37 met, 23 breached, 100.55 USD owed (README: 20 zone-b instances x 3.21 + i-001 0.04 + i-003 31.61 + i-058 4.70).
  CHECK(md.find("| ec2 | 2026-11-01/2026-11-30 | 60 | 37 | 23 | 0 | 100.55 |\n") != std::string::npos);
  // Bands: 36 at 100%, 2 in [99.9, 99.99) (i-001 breached by its clock hour), 20 in [99, 99.5) (zone b),
  // 1 in [95, 99) (i-058), 1 below 95% (i-003): 36 + 2 + 20 + 1 + 1 = 60.
  CHECK(md.find("| 100% | 36 | 0 |\n") != std::string::npos);
  CHECK(md.find("| 99.9% to 99.99% | 2 | 1 |\n") != std::string::npos);
  CHECK(md.find("| 99% to 99.5% | 20 | 20 |\n") != std::string::npos);
  CHECK(md.find("| 95% to 99% | 1 | 1 |\n") != std::string::npos);
  CHECK(md.find("| below 95% | 1 | 1 |\n") != std::string::npos);
  // The most owed first: i-003 (29.95 tier credit + 1.66 for 40 clock hours = 31.61).
  const size_t breaches = md.find("## Breached resources");
  REQUIRE(breaches != std::string::npos);
  CHECK(md.find("| i-003 | us-east-1 | us-east-1a |", breaches) < md.find("| i-058 |", breaches));
  CHECK(md.find("| 94.4444%~ | 99.5% | 29.95 | 31.61 | 2027-01-31 | 1 |") != std::string::npos);
  CHECK(md.find("## Inputs") != std::string::npos);
  CHECK(occurrences(md, "| inventory |") == 1);
}

TEST_CASE("fleet markdown: the claims pack lists every resource owed, with its incidents' times", "[report][fleet][library]") {
  const jobs::FleetJob job = ec2_fleet();
  REQUIRE(job.report);
  std::ostringstream out;
  report::write_claims_pack_markdown(*job.report, job.contract(), *job.source, out);
  const std::string md = out.str();
  CHECK(md.rfind("# Claims: Amazon EC2", 0) == 0);
  CHECK(md.find("## ec2, 2026-11-01/2026-11-30: 100.55 USD for 23 resources\n") != std::string::npos);
  CHECK(occurrences(md, "\n### ") == 23);  // every breached instance is owed something here
  CHECK(md.find("### i-003 (us-east-1, us-east-1a)\n") != std::string::npos);
  CHECK(md.find("- **Credit owed:** 31.61 USD (tier credit 29.95 USD, 100% of the charges of 29.95 USD; "
                "40 clock hours not charged, 1.66 USD)\n") != std::string::npos);
  CHECK(md.find("  - EC2-3: 2026-11-07T00:00:00Z to 2026-11-08T16:00:00Z (2400 min down)\n") != std::string::npos);  // 40 h
  CHECK(md.find("- **Credit owed:** 0.04 USD (1 clock hour not charged, 0.04 USD)\n") != std::string::npos);  // i-001
  CHECK(md.find("- **Claim by:** 2027-01-31\n") != std::string::npos);
}
