// The ledger's text tables are bounded as the reports' are: a cell wider than
// 160 columns is cut and marked, except in a left-aligned last column.
#include <catch2/catch.hpp>

#include <string>

#include "report/ledger/text_table.h"

TEST_CASE("ledger text_table: a long cell is cut with a mark, so it pads no row", "[ledger][limits]") {
  const std::string long_id(1000, 'i');
  const std::string text =
      slaudit::report::text_table({{"resource", "owed", "reference"}, {long_id, "10.00", long_id}, {"a", "0.00", "x"}},
                                  {false, true, false});
  // Two spaces, then each cell: the id at 160 columns, "owed" right-aligned in 5, the reference whole.
  CHECK(text == "  resource" + std::string(152, ' ') + "  owed reference\n" +
                "  " + std::string(159, 'i') + "… 10.00 " + long_id + "\n" +
                "  a" + std::string(159, ' ') + "  0.00 x\n");
}
