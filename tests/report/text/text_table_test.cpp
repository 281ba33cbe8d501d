// Text tables are bounded: one 1,000-column id cannot pad every row of its
// column (a 20 MiB id made a 2.1 GB report); it is cut and marked, and a
// left-aligned last column, never padded, keeps its text whole.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "base/text/display_width.h"
#include "report/text/text_table.h"

using namespace slaudit;
using report::Align;
using report::TextTable;

TEST_CASE("TextTable: a cell wider than 160 columns is cut with a mark, except in a left-aligned last column",
          "[text][limits]") {
  const std::string long_id(1000, 'i');
  const std::string long_reason(1000, 'r');
  TextTable table({{"Resource"}, {"Owed", Align::Right}, {"Why"}});
  table.add_row({long_id, "10.00", long_reason});
  for (int i = 0; i < 100; ++i) table.add_row({"i-" + std::to_string(i), "0.00", "met"});
  const std::string text = table.render();
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // the heading
  // 160 columns for the id, two spaces, "10.00" right-aligned under "Owed" (5), two spaces.
  CHECK(line.starts_with("Resource" + std::string(160 - 8, ' ') + "   Owed  Why"));
  std::getline(in, line);
  CHECK(line == std::string(159, 'i') + "…" + "  10.00  " + long_reason);
  std::getline(in, line);
  CHECK(line == "i-0" + std::string(157, ' ') + "   0.00  met");
  // 101 rows of at most 160 + 2 + 5 + 2 + 3 columns (the long reason once): nowhere near 100 × 1000.
  CHECK(text.size() < 102 * 175 + 1000);
}
