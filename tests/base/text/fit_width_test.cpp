// Cutting text to a number of display columns, for table cells.
#include <catch2/catch.hpp>

#include <string>

#include "base/text/display_width.h"

using slaudit::display_width;
using slaudit::fit_width;

TEST_CASE("fit_width: whole when it fits, else cut and marked with an ellipsis", "[text]") {
  CHECK(fit_width("abc", 3) == "abc");
  CHECK(fit_width("abcd", 3) == "ab…");
  CHECK(fit_width("", 1).empty());
  // Wide characters count two: 训练集群 is 8 columns; 5 columns hold 训练 (4) and the mark.
  CHECK(fit_width("训练集群", 8) == "训练集群");
  CHECK(fit_width("训练集群", 5) == "训练…");
  CHECK(fit_width("训练集群", 4) == "训…");  // 训 (2) + … (1) = 3: 练 would make 5
  // 20 MiB of one id: 96 columns (any width), read only up to the cut.
  const std::string cut = fit_width(std::string(size_t{20} << 20, 'x'), 96);
  CHECK(display_width(cut) == 96);
  CHECK(cut == std::string(95, 'x') + "…");
}
