// JsonWriter: a document written piece by piece has the bytes nlohmann's
// dump(2) gives the same document (so small reports keep their bytes), keys
// must ascend, and the audit report written through it is exactly what
// parsing it back and dumping it again gives: sorted keys, one layout.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "report/json/json_writer.h"
#include "report/json/render_json.h"
#include "tests/report/sample_report.h"

using namespace slaudit;
using nlohmann::json;

namespace {

template <class Write>
std::string written(Write write) {
  std::ostringstream out;
  {
    report::JsonWriter w(out);
    write(w);
  }
  return out.str();
}

std::string dumped(const json& value) { return value.dump(2, ' ', false, json::error_handler_t::replace); }

}  // namespace

TEST_CASE("json writer: the layout of nlohmann's dump(2), value by value", "[report][json]") {
  struct Case {
    const char* what;
    std::string text;  // a string value to write
  };
  const Case strings[] = {
      {"plain ASCII", "inc-0001"},
      {"quote and backslash", "say \"hi\" \\ bye"},
      {"control characters", std::string("tab\there\nnew\x01\x1f", 15)},
      {"DEL passes", "a\x7f" "b"},
      {"UTF-8 kept", "训练集群 故障-001"},
      {"invalid UTF-8 replaced", std::string("bad \xff\xfe end")},
      {"empty", ""},
  };
  for (const Case& c : strings) {
    INFO(c.what);
    CHECK(written([&](report::JsonWriter& w) { w.value(c.text); }) == dumped(json(c.text)));
  }
  CHECK(written([](report::JsonWriter& w) { w.value(std::numeric_limits<int64_t>::min()); }) ==
        dumped(json(std::numeric_limits<int64_t>::min())));
  CHECK(written([](report::JsonWriter& w) { w.value(std::numeric_limits<uint64_t>::max()); }) ==
        dumped(json(std::numeric_limits<uint64_t>::max())));
  // Nesting, empty containers, booleans, null and a DOM value at depth.
  const json document = {{"a", json::array()},
                         {"b", json::object()},
                         {"c", {1, 2, {{"x", nullptr}, {"y", true}}}},
                         {"d", {{"inner", {{"deep", json::array({false})}}}}},
                         {"e", "end"}};
  const std::string text = written([](report::JsonWriter& w) {
    w.object([&] {
      w.key("a");
      w.array([] {});
      w.key("b");
      w.object([] {});
      w.key("c");
      w.array([&] {
        w.value(1);
        w.value(2u);
        w.object([&] {
          w.field("x", nullptr);
          w.field("y", true);
        });
      });
      w.key("d");
      w.value(json{{"inner", {{"deep", json::array({false})}}}});
      w.field("e", "end");
    });
  });
  CHECK(text == dumped(document));
}

TEST_CASE("json writer: items made side by side are the items written one by one", "[report][json]") {
  // Each item an object with an array, so that separators, indents and
  // nesting inside the parts must all match; items before and after the
  // parallel ones test where the parts join.
  const auto item = [](report::JsonWriter& w, size_t i) {
    w.object([&] {
      w.field("i", i);
      w.key("list");
      w.array([&] {
        for (size_t k = 0; k < i % 3; ++k) w.value("x" + std::to_string(k));
      });
    });
  };
  struct Case {
    size_t count, batch;
  };
  const Case cases[] = {{0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {9, 4}, {10, 1}, {7, 100}};
  for (const Case& c : cases) {
    INFO("count " << c.count << ", batch " << c.batch);
    const auto doc = [&](bool side_by_side) {
      return written([&](report::JsonWriter& w) {
        w.object([&] {
          w.key("rows");
          w.array([&] {
            w.value("first");
            if (side_by_side) w.items_side_by_side(c.count, c.batch, item);
            else
              for (size_t i = 0; i < c.count; ++i) item(w, i);
            w.value("last");
          });
          w.field("z", true);
        });
      });
    };
    const std::string one_by_one = doc(false);
    CHECK(doc(true) == one_by_one);
    CHECK(json::parse(one_by_one)["rows"].size() == c.count + 2);
  }
  // Outside an array: refused, as a value without a key is.
  CHECK_THROWS_AS(written([&](report::JsonWriter& w) { w.object([&] { w.items_side_by_side(1, 1, item); }); }),
                  std::logic_error);
}

TEST_CASE("json writer: items on one line are compact, each on a line of its own", "[report][json]") {
  // Item i: an object with an array of i % 3 strings (the second one needing
  // an escape), an empty object and a DOM value: every kind of nesting inside
  // a compact item. Expected: the document's own layout outside the array,
  // and each item as dump() without indent writes it, at the array's indent.
  const auto item_dom = [](size_t i) {
    json list = json::array();
    for (size_t k = 0; k < i % 3; ++k) list.push_back(k == 1 ? "say \"x1\"" : "x0");
    return json{{"dom", {1, {{"k", nullptr}}}}, {"i", i}, {"list", list}, {"o", json::object()}};
  };
  const auto item = [&](report::JsonWriter& w, size_t i) {
    const json dom = item_dom(i);
    w.object([&] {
      w.field("dom", dom["dom"]);
      w.field("i", i);
      w.key("list");
      w.array([&] {
        for (const auto& x : dom["list"]) w.value(x.get<std::string>());
      });
      w.key("o");
      w.object([] {});
    });
  };
  for (const bool side_by_side : {false, true}) {
    INFO("side by side " << side_by_side);
    const size_t count = 5;
    const std::string text = written([&](report::JsonWriter& w) {
      w.object([&] {
        w.key("rows");
        w.array([&] {
          w.items_on_one_line();
          w.value("first");
          if (side_by_side) w.items_side_by_side(count, 2, item);
          else
            for (size_t i = 0; i < count; ++i) item(w, i);
          w.value(json{{"b", {1, 2}}, {"a", "dom item"}});
        });
        w.key("z");
        w.object([&] { w.field("after", true); });
      });
    });
    std::string expected = "{\n  \"rows\": [\n    \"first\"";
    for (size_t i = 0; i < count; ++i) expected += ",\n    " + item_dom(i).dump();
    expected += ",\n    {\"a\":\"dom item\",\"b\":[1,2]}\n  ],\n  \"z\": {\n    \"after\": true\n  }\n}";
    CHECK(text == expected);
    CHECK(json::parse(text)["rows"][3] == item_dom(2));  // e.g. {"dom":[1,{"k":null}],"i":2,"list":["x0","say \"x1\""],"o":{}}
  }
  // Only an array's items go on one line.
  CHECK_THROWS_AS(written([&](report::JsonWriter& w) { w.object([&] { w.items_on_one_line(); }); }), std::logic_error);
}

TEST_CASE("json writer: keys must ascend within an object", "[report][json]") {
  std::ostringstream out;
  report::JsonWriter w(out);
  w.begin_object();
  w.field("b", 1);
  CHECK_THROWS_AS(w.key("a"), std::logic_error);
  CHECK_THROWS_AS(w.key("b"), std::logic_error);  // nor twice
  CHECK_THROWS_AS(w.value(2), std::logic_error);  // a value in an object needs its key
  w.field("c", 3);  // the writer is unharmed by what it refused
  w.end_object();
  w.flush();
  CHECK(out.str() == "{\n  \"b\": 1,\n  \"c\": 3\n}");
}

TEST_CASE("json writer: the audit report reads back to its own bytes", "[report][json]") {
  // Parsing sorts every object's keys and dump(2) lays them out: equal bytes
  // mean the report wrote every key in order, in nlohmann's layout.
  const SourceFile source = test::sample_contract_source();
  std::ostringstream out;
  report::write_report_json(test::sample_report(source), source, out);
  const std::string text = out.str();
  CHECK(dumped(json::parse(text)) + "\n" == text);
}
