// NameTable hands out one shared text per distinct name, whatever order the
// names come in: runs of one name, a few names taking turns (answered from its
// short list of recent names), and more names than that list holds.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "base/text/shared_name.h"

using slaudit::NameTable;
using slaudit::SharedName;

TEST_CASE("name table: equal names share one text, different names never do", "[telemetry]") {
  const std::vector<std::vector<std::string>> orders = {
      {"training", "training", "training"},
      {"training", "node_down", "training", "node_down"},
      {"a", "b", "c", "d", "a", "b", "c", "d"},
      {"a", "b", "c", "d", "e", "f", "a", "f", "b", "e", "c", "d"},  // more than the recent list holds
      {"gpu", "gpu_xid", "gpu", "gp", "", "gpu_xid"},                 // prefixes and the empty name
  };
  for (const auto& order : orders) {
    NameTable table;
    std::map<std::string, const std::string*> first;  // each name's shared text, as first handed out
    for (const std::string& name : order) {
      const SharedName got = table.get(name);
      INFO("name '" << name << "'");
      REQUIRE(got.has_value());
      CHECK(*got == name);
      const auto [it, inserted] = first.emplace(name, &*got);
      CHECK(it->second == &*got);  // the same text object every time
    }
    // Different names, different texts.
    for (const auto& [a, pa] : first)
      for (const auto& [b, pb] : first)
        if (a != b) CHECK(pa != pb);
  }
}

TEST_CASE("name table: thousands of names, asked for in turn, each keeps its one text as the table grows",
          "[telemetry]") {
  // 5,000 names: the table grows from 16 slots nine times (16 -> 16,384, kept at most half full); every
  // name asked for again after all the others must come back as the text first handed out.
  NameTable table;
  std::vector<const std::string*> first;
  for (int k = 0; k < 5000; ++k) first.push_back(&*table.get("i-" + std::to_string(k)));
  for (int round = 0; round < 2; ++round)
    for (int k = 4999; k >= 0; --k) {
      const SharedName got = table.get("i-" + std::to_string(k));
      REQUIRE(*got == "i-" + std::to_string(k));
      REQUIRE(&*got == first[k]);
    }
}
