// Fleet contracts: what the checker builds from `resources`, `attributes`,
// `each ... matching clause`, `per NOUN` and `where`, and every misuse with its
// exact location, message and hint.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

// Header and fleet shared by the cases; a case adds its clauses after it.
const std::string kFleet = R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance with zones; attributes disk, deployment; each instance under worst matching clause; }
)SLA";

struct Case {
  const char* name;
  std::string input;
  std::vector<std::string> expected;
  std::string hint;  // of the first diagnostic
};

const std::vector<Case> kCases = {
    {"per_on_a_service_that_is_not_a_fleet",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s per instance { target 99.9%; }
}
)SLA",
     {"4:22: error: service 's' is not a fleet, so a clause cannot apply per instance [not-a-fleet]"},
     "declare its resources: service s { resources instance; }"},
    {"per_names_another_noun", kFleet + "  availability vm per droplet { target 99.9%; }\n}\n",
     {"4:23: error: the resources of service 'vm' are 'instance', not 'droplet'; a group is region, zone or a "
      "declared attribute [unknown-name]"},
     "write: per instance"},
    {"where_without_per", kFleet + "  availability vm { where disk = \"ssd\"; }\n}\n",
     {"4:21: error: 'where' selects resources; this clause is not per resource [where-without-per]"},
     "write: availability vm per <resource> { ... }"},
    {"unknown_attribute", kFleet + "  availability vm per instance { where dsk = \"ssd\"; }\n}\n",
     {"4:40: error: unknown attribute 'dsk' of the instances [unknown-attribute]"},
     "did you mean 'disk'?"},
    {"zones_on_a_fleet_without_zones",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance; }
  availability vm per instance { where zones >= 2; }
}
)SLA",
     {"4:40: error: unknown attribute 'zones' of the instances [unknown-attribute]"},
     "declare the zones: resources instance with zones;"},
    {"zones_compared_with_text", kFleet + "  availability vm per instance { where zones = \"two\"; }\n}\n",
     {"4:40: error: 'zones' is a number of zones, compared with a number [selector-type]"},
     "write: where zones >= 2;"},
    {"zones_compared_with_a_fraction", kFleet + "  availability vm per instance { where zones >= 1.5; }\n}\n",
     {"4:49: error: 'zones' is compared with a whole number, found '1.5' [selector-type]"},
     "write: where zones >= 2;"},
    {"text_attribute_compared_with_a_number", kFleet + "  availability vm per instance { where disk = 3; }\n}\n",
     {"4:47: error: attribute 'disk' is text; compare it with a quoted value [selector-type]"},
     "write: where disk = \"...\";"},
    {"text_attribute_ordered", kFleet + "  availability vm per instance { where disk >= \"ssd\"; }\n}\n",
     {"4:45: error: attribute 'disk' is text, compared with = or != only [selector-type]"},
     ""},
    {"reserved_attribute_declared",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance; attributes disk, zones; }
}
)SLA",
     {"3:53: error: 'zones' is a reserved attribute, given by the inventory; do not declare it [reserved-attribute]"},
     "write: resources instance with zones;"},
    {"attributes_without_resources",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { attributes disk; }
}
)SLA",
     {"3:16: error: attributes describe the resources of a fleet; service 'vm' declares none [not-a-fleet]"},
     "first write: resources instance;"},
    {"unknown_matching_rule",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance; each instance under best matching clause; }
}
)SLA",
     {"3:56: error: unknown matching rule 'best' [unknown-name]"},
     "matching rule is one of: first worst every"},
    {"with_something_else",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { resources instance with regions; }
}
)SLA",
     {"3:40: error: expected 'zones' after 'with', found 'regions' [unknown-name]"},
     "write: resources instance with zones;"},
    {"service_fee_with_a_per_resource_clause",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service vm { fee 100.00 per month; resources instance; }
  availability vm per instance { target 99.9%; }
}
)SLA",
     {"3:16: warning: the fee of service 'vm' is for the whole service; a per-instance clause credits each "
      "instance on its own charges [fleet-service-fee]"},
     "audit with --billing FILE (each instance's charges); without it the fee is not split between resources"},
};

}  // namespace

TEST_CASE("fleet misuses are reported with exact location, message and hint", "[check][fleet]") {
  for (const auto& c : kCases) {
    SECTION(c.name) {
      SourceFile file("t.sla", c.input);
      auto compiled = compile_contract(file);
      CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.expected);
      CHECK(testing::first_hint(compiled.diagnostics) == c.hint);
    }
  }
}

TEST_CASE("a fleet contract checks into a fleet and per-resource clauses with selectors", "[check][fleet]") {
  SourceFile file("t.sla", kFleet + R"SLA(  availability vm "premium" per instance {
    where disk = "premium_ssd"; where zones >= 2; where deployment != "single";
    target 99.99%;
  }
  availability vm "any" per instance { target 95%; }
}
)SLA");
  auto compiled = compile_contract(file);
  REQUIRE_FALSE(compiled.diagnostics.has_errors());
  REQUIRE(compiled.contract);
  const model::Contract& c = *compiled.contract;
  REQUIRE(c.services.size() == 1);
  REQUIRE(c.services[0].fleet);
  const model::Fleet& fleet = *c.services[0].fleet;
  CHECK(fleet.noun == "instance");
  CHECK(fleet.zones);
  CHECK(fleet.attributes == std::vector<std::string>{"disk", "deployment"});
  CHECK(fleet.choice == model::MatchChoice::Worst);
  CHECK(std::string(model::match_choice_name(fleet.choice)) == "worst");
  REQUIRE(c.availability.size() == 2);
  const auto& premium = c.availability[0];
  CHECK(premium.per_resource);
  REQUIRE(premium.selectors.size() == 3);
  CHECK(premium.selectors[0].attribute == "disk");
  CHECK(premium.selectors[0].op == model::SelectorOp::Equal);
  CHECK(premium.selectors[0].text == "premium_ssd");
  CHECK(premium.selectors[1].attribute == "zones");
  CHECK(premium.selectors[1].op == model::SelectorOp::AtLeast);
  CHECK(premium.selectors[1].number == 2);
  CHECK(premium.selectors[2].op == model::SelectorOp::NotEqual);
  CHECK(c.availability[1].per_resource);
  CHECK(c.availability[1].selectors.empty());
}
