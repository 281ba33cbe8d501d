// Quoting text in Markdown so that nothing in it closes the quote: a fenced
// block's fence is longer than any backtick run inside.
#include <catch2/catch.hpp>

#include "report/markdown/markdown_text.h"

using slaudit::report::md_code_block;

TEST_CASE("md_code_block: the fence is longer than any backtick run, and at least three", "[markdown]") {
  CHECK(md_code_block({"target 99.9%;"}) == "```\ntarget 99.9%;\n```\n");
  CHECK(md_code_block({}) == "```\n```\n");
  // A line of three backticks would close a three-backtick fence: four then.
  CHECK(md_code_block({"/* x", "```", "<img src=x onerror=alert(1)>", "```", "*/"}) ==
        "````\n/* x\n```\n<img src=x onerror=alert(1)>\n```\n*/\n````\n");
  // A run of five anywhere in a line: six.
  CHECK(md_code_block({"a `````b"}).starts_with("``````\n"));
}

TEST_CASE("md_code_cell: a '|' in a path cannot split a table row", "[markdown]") {
  using slaudit::report::md_code_cell;
  // A GitHub table cuts a row at every unescaped '|', code spans included: "a|b.csv" would add a column.
  CHECK(md_code_cell("logs/a|b.csv") == "`logs/a\\|b.csv`");
  CHECK(md_code_cell("x|`y`|z") == "``x\\|`y`\\|z``");
  CHECK(md_code_cell("plain.csv") == "`plain.csv`");
}
