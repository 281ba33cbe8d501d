// Words for reports: lists joined in one line.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "report/common/names.h"

using slaudit::report::joined;

TEST_CASE("report names: joined puts the separator between items, never around them", "[report]") {
  struct Case {
    std::vector<std::string> items;
    const char* separator;
    const char* expected;
    size_t limit = SIZE_MAX;
  };
  const std::vector<Case> cases = {
      {{}, ", ", ""},
      {{"INC-9"}, ", ", "INC-9"},
      {{"inc-1", "inc-2", "inc-3"}, ", ", "inc-1, inc-2, inc-3"},
      {{"a", "b"}, " / ", "a / b"},
      // Past the limit, the rest are counted: 5 items, 2 named, 3 more.
      {{"a", "b", "c", "d", "e"}, ", ", "a, b and 3 more", 2},
      {{"a", "b"}, ", ", "a, b", 2},  // at the limit, nothing to count
      {{"a", "b"}, ", ", " and 2 more", 0},
  };
  for (const Case& c : cases) {
    INFO(c.expected);
    CHECK(joined(c.items, c.separator, c.limit) == c.expected);
  }
}
