// csv_header_problem: every reason a fixed-column CSV header is refused for,
// one case each, and the headers it takes (any column order, optional
// columns left out).
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "telemetry/common/csv.h"
#include "telemetry/common/csv_header.h"

using namespace slaudit;

TEST_CASE("csv header: each problem is named with the header's line", "[telemetry][csv]") {
  static constexpr std::string_view known[] = {"time", "state", "resource"};
  static constexpr std::string_view required[] = {"time", "state"};
  struct Case {
    std::string text;
    std::string expected;  // "" when the header is usable
  };
  const Case cases[] = {
      {"time,state\n", ""},
      {"state,resource,time\n", ""},
      {"\n\ntime,state\n", ""},  // blank lines before it: still usable (its line is 3)
      {"time,\"state\n", "the header row (line 1) is malformed CSV: "},
      {"time,st\xff" "ate\n", "the header row (line 1) is not valid UTF-8 in column 2"},
      {"time,,state\n", "the header row (line 1) has an empty name for column 2"},
      {"time,stat\n", "the header row (line 1): unknown field 'stat' (did you mean 'state'?)"},
      {"time,state,time\n", "the header row (line 1) names column 'time' twice"},
      {"time,resource\n", "the header row (line 1) has no column 'state'"},
      {"\n\nstate\n", "the header row (line 3) has no column 'time'"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CsvReader reader(c.text);
    const auto header = reader.next();
    REQUIRE(header);
    const std::string problem = csv_header_problem(*header, known, required);
    if (c.expected.empty() || c.expected.back() != ' ') CHECK(problem == c.expected);
    else CHECK(problem.starts_with(c.expected));  // the tokenizer's own words follow
  }
}
