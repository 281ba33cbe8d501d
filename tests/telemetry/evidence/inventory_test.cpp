// The inventory: a strict JSON document; every bad value an error at its JSON path.
#include <catch2/catch.hpp>

#include "telemetry/evidence/inventory.h"

using namespace slaudit;
using evidence::read_inventory;

TEST_CASE("inventory: clusters with every field", "[claims][evidence]") {
  const auto r = read_inventory(R"({"as_of": "2026-11-30", "source": "provider delivery sheet",
    "clusters": [
      {"id": "bj-gpu-01", "region": "cn-north-1", "gpus": 4096, "nodes": 512, "interconnect": "roce", "tenancy": "exclusive"},
      {"id": "sh-gpu-01", "gpus": 4096}
    ]})",
                                "inv.json");
  REQUIRE(r.ok());
  const auto& inv = *r.inventory;
  CHECK(inv.as_of == std::optional<std::string>("2026-11-30"));
  REQUIRE(inv.clusters.size() == 2);
  CHECK(inv.clusters[0].id == "bj-gpu-01");
  CHECK(inv.clusters[0].gpus == 4096);
  CHECK(inv.clusters[0].nodes == std::optional<int64_t>(512));
  CHECK(inv.clusters[0].tenancy == std::optional<std::string>("exclusive"));
  CHECK(inv.clusters[1].nodes == std::nullopt);
  CHECK(inv.sha256.size() == 64);
}

TEST_CASE("inventory: every bad value is an error at its JSON path", "[claims][evidence]") {
  struct Case {
    std::string doc;
    std::string path;
    std::string reason;
  };
  const Case cases[] = {
      {"[]", "$", "must be a JSON object"},
      {"{}", "$", "missing required field 'clusters'"},
      {R"({"clusters": {}})", "$.clusters", "must be an array, found an object"},
      {R"({"clusters": [], "owner": "x"})", "$.owner", "unknown field 'owner'"},
      {R"({"clusters": [7]})", "$.clusters[0]", "a cluster must be an object, found a number"},
      {R"({"clusters": [{"gpus": 8}]})", "$.clusters[0]", "missing required field 'id'"},
      {R"({"clusters": [{"id": "a"}]})", "$.clusters[0]", "missing required field 'gpus'"},
      {R"({"clusters": [{"id": "", "gpus": 8}]})", "$.clusters[0].id", "must not be empty"},
      {R"({"clusters": [{"id": 3, "gpus": 8}]})", "$.clusters[0].id", "must be a string, found a number"},
      {R"({"clusters": [{"id": "a", "gpus": "4096"}]})", "$.clusters[0].gpus", "must be a whole number, found a string"},
      {R"({"clusters": [{"id": "a", "gpus": 40.5}]})", "$.clusters[0].gpus", "must be a whole number, found '40.5'"},
      {R"({"clusters": [{"id": "a", "gpus": 1e4}]})", "$.clusters[0].gpus", "must be a whole number, found '1e4'"},
      {R"({"clusters": [{"id": "a", "gpus": -8}]})", "$.clusters[0].gpus", "must not be negative"},
      {R"({"clusters": [{"id": "a", "gpus": 8, "nodes": null}]})", "$.clusters[0].nodes", "found null"},
      {R"({"clusters": [{"id": "a", "gpus": 8, "gpu": 8}]})", "$.clusters[0].gpu", "did you mean 'gpus'?"},
      {R"({"clusters": [{"id": "a", "gpus": 8, "gpus": 9}]})", "$.clusters[0]", "field 'gpus' is repeated"},
      {R"({"clusters": [{"id": "a", "gpus": 8, "interconnect": "nvlink"}]})", "$.clusters[0].interconnect",
       "'nvlink' is not one of rdma, roce, infiniband, ethernet"},
      {R"({"clusters": [{"id": "a", "gpus": 8, "tenancy": "private"}]})", "$.clusters[0].tenancy",
       "'private' is not one of exclusive, shared"},
      {R"({"clusters": [{"id": "a", "gpus": 8}, {"id": "a", "gpus": 9}]})", "$.clusters[1].id", "duplicate cluster id 'a'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.doc);
    const auto r = read_inventory(c.doc, "inv.json");
    CHECK_FALSE(r.ok());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].json_path == c.path);
    CHECK_THAT(r.errors[0].reason, Catch::Contains(c.reason));
  }
}

TEST_CASE("inventory: all problems are listed, not only the first", "[claims][evidence]") {
  const auto r = read_inventory(R"({"clusters": [{"id": "a", "gpus": -1}, {"id": "b", "gpus": 8, "tenancy": "x"}]})", "i");
  REQUIRE(r.errors.size() == 2);
  CHECK(r.errors[0].json_path == "$.clusters[0].gpus");
  CHECK(r.errors[1].json_path == "$.clusters[1].tenancy");
  CHECK(evidence::inventory_error_text("inv.json", r.errors[1]) ==
        "inv.json: $.clusters[1].tenancy: 'x' is not one of exclusive, shared");
}

TEST_CASE("inventory: a syntax error gives its line and column", "[claims][evidence]") {
  const auto r = read_inventory("{\n  \"clusters\": [\n    {\"id\": \"a\", \"gpus\": 8,}\n  ]\n}\n", "inv.json");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].line == 3);
  CHECK(r.errors[0].column > 0);
  CHECK_THAT(evidence::inventory_error_text("inv.json", r.errors[0]), Catch::StartsWith("inv.json:3:"));
}

TEST_CASE("inventory: bytes that are not UTF-8 are located by line and column", "[claims][evidence]") {
  // Line 3 is `    {"id": "a\xff"}`: four spaces, then { " i d " : space " a at columns 5-13, 0xFF at 14.
  // Its byte offset: 2 + 16 (line 1, 2 with their line ends) + 13 = 31, so it is the 32nd byte.
  const auto r = read_inventory("{\n  \"clusters\": [\n    {\"id\": \"a\xff\"}\n  ]\n}\n", "inv.json");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].line == 3);
  CHECK(r.errors[0].column == 14);
  CHECK(evidence::inventory_error_text("inv.json", r.errors[0]) ==
        "inv.json:3:14: the inventory is not valid UTF-8: byte 0xFF at byte 32 of the file");
}

TEST_CASE("inventory: nesting past the limit is located at the bracket that passes it", "[claims][evidence]") {
  // The object is level 1; the 16th '[' on line 2 opens level 17, one past kMaxJsonDepth (16).
  const std::string text = "{\"clusters\":\n" + std::string(16, '[') + std::string(16, ']') + "}\n";
  const auto r = read_inventory(text, "inv.json");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].line == 2);
  CHECK(r.errors[0].column == 16);
  CHECK(evidence::inventory_error_text("inv.json", r.errors[0]) ==
        "inv.json:2:16: not valid JSON: nesting deeper than 16 levels");
}

TEST_CASE("inventory: a cluster id or region that is no name is an error at its path", "[claims][evidence][hostile]") {
  // A newline would forge a report line, a right-to-left override reorder one (name_check.h).
  const auto r = read_inventory(
      "{\"clusters\": [{\"id\": \"a\\nTotal\", \"gpus\": 8}, {\"id\": \"b\", \"region\": \"x\xE2\x80\xAE\", \"gpus\": 8}]}",
      "inv.json");
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.errors.size() == 2);
  CHECK(inventory_error_text("inv.json", r.errors[0]) ==
        "inv.json: $.clusters[0].id: the value contains a control character: 'a\\nTotal'");
  CHECK(inventory_error_text("inv.json", r.errors[1]).starts_with(
      "inv.json: $.clusters[1].region: the value contains a bidirectional formatting character (U+202E)"));
}
