// The target map (--targets): a bad file is located (line, column, byte), and
// a repeated key is refused, as every other reader refuses it (issue 14).
#include <catch2/catch.hpp>

#include <string>

#include "telemetry/probe/probe_target_map.h"

using slaudit::probe::parse_target_map;

TEST_CASE("target map: errors say where, repeated keys are refused", "[probe][hostile]") {
  struct Case {
    std::string text, error;
  };
  const Case cases[] = {
      // The comma after "training" is missing: the error is on line 2, past the token "cluster".
      {"{\n  \"p1\": {\"service\": \"training\" \"cluster\": \"a\"}\n}\n",
       "map.json: not valid JSON at line 2, column "},
      {"{\"p1\": {\"service\": \"a\"}, \"p1\": {\"service\": \"b\"}}", "map.json: target \"p1\" is given twice"},
      {"{\"p1\": {\"service\": \"a\", \"service\": \"b\"}}", "map.json: target \"p1\": key \"service\" is repeated"},
      {"[1]", "map.json: expected an object of targets"},
      {"{\"p1\": {\"service\": \"a\", \"zone\": \"b\"}}", "unknown key \"zone\" (expected service, cluster, resource)"},
      // Found by fuzz_target_map (tests/data/fuzz/target_map/empty-service.json): an empty service was a
      // target of no service.
      {"{\"probe-fra-1\": {\"service\": \"\"}}",
       "map.json: target \"probe-fra-1\": \"service\" is empty; expected the name of one of the contract's services"},
      {"{\"p1\": {\"service\": \"vm\", \"resource\": 7}}", "target \"p1\": \"resource\" must be a non-empty string"},
      {"{\"p1\": {\"service\": \"vm\", \"resource\": \"\"}}", "target \"p1\": \"resource\" must be a non-empty string"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const auto result = parse_target_map(c.text, "map.json");
    CHECK_FALSE(result.map.has_value());
    CHECK_THAT(result.error, Catch::StartsWith(c.error) || Catch::Contains(c.error));
  }
  const auto good = parse_target_map("{\"p1\": {\"service\": \"a\", \"cluster\": \"c\"}, \"p2\": {\"service\": \"b\"}}",
                                     "map.json");
  REQUIRE(good.map.has_value());
  CHECK(good.map->targets.at("p1").cluster == "c");
  CHECK(good.map->targets.at("p2").service == "b");
  CHECK_FALSE(good.map->targets.at("p2").resource.has_value());
  // A fleet audit's target names the resource it probes.
  const auto fleet = parse_target_map("{\"web-probe-7\": {\"service\": \"vm\", \"resource\": \"vm-007\"}}", "map.json");
  REQUIRE(fleet.map.has_value());
  CHECK(fleet.map->targets.at("web-probe-7").resource == "vm-007");
}
