// Syntax errors: each bad input, with the exact location, message and hint.
// Error recovery must keep going (every error in one run) but never cascade.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {
struct Case {
  const char* name;
  std::string input;
  std::vector<std::string> expected;
  std::string hint;  // of the first diagnostic
};

const std::vector<Case> kCases = {
    {"bad_character",
     R"SLA(contract "t" {
  provider "P"; #
}
)SLA",
     {"2:17: error: unexpected character '#' [syntax]"},
     "names are letters, digits and '_'; text goes in double quotes"},
    {"bad_comparator_token",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  commit gpus => 10;
}
)SLA",
     {"4:16: error: expected a number, found '>' [syntax]"},
     ""},
    {"bad_escape",
     R"SLA(contract "a\qb" {
}
)SLA",
     {"1:12: error: unknown escape sequence '\\q' in string [syntax]"},
     "the escapes are \\\" \\\\ \\n and \\t"},
    {"empty",
     R"SLA()SLA",
     {"1:1: error: the file is empty [empty-file]"},
     "a contract file holds one `contract \"title\" { ... }`"},
    {"item_in_wrong_block",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  service t { target 99.9%; }
}
)SLA",
     {"4:15: error: 'target' does not belong in a service block [misplaced-item]"},
     "it belongs in an availability clause: availability SERVICE { target ...; }"},
    {"missing_brace",
     R"SLA(contract "t" {
  provider "P";
)SLA",
     {"3:1: error: the file ends inside a block; expected '}' [syntax]",
      "1:14: note: the block opened here is not closed"},
     "close every '{' with '}'"},
    {"missing_colon_in_tier",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { credit of monthly fee { below 99.9% 10%; } }
}
)SLA",
     {"4:56: error: expected 'and' or ':', found number 10 [syntax]"},
     ""},
    {"missing_semicolon",
     R"SLA(contract "t" {
  provider "P"
  customer "C";
}
)SLA",
     {"2:15: error: expected ';' after string \"P\" [syntax]"},
     "found 'customer' next"},
    {"missing_title",
     R"SLA(contract {
}
)SLA",
     {"1:9: error: expected a string after 'contract' [syntax]"},
     "found '{' next"},
    {"misspelt_item",
     R"SLA(contract "t" {
  provder "P";
}
)SLA",
     {"2:3: error: unknown contract item 'provder' [unknown-item]"},
     "did you mean 'provider'?"},
    {"not_utf8",
     "contract \"t\" {\n  provider \"\xff""\xfe""\";\n}\n",
     {"2:13: error: the file is not valid UTF-8: byte 0xFF [not-utf8]"},
     "save the file as UTF-8"},
    {"number_too_long",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.12345678901234567890%; }
}
)SLA",
     {"4:27: error: number '99.12345678901234567890' has more than 18 significant digits [number-too-long]"},
     "numbers are exact decimals of at most 18 digits"},
    {"only_comment",
     R"SLA(// nothing here
)SLA",
     {"2:1: error: the file holds no contract [empty-file]"},
     "a contract file holds one `contract \"title\" { ... }`"},
    {"unknown_availability_item",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { targt 99.9%; }
}
)SLA",
     {"4:20: error: unknown availability item 'targt' [unknown-item]"},
     "did you mean 'target'?"},
    {"unterminated_comment",
     R"SLA(contract "t" {
}
/* never closed
)SLA",
     {"3:1: error: unterminated block comment [syntax]"},
     "close it with '*/'"},
    {"unterminated_string",
     R"SLA(contract "t {
}
)SLA",
     {"1:10: error: unterminated string [syntax]"},
     "close the string with '\"' on the same line"},
};
}  // namespace

TEST_CASE("syntax errors are reported with exact location, message and hint", "[grammar][diagnostics]") {
  for (const auto& c : kCases) {
    SECTION(c.name) {
      SourceFile file("t.sla", c.input);
      auto compiled = compile_contract(file);
      CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.expected);
      CHECK(testing::first_hint(compiled.diagnostics) == c.hint);
      CHECK_FALSE(compiled.contract.has_value());
    }
  }
}

TEST_CASE("every syntax error in a file is reported in one run", "[grammar][diagnostics]") {
  SourceFile file("t.sla", "contract \"t\" {\n  provder \"P\";\n  service s { fee 10 per month }\n  currency;\n}\n");
  auto compiled = compile_contract(file);
  CHECK(testing::diagnostic_lines(file, compiled.diagnostics) ==
        std::vector<std::string>{"2:3: error: unknown contract item 'provder' [unknown-item]",
                                 "3:31: error: expected ';' after 'month' [syntax]",
                                 "4:11: error: expected a name after 'currency' [syntax]"});
}

TEST_CASE("brackets nested 100,000 deep get one clear error, not a stack overflow", "[grammar][diagnostics]") {
  SourceFile file("t.sla", "contract \"t\" {\n  claim \"x\": gpus >= " + std::string(100000, '(') + "\n}\n");
  auto compiled = compile_contract(file);
  // 32 levels are allowed: the contract's '{' is level 1, so the 32nd '(' (column 22 + 31) is level 33.
  CHECK(testing::diagnostic_lines(file, compiled.diagnostics) ==
        std::vector<std::string>{"2:53: error: brackets nested more than 32 levels deep [nesting-too-deep]"});
}

TEST_CASE("a 1 MB line is parsed and a caret snippet stays short", "[grammar][diagnostics]") {
  const std::string long_name(1 << 20, 'x');
  SourceFile file("t.sla", "contract \"t\" { provider \"P\"; " + long_name + " }\n");
  auto compiled = compile_contract(file);
  REQUIRE(testing::diagnostic_lines(file, compiled.diagnostics) ==
          std::vector<std::string>{"1:30: error: unknown contract item '" + long_name + "' [unknown-item]"});
  // The source line in the rendering is windowed around the caret.
  const std::string rendered = render_diagnostics(file, compiled.diagnostics);
  const auto second_line_end = rendered.find('\n', rendered.find('\n') + 1);
  const std::string snippet = rendered.substr(rendered.find('\n') + 1, second_line_end - rendered.find('\n') - 1);
  CHECK(snippet.size() < 200);
  CHECK(snippet.find("provider") != std::string::npos);
}

TEST_CASE("more than 100 errors stop the parser with a bound", "[grammar][diagnostics]") {
  std::string body;
  for (int i = 0; i < 500; ++i) body += "  service s" + std::to_string(i) + " { fee 1 per month }\n";
  SourceFile file("t.sla", "contract \"t\" {\n" + body + "}\n");
  auto compiled = compile_contract(file);
  CHECK(compiled.diagnostics.error_count() == Diagnostics::kMaxErrors);
  CHECK(compiled.diagnostics.truncated());
}
