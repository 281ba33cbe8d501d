// A credit table that stops (issue 17 item 3), end to end on the library's
// AWS EC2 region-level contracts: below 99.0% their credit is `not stated`.
// Every format must say the credit is not stated and the total a lower bound,
// and the audit exits 3 (breached), never 0.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/cli_run.h"

namespace {

using slaudit::testing::has;

const std::string kLibrary = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/library/";

// November 2026 (billing month from day 1, UTC): 2,592,000 s. 8 h down =
// 28,800 s: 2,563,200 / 2,592,000 = 98.888...% < 99.0%: the tier not stated.
const std::string kRegionOutage =
    "{\"id\":\"ec2r-8h\",\"service\":\"ec2_region\",\"start\":\"2026-11-10T00:00:00Z\",\"end\":\"2026-11-10T08:00:00Z\"}\n";

slaudit::testing::CliRun region_audit(const slaudit::testing::ScratchDir& scratch, const std::string& format) {
  return scratch.run(SLAUDIT_CLI, "audit " + kLibrary + "aws_ec2_region.sla --incidents outage.jsonl --period 2026-11 "
                                  "--explain --format " + format);
}

}  // namespace

TEST_CASE("credit not stated: every format says so, and the total is a lower bound", "[cli][report][tiers]") {
  const slaudit::testing::ScratchDir scratch("cli-credit-not-stated");
  scratch.write("outage.jsonl", kRegionOutage);
  const auto text = region_audit(scratch, "text");
  INFO(text.err);
  CHECK(text.exit == 3);  // breached: a credit is owed, unpriced
  CHECK(has(text.out, "98.8888"));
  CHECK(has(text.out, "<99%: not stated"));
  CHECK(has(text.out, "credit not stated by the contract (below 99.0%)"));
  CHECK(has(text.out, "Total owed: at least 0.00 USD (plus credit not stated by the contract)"));

  const auto json = region_audit(scratch, "json");
  CHECK(json.exit == 3);
  CHECK(has(json.out, "\"credit_not_stated\": true"));
  CHECK(has(json.out, "\"total_owed_lower_bound\": true"));
  CHECK(has(json.out, "credit not stated by the contract (below 99.0%)"));

  const auto md = region_audit(scratch, "markdown");
  CHECK(md.exit == 3);
  CHECK(has(md.out, "- **Total credits owed:** at least 0.00 USD (plus credit not stated by the contract)"));
  CHECK(has(md.out, "- Credit tier: not stated by the contract below 99%"));
  CHECK(has(md.out, "credit not stated by the contract: unknown, not counted in the total"));

  const auto html = region_audit(scratch, "html");
  CHECK(html.exit == 3);
  CHECK(has(html.out, "at least 0.00 USD (plus credit not stated by the contract)"));
  CHECK(has(html.out, "not stated by the contract below 99%"));
  CHECK(has(html.out, "credit not stated by the contract (below 99.0%)"));
}

TEST_CASE("credit not stated: the fleet's region-level clause carries it", "[cli][fleet][tiers]") {
  // Zones us-east-1a and us-east-1b both down 00:00-08:00: the region is down 28,800 s:
  // 98.888...% < 99.0%, the tier not stated. Nothing is counted for it.
  const slaudit::testing::ScratchDir scratch("cli-credit-not-stated-fleet");
  scratch.write("incidents.csv",
                "id,service,start,end,resource,zone,fault\n"
                "A,ec2,2026-11-10T00:00:00Z,2026-11-10T08:00:00Z,,us-east-1a,zone_power\n"
                "B,ec2,2026-11-10T00:00:00Z,2026-11-10T08:00:00Z,,us-east-1b,zone_power\n");
  const std::string args = "audit " + kLibrary + "aws_ec2_region_fleet.sla --inventory " + kLibrary +
                           "aws_ec2_fleet.inventory.csv --billing-export " + kLibrary +
                           "aws_ec2_fleet.billing.csv --incidents incidents.csv --period 2026-11 --format ";
  const auto json = scratch.run(SLAUDIT_CLI, args + "json");
  INFO(json.err);
  CHECK(json.exit == 3);
  CHECK(has(json.out, "\"credit_not_stated\":true"));  // in a resource row, written on one line
  CHECK(has(json.out, "\"total_owed_lower_bound\": true"));
  const auto text = scratch.run(SLAUDIT_CLI, args + "text");
  CHECK(text.exit == 3);
  CHECK(has(text.out, "at least 0.00 USD (plus credit not stated by the contract)"));
}
