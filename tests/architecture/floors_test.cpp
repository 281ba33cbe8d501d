// The floor plan, checked against every #include of the sources. The build
// already refuses an include that climbs a floor (each floor's include path
// holds only the floors below it: CMakeLists.txt, slaudit_floor); this test
// states the plan as a table anyone can read, and also checks what the build
// cannot: that no two folders inside a floor include each other, even through
// others, and that the parser's generated headers stay inside language/grammar/.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Each floor, bottom up, with the floors it may include.
//   base <- language <- engine <- telemetry, rules, ledger <- jobs, report <- cli, fuzz
// fuzz/ holds the fuzz harnesses: like cli a top floor, but what it drives are
// the lower floors' readers and checker themselves, not the commands.
const std::map<std::string, std::set<std::string>> kAllowed = {
    {"base", {}},
    {"language", {"base"}},
    {"engine", {"base", "language"}},
    {"telemetry", {"base", "language", "engine"}},
    {"rules", {"base", "language"}},
    {"ledger", {"base", "language", "engine"}},
    {"jobs", {"base", "language", "engine", "telemetry", "rules", "ledger"}},
    {"report", {"base", "language", "engine", "rules", "ledger"}},
    {"cli", {"base", "language", "rules", "jobs", "report"}},
    {"fuzz", {"base", "language", "engine", "telemetry", "rules", "ledger", "jobs", "report"}},
};

struct Include {
  std::string from;  // the including file, relative to the source root
  std::string to;    // the included path as written
};

std::vector<Include> all_includes() {
  const fs::path root = SLAUDIT_SOURCE_DIR;
  const std::regex include_line(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<Include> out;
  for (const auto& [floor, _] : kAllowed)
    for (const auto& entry : fs::recursive_directory_iterator(root / floor)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".cpp" && ext != ".h" && ext != ".cc") continue;
      std::ifstream in(entry.path());
      std::string line;
      std::smatch m;
      while (std::getline(in, line))
        if (std::regex_search(line, m, include_line))
          out.push_back({fs::relative(entry.path(), root).generic_string(), m[1]});
    }
  return out;
}

std::string first_part(const std::string& path) { return path.substr(0, path.find('/')); }

// "engine/audit/probe/x.h" -> "engine/audit"; "report/formats.h" -> "report".
std::string folder(const std::string& path) {
  const size_t a = path.find('/');
  const size_t b = path.find('/', a + 1);
  return b == std::string::npos ? path.substr(0, a) : path.substr(0, b);
}

}  // namespace

TEST_CASE("floors: every include goes down the floor plan", "[architecture]") {
  const std::vector<Include> includes = all_includes();
  REQUIRE(includes.size() > 500);  // the scan found the sources
  std::vector<std::string> wrong;
  for (const Include& inc : includes) {
    const std::string from = first_part(inc.from), to = first_part(inc.to);
    if (!kAllowed.contains(to) || from == to) continue;  // a library header or the floor itself
    if (!kAllowed.at(from).contains(to)) wrong.push_back(inc.from + " -> " + inc.to);
  }
  CHECK(wrong == std::vector<std::string>{});
}

TEST_CASE("floors: the parser's generated headers stay in language/grammar", "[architecture]") {
  std::vector<std::string> wrong;
  for (const Include& inc : all_includes()) {
    const bool generated = inc.to.starts_with("Slaudit") || inc.to.starts_with("antlr4");
    if (generated && !inc.from.starts_with("language/grammar/")) wrong.push_back(inc.from + " -> " + inc.to);
  }
  CHECK(wrong == std::vector<std::string>{});
}

TEST_CASE("floors: no two folders include each other, even through others", "[architecture]") {
  std::map<std::string, std::set<std::string>> arrows;
  for (const Include& inc : all_includes()) {
    if (!kAllowed.contains(first_part(inc.to))) continue;
    const std::string from = folder(inc.from), to = folder(inc.to);
    if (from != to) arrows[from].insert(to);
  }
  // Depth-first search; a folder met again while still on the path closes a cycle.
  std::map<std::string, int> state;  // 0 unvisited, 1 on the path, 2 done
  std::vector<std::string> path, cycles;
  std::function<void(const std::string&)> visit = [&](const std::string& f) {
    state[f] = 1;
    path.push_back(f);
    for (const std::string& next : arrows[f]) {
      if (state[next] == 1) {
        std::string cycle;
        for (auto it = std::find(path.begin(), path.end(), next); it != path.end(); ++it) cycle += *it + " -> ";
        cycles.push_back(cycle + next);
      } else if (state[next] == 0) {
        visit(next);
      }
    }
    path.pop_back();
    state[f] = 2;
  };
  for (const auto& [f, _] : arrows)
    if (state[f] == 0) visit(f);
  CHECK(cycles == std::vector<std::string>{});
}
