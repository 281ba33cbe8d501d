// The README's layout table (section "Layout") is the map a newcomer reads
// first: it must name every folder of the sources, down to the folders inside
// each floor, so a folder added without a word there fails here.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// The table's row for `folder`: the line starting "| `folder/` |".
std::string layout_row(const std::string& readme, const std::string& folder) {
  const std::string start = "| `" + folder + "/` |";
  std::istringstream lines(readme);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(start)) return line;
  return "";
}

}  // namespace

TEST_CASE("the README layout table names every source folder and the folders inside each floor", "[architecture]") {
  const fs::path root = SLAUDIT_SOURCE_DIR;
  std::ifstream in(root / "README.md");
  REQUIRE(in);
  const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The top-level folders a clone holds (build trees and hidden folders are no part of the layout).
  std::set<std::string> top;
  for (const fs::directory_entry& e : fs::directory_iterator(root))
    if (e.is_directory() && !e.path().filename().string().starts_with(".") && e.path().filename() != "build")
      top.insert(e.path().filename().string());
  REQUIRE(top.contains("engine"));  // the walk found the sources
  const std::set<std::string> floors = {"base", "language", "engine", "telemetry", "rules", "report"};
  for (const std::string& folder : top) {
    const std::string row = layout_row(readme, folder);
    INFO("README.md has no layout row for " << folder << "/");
    REQUIRE_FALSE(row.empty());
    if (!floors.contains(folder)) continue;
    for (const fs::directory_entry& e : fs::directory_iterator(root / folder)) {
      if (!e.is_directory()) continue;
      const std::string inner = e.path().filename().string() + "/";
      INFO("the row of " << folder << "/ does not name `" << inner << "`");
      CHECK(row.find("`" + inner + "`") != std::string::npos);
    }
  }
}
