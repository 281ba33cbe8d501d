// The rule findings of the contract library (contracts/library/), tag [library].
//
// Each library contract's header lists the rule findings its provider's text
// deserves (what public-slas.md leaves open), in a fixed form:
//
//      Rule findings this text deserves:
//        billing-no-granularity x1 — the reference states no billing unit
//          (a continuation line is indented further)
//        availability-no-exclusions x2 — ...
//
// or `none` as the only entry. This test runs the catalogue on each file as
// `slaudit check` does (rules::lint_contract) and asserts that the multiset of
// rule ids that fire equals the list: a rule change or an encoding change that
// alters the findings fails here until the file's list is updated. Nothing may
// be silenced: a deserved finding is listed, never @allow'ed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "language/compile/compile.h"
#include "rules/lint.h"
#include "rules/registry.h"

namespace fs = std::filesystem;
using namespace slaudit;

namespace {

const fs::path kRoot = SLAUDIT_SOURCE_DIR;
const std::string kMarker = "   Rule findings this text deserves:";

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Rule id -> count, as listed or as fired.
using FindingCounts = std::map<std::string, size_t>;

struct Listed {
  FindingCounts counts;
  std::string error;  // empty when the block was read
};

// The block after the marker line in the header comment: entry lines indented
// 5 spaces (`id xN — reason` or `none`), continuation lines indented more; it
// ends at a blank line or at the end of the comment (`*/`).
Listed read_listed_findings(const std::string& text) {
  const size_t comment_end = text.find("*/");
  if (!text.starts_with("/*") || comment_end == std::string::npos) return {{}, "no header comment"};
  const std::string header = text.substr(0, comment_end);
  const size_t marker = header.find("\n" + kMarker + "\n");
  if (marker == std::string::npos) return {{}, "no line '" + kMarker + "' in the header comment"};
  if (header.find("\n" + kMarker + "\n", marker + 1) != std::string::npos) return {{}, "the marker line appears twice"};

  static const std::regex entry(R"(     ([a-z][a-z0-9-]*) x([1-9][0-9]*) — \S.*)");
  static const std::regex continuation(R"(       +\S.*)");
  Listed listed;
  bool none = false;
  size_t entries = 0;
  std::istringstream lines(header.substr(marker + kMarker.size() + 2));
  for (std::string line; std::getline(lines, line);) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (line.empty()) break;
    std::smatch m;
    if (std::regex_match(line, m, entry)) {
      if (listed.counts.count(m[1])) return {{}, "rule '" + m[1].str() + "' is listed twice"};
      listed.counts[m[1]] = std::stoul(m[2]);
      ++entries;
    } else if (line == "     none") {
      none = true;
      ++entries;
    } else if (!(entries > 0 && std::regex_match(line, continuation))) {
      return {{}, "not an entry ('     rule-id xN — reason' or '     none'): '" + line + "'"};
    }
  }
  if (entries == 0) return {{}, "the list is empty (write 'none' if the file checks clean)"};
  if (none && entries > 1) return {{}, "'none' with other entries"};
  return listed;
}

struct Fired {
  FindingCounts counts;
  bool ran = false;
  size_t silenced = 0, disables = 0;
};

// The rule findings `slaudit check` reports on a file, with default options.
Fired fired_findings(const std::string& name, const std::string& text) {
  const SourceFile source(name, text);
  const CompiledContract compiled = compile_contract(source);
  const rules::LintResult lint = rules::lint_contract(source, compiled, rules::RuleOptions{});
  Fired fired{{}, lint.ran, lint.suppressed.size(), lint.disables.size()};
  for (const auto& d : lint.findings.items()) ++fired.counts[d.code];
  return fired;
}

std::string describe(const FindingCounts& counts) {
  if (counts.empty()) return "none";
  std::string out;
  for (const auto& [rule, n] : counts) out += (out.empty() ? "" : ", ") + rule + " x" + std::to_string(n);
  return out;
}

}  // namespace

TEST_CASE("library findings: the header block is read as written", "[library]") {
  struct Case {
    const char* text;
    FindingCounts counts;
    const char* error_contains;  // "" when the block must be read
  };
  const std::vector<Case> cases = {
      {"/* T.\n\n   Rule findings this text deserves:\n     none */\ncontract", {}, ""},
      {"/* T.\n\n   Rule findings this text deserves:\n     a-b x2 — why\n       more why\n     c x1 — why */\n",
       {{"a-b", 2}, {"c", 1}},
       ""},
      {"/* T.\n\n   Rule findings this text deserves:\n     a x1 — why\n\n     b x1 — after the blank: not read */\n",
       {{"a", 1}},
       ""},
      {"/* T. */\ncontract", {}, "no line"},
      {"contract // Rule findings this text deserves:", {}, "no header comment"},
      {"/* T.\n   Rule findings this text deserves:\n */", {}, "the list is empty"},
      {"/* T.\n   Rule findings this text deserves:\n     a x0 — zero */", {}, "not an entry"},
      {"/* T.\n   Rule findings this text deserves:\n     a x1 */", {}, "not an entry"},
      {"/* T.\n   Rule findings this text deserves:\n       continuation first */", {}, "not an entry"},
      {"/* T.\n   Rule findings this text deserves:\n     a x1 — r\n     a x2 — r */", {}, "listed twice"},
      {"/* T.\n   Rule findings this text deserves:\n     none\n     a x1 — r */", {}, "'none' with other"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Listed listed = read_listed_findings(c.text);
    if (*c.error_contains) {
      CHECK_THAT(listed.error, Catch::Contains(c.error_contains));
    } else {
      CHECK(listed.error.empty());
      CHECK(listed.counts == c.counts);
    }
  }
}

TEST_CASE("library findings: each contract gets exactly the rule findings its header lists", "[library]") {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kRoot / "contracts/library"))
    if (entry.path().extension() == ".sla") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 9);
  const std::vector<std::string> ids = rules::rule_ids();
  for (const fs::path& path : files) {
    const std::string name = path.filename().string(), text = slurp(path);
    INFO(name);
    const Listed listed = read_listed_findings(text);
    INFO(listed.error);
    REQUIRE(listed.error.empty());
    for (const auto& [rule, n] : listed.counts) {
      INFO("listed rule " << rule);
      CHECK(std::find(ids.begin(), ids.end(), rule) != ids.end());  // a rule of the catalogue
    }
    const Fired fired = fired_findings(name, text);
    CHECK(fired.ran);             // the contract compiled without errors, so the rules ran
    CHECK(fired.silenced == 0);   // a deserved finding is listed, never silenced
    CHECK(fired.disables == 0);   // no @allow or `slaudit: disable` in the library
    INFO("listed: " << describe(listed.counts) << "\nfired:  " << describe(fired.counts));
    CHECK(fired.counts == listed.counts);
  }
}
