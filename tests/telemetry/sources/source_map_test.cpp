// --source-map (telemetry/sources/source_map.h): every row maps or the whole
// map is refused with each bad row's line.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/sources/source_map.h"

using namespace slaudit;

namespace {
const ServiceNames kServices{"api", "git"};
}

TEST_CASE("a source map names the source's components as the contract's services", "[sources]") {
  const SourceMapResult map = read_source_map(
      "\xEF\xBB\xBFsource,service,component\r\nGit Operations,git,ops\r\n\"API Requests, v3\",api,\r\n", kServices);
  REQUIRE(map.errors.empty());
  REQUIRE(map.mapped.size() == 2);
  CHECK(map.mapped.at("Git Operations") == SourceTarget{"git", "ops"});
  CHECK(map.mapped.at("API Requests, v3") == SourceTarget{"api", ""});
  const SourceMapResult two_columns = read_source_map("service,source\napi,REST\n", kServices);
  REQUIRE(two_columns.errors.empty());
  CHECK(two_columns.mapped.at("REST") == SourceTarget{"api", ""});
}

TEST_CASE("a bad source map is refused row by row", "[sources]") {
  struct Case {
    std::string map;
    std::vector<std::string> errors;
  };
  const std::vector<Case> cases = {
      {"", {"1: the map is empty: it needs a header row `source,service[,component]`"}},
      {"source,service\nWebhooks,hooks\nAPI,api\nAPI,git\n",
       {"2: service 'hooks' is not one of the contract's services",
        "4: source 'API' is mapped already (line 3)"}},
      {"source,service\n,api\nA,api,extra\n",
       {"2: the source name is empty", "3: the row has 3 field(s), the header 2"}},
      {"source,service\n\"bad\x01name\",api\n", {"2: column 'source' contains a control character: 'bad\\x01name'"}},
  };
  for (const Case& c : cases) {
    INFO(c.map);
    const SourceMapResult map = read_source_map(c.map, kServices);
    CHECK(map.errors == c.errors);
  }
  // The header: a typo of a column is no mapping (the shared header check words it).
  const SourceMapResult typo = read_source_map("source,servce\nA,api\n", kServices);
  REQUIRE(typo.errors.size() == 1);
  CHECK(typo.errors[0].starts_with("1: the header row (line 1)"));
}
