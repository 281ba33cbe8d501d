#include <catch2/catch.hpp>

#include "language/grammar/parse.h"

using namespace slaudit;

TEST_CASE("a minimal contract parses with no diagnostics", "[grammar]") {
  SourceFile file("t.sla", "contract \"x\" { provider \"P\"; }");
  auto result = parse_contract(file);
  REQUIRE(result.diagnostics.empty());
  REQUIRE(result.file.contracts.size() == 1);
  CHECK(result.file.contracts[0].title.value == "x");
  CHECK(result.file.contracts[0].items.size() == 1);
}
