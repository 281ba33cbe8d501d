// Characters and habits pasted from other writing systems and locales: each is
// reported once, with the plain character to write and a machine-applicable
// fix, and the rest of the contract is parsed as if it had been written so
// (no cascade of one error per character).
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "language/diag/diagnostic_json.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {

// A contract that is valid once its pasted characters are replaced.
std::string contract_with(const std::string& claim_line) {
  return "contract \"t\" {\n"
         "  timezone \"UTC\"; currency USD;\n"
         "  service s { fee 100.00 per month; }\n" +
         claim_line + "\n}\n";
}

struct Case {
  const char* name;
  std::string input;
  std::vector<std::string> expected;
  std::string hint;                          // of the first diagnostic
  std::vector<std::string> replacement_text;  // of the first diagnostic, in order
};

const std::vector<Case> kCases = {
    // The issue's line: curly quotes around CJK text, a full-width colon and semicolon. Before: 14 errors.
    // Columns count code points: `  claim ` is 8, the string 5 (“万卡…”, columns 9..13), so '：' is column 14;
    // `gpus >= 10000` is columns 15..27, so '；' is column 28.
    {"pasted_chinese_claim",
     contract_with("  claim \xE2\x80\x9C\xE4\xB8\x87\xE5\x8D\xA1\xE2\x80\xA6\xE2\x80\x9D\xEF\xBC\x9Agpus >= 10000\xEF\xBC\x9B"),
     {"4:9: error: text in curly quotes: the language's strings take straight quotes '\"' [look-alike]",
      "4:14: error: full-width '\xEF\xBC\x9A' (U+FF1A) looks like ':' but is not [look-alike]",
      "4:28: error: full-width '\xEF\xBC\x9B' (U+FF1B) looks like ';' but is not [look-alike]"},
     "write \"\xE4\xB8\x87\xE5\x8D\xA1\xE2\x80\xA6\"",
     {"\"\xE4\xB8\x87\xE5\x8D\xA1\xE2\x80\xA6\""}},
    // One error for a character however often it occurs, fixing every place.
    {"full_width_semicolon_three_times",
     "contract \"t\" {\n  timezone \"UTC\"\xEF\xBC\x9B currency USD\xEF\xBC\x9B\n"
     "  service s { fee 100.00 per month\xEF\xBC\x9B }\n}\n",
     {"2:17: error: full-width '\xEF\xBC\x9B' (U+FF1B) looks like ';' but is not (3 times in this file) [look-alike]"},
     "write ';'",
     {";", ";", ";"}},
    {"no_break_space",
     contract_with("  claim \"x\":\xC2\xA0gpus >= 8;"),
     {"4:13: error: a no-break space '\xC2\xA0' (U+00A0) looks like ' ' but is not [look-alike]"},
     "write a plain space",
     {" "}},
    {"curly_quote_not_closed",
     contract_with("  claim \xE2\x80\x9Cx: gpus >= 8;"),
     {"4:9: error: text opened with a curly quote is not closed on its line [look-alike]",
      "5:1: error: expected ';' or ':', found '}' [syntax]"},
     "write \"x: gpus >= 8;\"",
     {"\"x: gpus >= 8;\""}},
    // `500,00` after `fee`: the parser stops at the comma, and the hint says why.
    {"decimal_comma",
     "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n  service s { fee 500,00 per month; }\n}\n",
     {"3:22: error: expected 'per', found ',' [syntax]"},
     "numbers take a decimal point, not a comma: write 500.00",
     {"500.00"}},
    {"month_out_of_range",
     "contract \"t\" {\n  effective 2026-13-01 to 2026-12-31;\n}\n",
     {"2:13: error: '2026-13-01' is not a calendar date [bad-date]"},
     "months run from 01 to 12; dates are YYYY-MM-DD",
     {}},
    // 2028 is a leap year: February has 29 days, so the 30th is out.
    {"leap_february",
     "contract \"t\" {\n  effective 2028-02-30 to 2028-12-31;\n}\n",
     {"2:13: error: '2028-02-30' is not a calendar date [bad-date]"},
     "2028-02 has 29 days",
     {}},
    {"hours_abbreviated",
     "contract \"t\" {\n  timezone \"UTC\"; currency USD;\n  service s { fee 100.00 per month; }\n"
     "  availability s { target 99.9%; period calendar month; ignore downtime shorter than 2 hrs; }\n}\n",
     {"4:88: error: unknown unit 'hrs' [unknown-unit]"},
     "write 'h'",
     {"h"}},
};

std::vector<std::string> first_replacements(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  const auto sorted = diagnostics.sorted();
  if (!sorted.empty())
    for (const auto& r : sorted.front().replacements) out.push_back(r.text);
  return out;
}

}  // namespace

TEST_CASE("look-alike characters, decimal commas and near-miss units get one error with a fix", "[grammar][diagnostics]") {
  for (const auto& c : kCases) {
    SECTION(c.name) {
      SourceFile file("t.sla", c.input);
      auto compiled = compile_contract(file);
      CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.expected);
      CHECK(testing::first_hint(compiled.diagnostics) == c.hint);
      CHECK(first_replacements(compiled.diagnostics) == c.replacement_text);
    }
  }
}

TEST_CASE("a contract whose look-alikes are replaced by its fixes compiles", "[grammar][diagnostics]") {
  const std::string pasted =
      contract_with("  claim \xE2\x80\x9C\xE4\xB8\x87\xE5\x8D\xA1\xE2\x80\x9D\xEF\xBC\x9Agpus >= 10000\xEF\xBC\x9B");
  SourceFile file("t.sla", pasted);
  auto compiled = compile_contract(file);
  REQUIRE(compiled.diagnostics.error_count() == 3);
  // Apply every replacement, last first so earlier offsets stay valid.
  std::vector<Replacement> edits;
  for (const auto& d : compiled.diagnostics.items()) edits.insert(edits.end(), d.replacements.begin(), d.replacements.end());
  std::sort(edits.begin(), edits.end(), [](const auto& a, const auto& b) { return a.range.begin > b.range.begin; });
  std::string fixed = pasted;
  for (const auto& e : edits) fixed.replace(e.range.begin, e.range.end - e.range.begin, e.text);
  SourceFile fixed_file("t.sla", fixed);
  auto recompiled = compile_contract(fixed_file);
  CHECK(testing::diagnostic_lines(fixed_file, recompiled.diagnostics).empty());
  CHECK(recompiled.contract.has_value());
}

TEST_CASE("JSON diagnostics carry replacements only where a fix is known", "[grammar][diagnostics]") {
  SourceFile file("t.sla", "contract \"t\" {\n  timezone \"UTC\"\xEF\xBC\x9B currency USD;\n  provder \"P\";\n}\n");
  auto compiled = compile_contract(file);
  const auto json = diagnostics_to_json(file, compiled.diagnostics);
  REQUIRE(json.size() == 2);
  // '；' is the 17th code point of line 2 and bytes 31..34 of the file (15 + 16; three bytes).
  CHECK(json[0]["code"] == "look-alike");
  CHECK(json[0]["replacements"] ==
        nlohmann::json::parse(R"([{"range":{"begin":{"line":2,"column":17,"offset":31},)"
                              R"("end":{"line":2,"column":18,"offset":34}},"text":";"}])"));
  CHECK(json[1]["code"] == "unknown-item");
  CHECK_FALSE(json[1].contains("replacements"));
}
