// The examples of the language reference, compiled. Every ```sla block of
// docs/language.md is read at run time and checked, so the reference cannot
// drift from the checker:
//   - a whole contract (no `// in:` marker) must compile with no errors;
//   - a fragment, marked `// in: WHERE` on its first line, is wrapped into a
//     minimal contract (see kWrappers) and must compile with no errors;
//   - a block marked `// error: CODE` must produce an error with that code,
//     and one marked `// warning: CODE` a warning with that code and no error.
// Marker lines are the leading `// in:`, `// error:` and `// warning:` lines
// of a block, in any order; the convention is restated at the top of
// docs/language.md. The test fails when the reference holds no block.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "language/compile/compile.h"

using namespace slaudit;

namespace {

const std::string kReference = std::string(SLAUDIT_SOURCE_DIR) + "/docs/language.md";

// How a fragment is wrapped into a contract: the text before and after it.
struct Wrapper {
  const char* before;
  const char* after;
};

const std::map<std::string, Wrapper> kWrappers = {
    // Contract items: header items, services, clauses, commitments, claims.
    {"contract", {"contract \"example\" {\n", "\n}\n"}},
    // Items of a service block.
    {"service",
     {"contract \"example\" {\n  timezone \"UTC\"; currency USD;\n  service training {\n", "\n  }\n}\n"}},
    // Items of an availability clause.
    {"availability",
     {"contract \"example\" {\n  timezone \"UTC\"; currency USD;\n"
      "  service training { fee 1000.00 per month; capacity 4096 gpus, 512 nodes; }\n"
      "  availability training {\n",
      "\n  }\n}\n"}},
    // Settings of a probe block.
    {"probes",
     {"contract \"example\" {\n  timezone \"UTC\"; currency USD;\n  service training { fee 1000.00 per month; }\n"
      "  availability training {\n    unavailable from probes {\n",
      "\n    }\n  }\n}\n"}},
    // Items of a recovery clause.
    {"recovery",
     {"contract \"example\" {\n  timezone \"UTC\"; currency USD;\n  service training { fee 1000.00 per month; }\n"
      "  recovery training {\n",
      "\n  }\n}\n"}},
};

struct Block {
  size_t line = 0;      // of the opening fence in language.md
  std::string text;     // as written, markers included
  std::string where;    // `// in:` value; empty for a whole file
  std::string error;    // `// error:` code
  std::string warning;  // `// warning:` code
  std::vector<std::string> problems;  // malformed markers
};

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  const size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

// Reads the leading marker lines of a block.
void read_markers(Block& block) {
  std::istringstream in(block.text);
  std::string line;
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    std::string* slot = nullptr;
    std::string rest;
    for (auto [prefix, field] : {std::pair<const char*, std::string*>{"// in:", &block.where},
                                 {"// error:", &block.error},
                                 {"// warning:", &block.warning}}) {
      const std::string p = prefix;
      if (t.rfind(p, 0) == 0) {
        slot = field;
        rest = trim(t.substr(p.size()));
      }
    }
    if (slot == nullptr) break;
    if (rest.empty() || rest.find(' ') != std::string::npos) block.problems.push_back("malformed marker: " + t);
    if (!slot->empty()) block.problems.push_back("marker given twice: " + t);
    *slot = rest;
  }
  if (!block.where.empty() && kWrappers.count(block.where) == 0)
    block.problems.push_back("unknown `// in:` place '" + block.where + "'");
  if (!block.error.empty() && !block.warning.empty())
    block.problems.push_back("a block expects an error or a warning, not both");
}

// Every ```sla block of a Markdown text, with the line of its fence. Fences
// of other languages are skipped whole, so an sla fence inside one is text.
std::vector<Block> sla_blocks(const std::string& markdown, std::vector<std::string>& problems) {
  std::vector<Block> blocks;
  std::istringstream in(markdown);
  std::string line;
  size_t number = 0;
  bool in_fence = false, in_sla = false;
  Block current;
  while (std::getline(in, line)) {
    ++number;
    const std::string t = trim(line);
    if (!in_fence) {
      if (t.rfind("```", 0) != 0) continue;
      in_fence = true;
      in_sla = trim(t.substr(3)) == "sla";
      current = Block{};
      current.line = number;
      continue;
    }
    if (t == "```") {
      in_fence = false;
      if (in_sla) {
        read_markers(current);
        blocks.push_back(current);
      }
      continue;
    }
    if (in_sla) current.text += line + "\n";
  }
  if (in_fence) problems.push_back("the code block opened at line " + std::to_string(current.line) + " is never closed");
  return blocks;
}

// The first word of a text that is not inside a comment or blank.
std::string first_word(const std::string& text) {
  size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
    } else if (text.compare(i, 2, "//") == 0) {
      i = text.find('\n', i);
      if (i == std::string::npos) return "";
    } else if (text.compare(i, 2, "/*") == 0) {
      i = text.find("*/", i + 2);
      if (i == std::string::npos) return "";
      i += 2;
    } else {
      break;
    }
  }
  size_t j = i;
  while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' || text[j] == '@')) ++j;
  return text.substr(i, j - i);
}

std::string source_of(const Block& block) {
  if (block.where.empty()) return block.text;
  const Wrapper& w = kWrappers.at(block.where);
  return w.before + block.text + w.after;
}

bool has(const Diagnostics& diagnostics, Severity severity, const std::string& code) {
  for (const auto& d : diagnostics.items())
    if (d.severity == severity && d.code == code) return true;
  return false;
}

std::string read_reference() {
  std::ifstream file(kReference, std::ios::binary);
  if (!file) return "";
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("every example of the language reference compiles as it says", "[docs]") {
  const std::string markdown = read_reference();
  INFO("reading " << kReference);
  REQUIRE_FALSE(markdown.empty());
  std::vector<std::string> problems;
  const auto blocks = sla_blocks(markdown, problems);
  for (const auto& p : problems) FAIL_CHECK(p);
  // Not vacuous: there are blocks, and each kind of check has something to check.
  REQUIRE_FALSE(blocks.empty());
  size_t whole = 0, fragments = 0, errors = 0, warnings = 0;
  for (const auto& b : blocks) {
    (b.where.empty() ? whole : fragments) += 1;
    errors += !b.error.empty();
    warnings += !b.warning.empty();
  }
  CHECK(whole > 0);
  CHECK(fragments > 0);
  CHECK(errors > 0);

  for (const auto& block : blocks) {
    const std::string source = source_of(block);
    INFO("docs/language.md:" << block.line << ": the ```sla block compiled as:\n" << source);
    for (const auto& p : block.problems) FAIL_CHECK(p);
    if (!block.problems.empty()) continue;
    if (block.where.empty() && block.error.empty() && block.warning.empty()) {
      // Unmarked: a whole contract, or a forgotten `// in:` marker.
      const std::string word = first_word(block.text);
      CHECK((word == "contract" || word.rfind('@', 0) == 0));
    }
    SourceFile file("language.md:" + std::to_string(block.line), source);
    const CompiledContract compiled = compile_contract(file);
    INFO("diagnostics:\n" << render_diagnostics(file, compiled.diagnostics));
    if (!block.error.empty()) {
      CHECK(has(compiled.diagnostics, Severity::Error, block.error));
    } else if (!block.warning.empty()) {
      CHECK_FALSE(compiled.diagnostics.has_errors());
      CHECK(has(compiled.diagnostics, Severity::Warning, block.warning));
    } else {
      CHECK_FALSE(compiled.diagnostics.has_errors());
    }
  }
  // The count, for the record (shown with -s).
  SUCCEED(blocks.size() << " blocks: " << whole << " whole contracts, " << fragments << " fragments, " << errors
                        << " expecting an error, " << warnings << " expecting a warning");
}

TEST_CASE("the example reader finds blocks, markers and unclosed fences", "[docs]") {
  std::vector<std::string> problems;
  const auto blocks = sla_blocks(
      "text\n```sla\n// in: availability\n// error: unit-mismatch\ntarget 20 min;\n```\n"
      "```text\n```sla\n```\n```sla\ncontract \"t\" { }\n```\n```sla\n// in: nowhere\n",
      problems);
  REQUIRE(blocks.size() == 2);
  CHECK(blocks[0].line == 2);
  CHECK(blocks[0].where == "availability");
  CHECK(blocks[0].error == "unit-mismatch");
  CHECK(blocks[0].problems.empty());
  CHECK(blocks[1].where.empty());
  CHECK(first_word(blocks[1].text) == "contract");
  CHECK(problems.size() == 1);  // the last fence is never closed
  Block bad;
  bad.text = "// in: nowhere\nx;\n";
  read_markers(bad);
  CHECK(bad.problems.size() == 1);
}
