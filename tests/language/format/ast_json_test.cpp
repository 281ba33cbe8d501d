// The syntax tree as JSON (`slaudit ast`): its shape, its locations, and that
// without locations it is the tree's meaning only.
#include <catch2/catch.hpp>

#include "language/syntax/ast_json.h"
#include "language/grammar/parse.h"
#include "tests/language/format/format_harness.h"

using namespace slaudit;
using nlohmann::json;

namespace {

json located(const std::string& text) {
  const SourceFile source("input.sla", text);
  return ast_to_json(parse_contract(source).file, &source);
}

// Every object that is a node (not a range or a position) has a kind; counts the nodes.
size_t check_every_node_has_a_kind(const json& node, bool expect_ranges) {
  size_t nodes = 0;
  if (node.is_object()) {
    ++nodes;
    CHECK(node.contains("kind"));
    if (!expect_ranges) CHECK_FALSE(node.contains("range"));
    for (const auto& [key, value] : node.items())
      if (key != "range" && key != "unit_range") nodes += check_every_node_has_a_kind(value, expect_ranges);
  } else if (node.is_array()) {
    for (const auto& v : node) nodes += check_every_node_has_a_kind(v, expect_ranges);
  }
  return nodes;
}

const char* const kSample = R"sla(@allow(x, "y")
contract "t" {
  availability s {
    target 99.90%;
    cap 5000.00 CNY per trailing 12 months;
  }
  commit bw >= 400 GB/s under load;
}
)sla";

}  // namespace

TEST_CASE("format: ast json: a small file, exactly", "[format][ast-json]") {
  const json expected = json::parse(R"json({
    "kind": "File",
    "contracts": [{
      "kind": "Contract",
      "attributes": [{
        "kind": "Attribute",
        "name": {"kind": "Name", "text": "allow"},
        "args": [{"kind": "AttributeArg", "string": false, "value": "x"},
                 {"kind": "AttributeArg", "string": true, "value": "y"}]
      }],
      "title": {"kind": "Text", "raw": "\"t\"", "value": "t"},
      "items": [
        {"kind": "AvailabilityDecl", "attributes": [], "label": null,
         "service": {"kind": "Name", "text": "s"},
         "items": [
           {"kind": "TargetItem", "attributes": [],
            "value": {"kind": "Quantity", "number": "99.90", "percent": true, "unit": "", "per": ""}},
           {"kind": "CapItem", "attributes": [],
            "spec": {"kind": "CapSpec", "of_monthly_fee": false,
                     "amount": {"kind": "Quantity", "number": "5000.00", "percent": false, "unit": "CNY", "per": ""},
                     "window": {"kind": "CapWindow", "window": "per trailing months",
                                "months": {"kind": "Integer", "text": "12", "value": 12}}}}
         ]},
        {"kind": "CommitDecl", "attributes": [],
         "metric": {"kind": "Name", "text": "bw"}, "service": null,
         "cmp": {"kind": "Comparator", "op": ">="},
         "value": {"kind": "Quantity", "number": "400", "percent": false, "unit": "GB", "per": "s"},
         "condition": {"kind": "Condition", "condition": "under load"}}
      ]
    }]
  })json");
  CHECK(format_test::meaning(kSample).dump(2) == expected.dump(2));
}

TEST_CASE("format: ast json: numbers are their exact text, never a double", "[format][ast-json]") {
  const std::string text = "contract \"t\" { availability s { target 99.9000000000000001%; } }";
  REQUIRE(format_test::parse_errors(text) == "");  // 18 digits: the most a Decimal holds
  const json target = format_test::meaning(text);
  const json& value = target["contracts"][0]["items"][0]["items"][0]["value"];
  CHECK(value["number"] == "99.9000000000000001");
  CHECK(value["number"].is_string());
  // 99.9% and 99.90% are equal numbers but not the same text: the JSON says what was written.
  CHECK(format_test::meaning("contract \"t\" { availability s { target 99.9%; } }") !=
        format_test::meaning("contract \"t\" { availability s { target 99.90%; } }"));
}

TEST_CASE("format: ast json: ranges are lines and code-point columns", "[format][ast-json]") {
  const json tree = located("contract \"t\" {\n  claim \"万卡\": gpus >= 10000;\n}\n");
  const json& claim = tree["contracts"][0]["items"][0];
  CHECK(claim["range"] == json::parse(R"({"begin": {"line": 2, "column": 3}, "end": {"line": 2, "column": 29}})"));
  CHECK(claim["text"]["range"] ==
        json::parse(R"({"begin": {"line": 2, "column": 9}, "end": {"line": 2, "column": 13}})"));
  // Two CJK characters before it count as two columns.
  CHECK(claim["predicate"]["metric"]["range"]["begin"] == json::parse(R"({"line": 2, "column": 15})"));
  CHECK(tree["contracts"][0]["range"]["end"] == json::parse(R"({"line": 3, "column": 2})"));
}

TEST_CASE("format: ast json: a quantity's unit has its own range", "[format][ast-json]") {
  const json tree = located("contract \"t\" { commit bw >= 400 GB/s; }");
  const json& value = tree["contracts"][0]["items"][0]["value"];
  CHECK(value["range"]["begin"]["column"] == 29);
  CHECK(value["unit_range"] == json::parse(R"({"begin": {"line": 1, "column": 33}, "end": {"line": 1, "column": 37}})"));
}

TEST_CASE("format: ast json: every node has a kind, and ranges only with locations", "[format][ast-json]") {
  CHECK(check_every_node_has_a_kind(format_test::meaning(kSample), false) > 20);
  CHECK(check_every_node_has_a_kind(located(kSample), true) > 20);
  const json with = located(kSample);
  CHECK(with["contracts"][0]["items"][1].contains("range"));
}

TEST_CASE("format: ast json: layout and comments are not part of the meaning", "[format][ast-json]") {
  const std::string spaced = "// c\ncontract \"t\"\n{\n\n  commit  bw>=400 GB / s  under load ; /* x */ }";
  const std::string tight = "contract \"t\" { commit bw >= 400 GB/s under load; }";
  CHECK(format_test::meaning(spaced) == format_test::meaning(tight));
  CHECK(located(spaced) != located(tight));
}

TEST_CASE("format: ast json: the output is deterministic", "[format][ast-json]") {
  const std::string once = located(kSample).dump();
  CHECK(located(kSample).dump() == once);
  // Keys in std::map order: "attributes" before "items" before "kind".
  CHECK(once.find("\"attributes\"") < once.find("\"items\""));
  CHECK(once.find("\"items\"") < once.find("\"kind\":\"Contract\""));
}

TEST_CASE("format: ast json: a tier not stated and a fixed-amount tier", "[format][ast-json][tiers]") {
  const json tiers = format_test::meaning(
      "contract \"t\" { availability s { credit of monthly fee { below 99.9%: 2.00 GBP; below 99.0%: not stated; } } }\n")
      ["contracts"][0]["items"][0]["items"][0]["spec"]["tiers"];
  const json expected = json::parse(R"json([
    {"kind": "CreditTier", "at_least": null,
     "below": {"kind": "Quantity", "number": "99.9", "percent": true, "unit": "", "per": ""},
     "credit": {"kind": "Quantity", "number": "2.00", "percent": false, "unit": "GBP", "per": ""}},
    {"kind": "CreditTier", "at_least": null,
     "below": {"kind": "Quantity", "number": "99.0", "percent": true, "unit": "", "per": ""},
     "credit": {"kind": "NotStated"}}
  ])json");
  CHECK(tiers.dump(2) == expected.dump(2));
  // With locations, the tier not stated has its own range (`not stated`).
  const json with_ranges = located("contract \"t\" { availability s { credit of monthly fee { below 99.0%: not stated; } } }\n");
  const json& not_stated = with_ranges["contracts"][0]["items"][0]["items"][0]["spec"]["tiers"][0]["credit"];
  CHECK(not_stated["kind"] == "NotStated");
  CHECK(not_stated.contains("range"));
}
