// Words for reports: lists joined in one line.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "report/common/names.h"

using slaudit::report::joined;

TEST_CASE("report names: joined puts the separator between items, never around them", "[report]") {
  struct Case {
    std::vector<std::string> items;
    const char* separator;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {{}, ", ", ""},
      {{"INC-9"}, ", ", "INC-9"},
      {{"inc-1", "inc-2", "inc-3"}, ", ", "inc-1, inc-2, inc-3"},
      {{"a", "b"}, " / ", "a / b"},
  };
  for (const Case& c : cases) {
    INFO(c.expected);
    CHECK(joined(c.items, c.separator) == c.expected);
  }
}
