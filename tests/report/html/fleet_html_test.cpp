// The fleet audit as HTML: the EC2 library fleet's page, and a page for a
// fleet far larger than it lists, which stays bounded.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "jobs/fleet_job.h"
#include "report/html/fleet_html.h"

namespace fs = std::filesystem;
using namespace slaudit;

namespace {

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("fleet html: the EC2 fleet's page has its totals, bands and a drill-down per breached resource",
          "[report][fleet][library]") {
  const fs::path lib = fs::path(SLAUDIT_SOURCE_DIR) / "contracts/library";
  jobs::FleetJobOptions o;
  o.contract = (lib / "aws_ec2_fleet.sla").string();
  o.inventory = (lib / "aws_ec2_fleet.inventory.csv").string();
  o.billing_export = (lib / "aws_ec2_fleet.billing.csv").string();
  o.incidents = (lib / "aws_ec2_fleet.incidents.csv").string();
  o.period = "2026-11";
  const jobs::FleetJob job = jobs::run_fleet_job(o);
  REQUIRE(job.report);
  std::ostringstream out;
  report::write_fleet_html(*job.report, job.contract(), *job.source, out);
  const std::string html = out.str();
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("</html>\n") == html.size() - 8);
  CHECK(html.find("<td class=\"num\">60</td><td class=\"num\">37</td><td class=\"num\">23</td>") != std::string::npos);
  CHECK(occurrences(html, "<g class=\"band") == 8);           // 7 bands of availability and "not assessed"
  CHECK(occurrences(html, "<g class=\"band breached\">") == 4);  // the 4 bands holding the 23 breaches
  CHECK(occurrences(html, "<details>") == 23);                 // 23 breached, all listed (fewer than 100)
  CHECK(html.find("<summary>i-003, 2026-11-01/2026-11-30: 31.61 USD</summary>") != std::string::npos);
  CHECK(html.find("<td>EC2-3</td><td>2026-11-07T00:00:00Z</td><td>2026-11-08T16:00:00Z</td><td class=\"num\">2400</td>") !=
        std::string::npos);
  CHECK(html.find("<script") == std::string::npos);
}

TEST_CASE("fleet html: a fleet of 5,000 breached resources lists the 100 owed most, escaped", "[report][fleet]") {
  audit::FleetReport r;
  r.contract_title = "<big> fleet";
  r.currency = model::Currency{"USD", 2};
  for (int k = 0; k < 5000; ++k) {
    audit::ResourcePeriod rp;
    rp.resource = "vm-<" + std::to_string(k) + ">";
    rp.figures.availability = audit::Rational(98, 100);
    rp.figures.met = false;
    rp.figures.credit_minor = rp.figures.owed_minor = k;  // vm-<4999> is owed most
    r.periods.push_back(std::move(rp));
  }
  model::Contract contract;
  const SourceFile source("big.sla", "");
  std::ostringstream out;
  report::write_fleet_html(r, contract, source, out);
  const std::string html = out.str();
  CHECK(occurrences(html, "<details>") == 100);
  CHECK(html.find("5000 resource periods breached; the 100 owed most are listed") != std::string::npos);
  CHECK(html.find("<summary>vm-&lt;4999&gt;, ") != std::string::npos);
  CHECK(html.find("vm-&lt;4899&gt;") == std::string::npos);  // the 101st owed most is left out
  CHECK(html.find("<big>") == std::string::npos);
  CHECK(html.size() < 200'000);  // bounded: about 100 drill-downs, whatever the fleet's size
}
