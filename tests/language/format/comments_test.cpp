// Where comments go: one row per placement rule of language/format/render.cpp.
#include <catch2/catch.hpp>

#include "tests/language/format/format_harness.h"

using namespace slaudit::format_test;

namespace {

struct CommentCase {
  const char* name;
  std::string input;
  std::string expected;
};

void check_cases(const std::vector<CommentCase>& cases) {
  for (const CommentCase& c : cases) {
    INFO("case: " << c.name);
    CHECK(formatted(c.input) == c.expected);
    check_format_properties(c.input);
  }
}

}  // namespace

TEST_CASE("format: line comments stay with the item they precede or trail", "[format]") {
  check_cases({
      {"own line before an item, at its indentation",
       "contract \"t\" {\n// who\n        provider \"P\";\n}\n",
       "contract \"t\" {\n  // who\n  provider \"P\";\n}\n"},
      {"trailing on the item's line", "contract \"t\" {\n  provider \"P\";     // the seller\n}\n",
       "contract \"t\" {\n  provider \"P\"; // the seller\n}\n"},
      {"trailing after the second item on a shared line",
       "contract \"t\" { provider \"P\"; customer \"C\"; // buyer\n}\n",
       "contract \"t\" {\n  provider \"P\";\n  customer \"C\"; // buyer\n}\n"},
      {"inside a one-line item moves before it",
       "contract \"t\" {\n  commit m // why\n    >= 5 GB/s;\n}\n",
       "contract \"t\" {\n  // why\n  commit m >= 5 GB/s;\n}\n"},
      {"after the last item, before the closing brace",
       "contract \"t\" {\n  service s {\n    fee 1 per month;\n// more fees later\n  }\n}\n",
       "contract \"t\" {\n  service s {\n    fee 1 per month;\n    // more fees later\n  }\n}\n"},
      {"alone in an empty block", "contract \"t\" { service s {\n // nothing yet\n } }\n",
       "contract \"t\" {\n  service s {\n    // nothing yet\n  }\n}\n"},
      {"trailing on a block's opening line", "contract \"t\" { // the deal\n  provider \"P\";\n}\n",
       "contract \"t\" { // the deal\n  provider \"P\";\n}\n"},
      {"trailing on a block's closing line", "contract \"t\" {\n  service s { fee 1 per month; } // s\n}\n",
       "contract \"t\" {\n  service s {\n    fee 1 per month;\n  } // s\n}\n"},
      {"inside a block header moves before it",
       "contract \"t\" {\n  availability // the main one\n  s {\n  }\n}\n",
       "contract \"t\" {\n  // the main one\n  availability s {\n  }\n}\n"},
      {"before the contract and after it", "// header\n\n// more header\ncontract \"t\" {\n}\n// footer\n",
       "// header\n\n// more header\ncontract \"t\" {\n}\n// footer\n"},
      {"trailing after the contract", "contract \"t\" {\n}   // end\n", "contract \"t\" {\n} // end\n"},
      {"trailing an attribute", "contract \"t\" {\n  @allow(x) // because\n  provider \"P\";\n}\n",
       "contract \"t\" {\n  @allow(x) // because\n  provider \"P\";\n}\n"},
      {"between an attribute and its item", "contract \"t\" {\n  @allow(x)\n\n  // because\n\n  provider \"P\";\n}\n",
       "contract \"t\" {\n  @allow(x)\n  // because\n  provider \"P\";\n}\n"},
      {"inside an attribute moves before it", "contract \"t\" {\n  @allow(x, // first\n y)\n  provider \"P\";\n}\n",
       "contract \"t\" {\n  // first\n  @allow(x, y)\n  provider \"P\";\n}\n"},
      {"blank lines around comments are kept",
       "contract \"t\" {\n  provider \"P\";\n\n  // the buyer\n\n  customer \"C\";\n\n  // end of header\n}\n",
       "contract \"t\" {\n  provider \"P\";\n\n  // the buyer\n\n  customer \"C\";\n\n  // end of header\n}\n"},
      {"credit tiers keep theirs",
       "contract \"t\" { availability s { credit of monthly fee { // tiers\n"
       "below 99.9%: 10%; // first\n// steep one\nbelow 95%: 100%;\n} } }\n",
       "contract \"t\" {\n  availability s {\n    credit of monthly fee { // tiers\n      below 99.9%: 10%; // first\n"
       "      // steep one\n      below 95%: 100%;\n    }\n  }\n}\n"},
      {"comment text kept verbatim", "contract \"t\" {\n//no space   \n  provider \"P\"; //   odd  spacing\n}\n",
       "contract \"t\" {\n  //no space   \n  provider \"P\"; //   odd  spacing\n}\n"},
      {"comments in unicode", "contract \"t\" { provider \"P\"; // 提供方\n}\n",
       "contract \"t\" {\n  provider \"P\"; // 提供方\n}\n"},
      {"trailing comments of consecutive lines align",
       "contract \"t\" {\n  provider \"P\"; // a\n  customer \"Customer\";     // b\n  currency CNY;// c\n}\n",
       "contract \"t\" {\n  provider \"P\";        // a\n  customer \"Customer\"; // b\n  currency CNY;        // c\n}\n"},
      {"a blank line, an own-line comment or a line without one ends the alignment",
       "contract \"t\" {\n  provider \"P\"; // a\n  customer \"Customer\"; // b\n\n  currency CNY; // c\n"
       "  timezone \"Asia/Shanghai\"; // d\n  // own line\n  commit m >= 1; // e\n  commit mm >= 1;\n"
       "  commit m >= 2; // f\n}\n",
       "contract \"t\" {\n  provider \"P\";        // a\n  customer \"Customer\"; // b\n\n  currency CNY;             // c\n"
       "  timezone \"Asia/Shanghai\"; // d\n  // own line\n  commit m >= 1; // e\n  commit mm >= 1;\n"
       "  commit m >= 2; // f\n}\n"},
      {"alignment takes in items of one block level only",
       "contract \"t\" { service s { // s\n fee 1 per month; // f\n } // end s\n provider \"P\"; // p\n}\n",
       "contract \"t\" {\n  service s { // s\n    fee 1 per month; // f\n  } // end s\n  provider \"P\"; // p\n}\n"},
      {"alignment counts display columns", "contract \"t\" {\n  claim \"万卡\"; // wide\n  claim \"abcd\"; // narrow\n}\n",
       "contract \"t\" {\n  claim \"万卡\"; // wide\n  claim \"abcd\"; // narrow\n}\n"},
      {"a file ending without a newline", "contract \"t\" {\n} // end", "contract \"t\" {\n} // end\n"},
  });
}

// Block comments can sit between tokens and share a line with code, so they
// exercise the same-line rules hardest. (They need the lexer fix that stops
// UNTERMINATED_COMMENT from outmatching BLOCK_COMMENT.)
TEST_CASE("format: block comments stay with the item they precede or trail", "[format]") {
  check_cases({
      {"own line", "contract \"t\" {\n/* who */ provider \"P\";\n}\n",
       "contract \"t\" {\n  /* who */\n  provider \"P\";\n}\n"},
      {"trailing, then the next item", "contract \"t\" { provider \"P\"; /* seller */ customer \"C\"; }\n",
       "contract \"t\" {\n  provider \"P\"; /* seller */\n  customer \"C\";\n}\n"},
      {"between tokens", "contract \"t\" { provider /* who */ \"P\"; }\n",
       "contract \"t\" {\n  /* who */\n  provider \"P\";\n}\n"},
      {"several on one line", "contract \"t\" {\n  /* a */ /* b */ provider \"P\"; /* c */ /* d */\n}\n",
       "contract \"t\" {\n  /* a */ /* b */\n  provider \"P\"; /* c */ /* d */\n}\n"},
      {"multi-line, verbatim", "contract \"t\" {\n  /* one\n     two */\n  provider \"P\";\n}\n",
       "contract \"t\" {\n  /* one\n     two */\n  provider \"P\";\n}\n"},
      {"with a brace inside, in a block header", "contract \"t\" { service /* { */ s { } }\n",
       "contract \"t\" {\n  /* { */\n  service s {\n  }\n}\n"},
  });
}
