// Property tests: every table input and the messy file, re-laid out at random
// (fixed seeds, so runs are repeatable) by changing the whitespace between
// tokens and slipping comments in between them.
#include <catch2/catch.hpp>
#include <random>

#include "tests/language/format/construct_cases.h"
#include "tests/language/format/format_harness.h"

using namespace slaudit::format_test;

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Characters that end or start a token on their own (except inside dates and times).
bool is_punctuation(char c) { return std::string_view(";,:%()/{}-@").find(c) != std::string_view::npos; }

// The offsets between two tokens of `text` where whitespace may be changed
// or inserted: runs of whitespace, and the edges of punctuation. Strings
// and comments are never entered.
struct Gap {
  size_t begin, end;  // the whitespace replaced; empty at a bare punctuation edge
};

size_t skip_literal(const std::string& text, size_t i) {
  if (text[i] == '"') {
    ++i;
    while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
    return i + 1;
  }
  if (text.compare(i, 2, "//") == 0) return text.find('\n', i);
  if (text.compare(i, 2, "/*") == 0) return text.find("*/", i) + 2;
  return i;
}

std::vector<Gap> gaps(const std::string& text) {
  std::vector<Gap> out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t after = skip_literal(text, i);
    if (after != i) {
      i = after;
      continue;
    }
    if (text[i] == ' ' || text[i] == '\n') {
      size_t end = i;
      while (end < text.size() && (text[end] == ' ' || text[end] == '\n')) ++end;
      out.push_back({i, end});
      i = end;
      continue;
    }
    const bool inside_number = i > 0 && i + 1 < text.size() && is_digit(text[i - 1]) && is_digit(text[i + 1]);
    if (is_punctuation(text[i]) && !inside_number) {
      if (i > 0 && text[i - 1] != ' ' && text[i - 1] != '\n') out.push_back({i, i});
      if (i + 1 < text.size() && text[i + 1] != ' ' && text[i + 1] != '\n') out.push_back({i + 1, i + 1});
    }
    ++i;
  }
  return out;
}

// `text` with every gap replaced by one of `fillers`, picked at random; a gap
// holding a blank line stays when `keep_blank_lines`, as blank lines are kept.
std::string relaid(const std::string& text, const std::vector<std::string>& fillers, std::mt19937& random,
                   bool keep_blank_lines) {
  std::string out;
  size_t at = 0;
  std::uniform_int_distribution<size_t> pick(0, fillers.size() - 1);
  for (const Gap& gap : gaps(text)) {
    if (gap.begin < at) continue;
    if (keep_blank_lines && text.substr(gap.begin, gap.end - gap.begin).find("\n\n") != std::string::npos) continue;
    out += text.substr(at, gap.begin - at);
    std::string filler = fillers[pick(random)];
    if (filler.empty() && gap.begin != gap.end) filler = " ";  // two words need a separator
    out += filler;
    at = gap.end;
  }
  return out + text.substr(at);
}

std::vector<std::string> inputs() {
  std::vector<std::string> out;
  for (const ConstructCase& c : construct_cases()) out.push_back(canonical(c));
  return out;
}

}  // namespace

TEST_CASE("format: changing only spaces and line breaks between tokens changes nothing", "[format]") {
  std::mt19937 random(20260101);
  const std::vector<std::string> fillers = {"", " ", "   ", "\n", "\t", "\n    ", " \n  "};
  for (const std::string& canonical_text : inputs()) {
    for (int round = 0; round < 5; ++round) {
      const std::string input = relaid(canonical_text, fillers, random, true);
      INFO("input:\n" << input);
      CHECK(formatted(input) == canonical_text);
    }
  }
}

TEST_CASE("format: comments and blank lines anywhere between tokens keep every property", "[format]") {
  std::mt19937 random(7);
  const std::vector<std::string> fillers = {"",       " ",         "\n",       "\n\n\n  ", " /* c */ ",
                                            " /*x*/",  " // d\n",   "\n// e\n", "\n\n/* f\n   g */\n\n",
                                            " /* h */ // i\n"};
  for (const std::string& canonical_text : inputs()) {
    for (int round = 0; round < 5; ++round) check_format_properties(relaid(canonical_text, fillers, random, false));
  }
}
