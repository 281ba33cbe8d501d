// The fleet inputs: inventory (CSV and JSON Lines) and billing export, each bad
// record rejected with its line and exact reason, and records read = used + rejected.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "telemetry/fleet/fleet_inputs.h"

using namespace slaudit;
using namespace slaudit::fleet;

namespace {

model::Contract fleet_contract() {
  SourceFile file("t.sla", R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance with zones; attributes disk; }
  service db { resources node; }
  service plain { fee 10.00 per month; }
}
)SLA");
  auto compiled = compile_contract(file);
  REQUIRE(compiled.contract);
  return *compiled.contract;
}

std::vector<std::string> texts(std::string_view path, const std::vector<RejectedRow>& rows) {
  std::vector<std::string> out;
  for (const RejectedRow& r : rows) out.push_back(rejection_text(path, r));
  return out;
}

}  // namespace

TEST_CASE("inventory CSV: every record used or rejected with its line and reason", "[telemetry][fleet]") {
  const model::Contract contract = fleet_contract();
  const std::string csv =
      "id,service,region,zone,zones,disk,launched,terminated\n"
      "i-1,vm,us-east-1,us-east-1a,2,premium_ssd,2026-11-10T00:00:00Z,\n"        // 2: used
      "n-1,db,us-east-1,us-east-1b,,,,\n"                                        // 3: used (no zones, no attributes)
      "i-2,web,us-east-1,us-east-1a,1,hdd,,\n"                                   // 4: unknown service
      "i-3,plain,us-east-1,us-east-1a,1,hdd,,\n"                                 // 5: not a fleet
      "i-4,vm,us-east-1,us-east-1a,,hdd,,\n"                                     // 6: zones missing
      "i-5,vm,us-east-1,us-east-1a,0,hdd,,\n"                                    // 7: zones 0
      "i-6,vm,us-east-1,us-east-1a,1,,,\n"                                       // 8: disk missing
      "n-2,db,us-east-1,us-east-1a,2,,,\n"                                       // 9: zones on a fleet without
      "n-3,db,us-east-1,us-east-1a,,ssd,,\n"                                     // 10: attribute not declared
      "i-7,vm,us-east-1,us-east-1a,1,hdd,2026-11-10T00:00:00Z,2026-11-01T00:00:00Z\n"  // 11: ends before start
      "i-8,vm,us-east-1,us-east-1a,1,hdd,yesterday,\n"                           // 12: bad timestamp
      "i-1,vm,us-east-1,us-east-1a,1,hdd,,\n"                                    // 13: duplicate id
      ",vm,us-east-1,us-east-1a,1,hdd,,\n"                                       // 14: no id
      "i-9,vm,us-east-1\n";                                                      // 15: too few cells
  InventoryInput in = read_inventory(csv, TableFormat::Csv, contract);
  CHECK(in.error.empty());
  REQUIRE(in.resources.size() == 2);
  CHECK(in.resources[0].id == "i-1");
  CHECK(in.resources[0].zones == 2);
  CHECK(in.resources[0].attributes.at("disk") == "premium_ssd");
  CHECK(in.resources[0].launched.has_value());
  CHECK_FALSE(in.resources[0].terminated.has_value());
  CHECK(in.resources[1].id == "n-1");
  CHECK(in.resources[1].zones == 1);
  const std::vector<std::string> expected = {
      "inv.csv:4: unknown service 'web'; expected one of the contract's fleets",
      "inv.csv:5: unknown service 'plain'; expected one of the contract's fleets",
      "inv.csv:6: missing 'zones' (service 'vm' is declared with zones)",
      "inv.csv:7: bad 'zones' '0'; expected a whole number >= 1",
      "inv.csv:8: missing attribute 'disk' (declared by service 'vm')",
      "inv.csv:9: service 'db' is not declared 'with zones'; 'zones' is not allowed",
      "inv.csv:10: attribute 'disk' is not declared by service 'db'",
      "inv.csv:11: 'terminated' '2026-11-01T00:00:00Z' is not after 'launched' '2026-11-10T00:00:00Z'",
      "inv.csv:13: duplicate id 'i-1'; the first record with it is used",
      "inv.csv:14: missing 'id'",
      "inv.csv:15: expected 8 cells, found 3",
  };
  auto got = texts("inv.csv", in.rejected);
  REQUIRE(got.size() == expected.size() + 1);  // + the bad timestamp, whose wording is base/time's
  CHECK(got[8].starts_with("inv.csv:12: bad 'launched' 'yesterday': "));
  got.erase(got.begin() + 8);
  CHECK(got == expected);
  // 14 records: 2 used + 12 rejected.
  CHECK(in.records_read == 14);
  CHECK(in.records_read == in.resources.size() + in.rejected.size());
}

TEST_CASE("inventory CSV: a bad header refuses the whole file", "[telemetry][fleet]") {
  const model::Contract contract = fleet_contract();
  CHECK(read_inventory("id,service,region,zone,colour\n", TableFormat::Csv, contract).error ==
        "line 1: unknown column 'colour'");
  CHECK(read_inventory("id,service,region\n", TableFormat::Csv, contract).error == "line 1: missing column 'zone'");
  CHECK(read_inventory("", TableFormat::Csv, contract).error == "empty file; expected a header row");
}

TEST_CASE("inventory JSON Lines: the same checks, attributes in an object", "[telemetry][fleet]") {
  const model::Contract contract = fleet_contract();
  const std::string jsonl =
      R"({"id":"i-1","service":"vm","region":"r","zone":"r-a","zones":3,"attributes":{"disk":"hdd"}})" "\n"
      "\n"  // blank lines are skipped, not counted
      R"({"id":"i-2","service":"vm","region":"r","zone":"r-a","zones":1})" "\n"
      R"([1,2])" "\n"
      R"({"id":"i-3","service":"vm","region":"r","zone":"r-a","zones":true,"attributes":{"disk":"hdd"}})" "\n"
      R"({"id":"i-4")" "\n";
  InventoryInput in = read_inventory(jsonl, TableFormat::JsonLines, contract);
  REQUIRE(in.resources.size() == 1);
  CHECK(in.resources[0].zones == 3);
  auto got = texts("inv.jsonl", in.rejected);
  REQUIRE(got.size() == 4);
  CHECK(got[0] == "inv.jsonl:3: missing attribute 'disk' (declared by service 'vm')");
  CHECK(got[1] == "inv.jsonl:4: expected a JSON object");
  CHECK(got[2] == "inv.jsonl:5: 'zones' must be a string or a number, found a boolean");
  // The record ends at column 12 (`{"id":"i-4"` is 11 columns): the parser stops just after it.
  CHECK_THAT(got[3], Catch::StartsWith("inv.jsonl:6: not JSON at column 12: "));
  CHECK(in.records_read == 5);  // 1 used + 4 rejected
}

TEST_CASE("inventory JSON Lines: a record not UTF-8 or nested too deeply is rejected at its line and column", "[telemetry][fleet]") {
  const model::Contract contract = fleet_contract();
  // Line 1: 0xFF in a string, after {"id":"i- (columns 1-9): column 10.
  // Line 2: {"id":"x","attributes": is 23 columns, then 16 '[': the object is level 1, so the
  //         16th '[' (column 23 + 16 = 39) opens level 17, one past the limit of 16.
  // Line 3: 0xFF outside any string, after {"id":"i-3"} (12 columns): column 13.
  const std::string jsonl = "{\"id\":\"i-\xff\",\"service\":\"db\",\"region\":\"r\",\"zone\":\"r-a\"}\n"
                            "{\"id\":\"x\",\"attributes\":" + std::string(16, '[') + std::string(16, ']') + "}\n"
                            "{\"id\":\"i-3\"}\xff\n";
  InventoryInput in = read_inventory(jsonl, TableFormat::JsonLines, contract);
  auto got = texts("inv.jsonl", in.rejected);
  REQUIRE(got.size() == 3);
  CHECK_THAT(got[0], Catch::StartsWith("inv.jsonl:1: not JSON at column 10: syntax error while parsing value - invalid string: ill-formed UTF-8 byte"));
  CHECK(got[1] == "inv.jsonl:2: not JSON at column 39: nesting deeper than 16 levels");
  CHECK_THAT(got[2], Catch::StartsWith("inv.jsonl:3: not JSON at column 13: "));
  CHECK(in.records_read == 3);
}

TEST_CASE("billing export: exact sums, one-time rows left out, every rejection", "[telemetry][fleet]") {
  const model::Contract contract = fleet_contract();
  const std::string inv =
      "id,service,region,zone,zones,disk\n"
      "i-1,vm,r,r-a,1,hdd\n"
      "i-2,vm,r,r-a,1,hdd\n";
  InventoryInput in = read_inventory(inv, TableFormat::Csv, contract);
  REQUIRE(in.resources.size() == 2);
  const std::string csv =
      "resource,period,charge,currency,usage_type\n"
      "i-1,2026-11,0.0416,USD,BoxUsage\n"    // 2
      "i-1,2026-11,0.0416,USD,BoxUsage\n"    // 3
      "i-1,2026-11,0.0416,USD,\n"            // 4: no usage type: recurring
      "i-1,2026-11,350.00,USD,Upfront\n"     // 5: one-time, left out
      "i-2,2026-11,12.5,USD,BoxUsage\n"      // 6
      "i-2,2026-11,1.00,EUR,BoxUsage\n"      // 7: another currency
      "i-9,2026-11,1.00,USD,BoxUsage\n"      // 8: unknown resource
      "i-2,2026-13,1.00,USD,BoxUsage\n"      // 9: bad period
      "i-2,2026-11,-1.00,USD,BoxUsage\n"     // 10: negative
      "i-2,2026-11,0.00000000001,USD,\n"     // 11: 11 decimals
      "i-2,2026-11,abc,USD,\n"               // 12: not a number
      "i-2,2026-11,,USD,\n";                 // 13: no charge
  BillingExportInput b = read_billing_export(csv, contract.currency.value(), in.resources);
  CHECK(b.error.empty());
  const ResourceCharges& one = b.charges.at({"i-1", "2026-11"});
  // 3 x 0.0416 = 0.1248 exactly, the upfront 350.00 apart.
  CHECK(charge_text(one.recurring, 2) == "0.1248");
  CHECK(one.recurring_rows == 3);
  CHECK(charge_text(one.one_time, 2) == "350.00");
  CHECK(one.one_time_rows == 1);
  CHECK(charge_text(b.charges.at({"i-2", "2026-11"}).recurring, 2) == "12.50");
  CHECK(b.one_time_rows == 1);
  const std::vector<std::string> expected = {
      "bill.csv:7: currency 'EUR' is not the contract's USD",
      "bill.csv:8: unknown resource 'i-9'; not in the inventory",
      "bill.csv:9: bad 'period' '2026-13'; expected a month such as 2026-11",
      "bill.csv:10: negative 'charge' '-1.00'",
      "bill.csv:11: 'charge' '0.00000000001' has more than 10 decimals",
      "bill.csv:12: bad 'charge' 'abc'; expected a decimal such as 0.0416",
      "bill.csv:13: missing 'charge'",
  };
  CHECK(texts("bill.csv", b.rejected) == expected);
  // 12 rows: 4 recurring + 1 one-time used, 7 rejected: 4 + 1 + 7 = 12.
  CHECK(b.records_read == 12);
  CHECK(b.records_read == one.recurring_rows + one.one_time_rows + 1 + b.rejected.size());
}

TEST_CASE("billing export: a usage_type the reader does not know is rejected, never recurring", "[telemetry][fleet]") {
  const model::Contract contract = fleet_contract();
  InventoryInput in = read_inventory("id,service,region,zone,zones,disk\ni-1,vm,r,r-a,1,hdd\n", TableFormat::Csv, contract);
  REQUIRE(in.resources.size() == 1);
  struct Case {
    const char* usage_type;
    const char* kind;  // recurring, one-time or rejected
  };
  const Case cases[] = {
      {"", "recurring"},          {"recurring", "recurring"}, {"BoxUsage", "recurring"},
      {"DiscountedUsage", "recurring"}, {"one_time", "one-time"},  {"One-Time", "one-time"},
      {"UPFRONT", "one-time"},    {"RIFee", "rejected"},      {"Tax", "rejected"},
      {"Credit", "rejected"},     {"Refund", "rejected"},
  };
  for (const Case& c : cases) {
    INFO(c.usage_type);
    // 30.00 recurring, then 100.00 of the kind under test: the credit base is 30.00 unless it is recurring.
    const std::string csv = "resource,period,charge,currency,usage_type\n"
                            "i-1,2026-11,30.00,USD,BoxUsage\n"
                            "i-1,2026-11,100.00,USD," + std::string(c.usage_type) + "\n";
    BillingExportInput b = read_billing_export(csv, contract.currency.value(), in.resources);
    REQUIRE(b.error.empty());
    CHECK(b.records_read == 2);
    const ResourceCharges& one = b.charges.at({"i-1", "2026-11"});
    const std::string kind = c.kind;
    CHECK(charge_text(one.recurring, 2) == (kind == "recurring" ? "130.00" : "30.00"));
    CHECK(charge_text(one.one_time, 2) == (kind == "one-time" ? "100.00" : "0.00"));
    REQUIRE(b.rejected.size() == (kind == "rejected" ? 1u : 0u));
    if (kind == "rejected")
      CHECK_THAT(texts("bill.csv", b.rejected)[0],
                 Catch::StartsWith("bill.csv:3: unknown 'usage_type' '" + std::string(c.usage_type) + "'; expected"));
  }
}

TEST_CASE("billing export: a row's charge is at most 10^11 minor units, so the whole export sums exactly",
          "[telemetry][fleet]") {
  // The export is read whole (at most 256 MiB), a row is at least 16 bytes ("r,2026-11,1,USD\n"): under 2^24
  // rows, and 2^24 x 10^11 = 1.7 x 10^18 minor units < 2^63.
  const model::Contract contract = fleet_contract();
  InventoryInput in = read_inventory("id,service,region,zone,zones,disk\ni-1,vm,r,r-a,1,hdd\n", TableFormat::Csv, contract);
  const std::string csv =
      "resource,period,charge,currency\n"
      "i-1,2026-11,1000000000.00,USD\n"           // 2: at the limit
      "i-1,2026-11,1000000000.000001,USD\n"   // 3: a millionth past it
      "i-1,2026-11,999999999999999999,USD\n";     // 4
  BillingExportInput b = read_billing_export(csv, contract.currency.value(), in.resources);
  REQUIRE(b.error.empty());
  CHECK(charge_text(b.charges.at({"i-1", "2026-11"}).recurring, 2) == "1000000000.00");
  const std::vector<std::string> expected = {
      "bill.csv:3: 'charge' '1000000000.000001' is over the largest charge of one row slaudit audits, "
      "1000000000.00 USD",
      "bill.csv:4: 'charge' '999999999999999999' is over the largest charge of one row slaudit audits, "
      "1000000000.00 USD",
  };
  CHECK(texts("bill.csv", b.rejected) == expected);
}

TEST_CASE("charge_text prints exact charges", "[telemetry][fleet]") {
  CHECK(charge_text(ExactCharge{0}, 2) == "0.00");
  CHECK(charge_text(ExactCharge{416000000}, 2) == "0.0416");
  // 720 h x 0.0416 = 29.952 USD
  CHECK(charge_text(ExactCharge{__int128(416000000) * 720}, 2) == "29.952");
  CHECK(charge_text(ExactCharge{__int128(123) * 10000000000}, 0) == "123");
}
