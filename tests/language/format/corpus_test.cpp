// The format properties over every contract in the repository, and over every
// other input the format tests have, so the test says something even before
// contracts/ fills up.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/language/format/construct_cases.h"
#include "tests/language/format/format_harness.h"

using namespace slaudit::format_test;

namespace {

std::vector<std::filesystem::path> contract_files() {
  const std::filesystem::path root = std::filesystem::path(SLAUDIT_SOURCE_DIR) / "contracts";
  std::vector<std::filesystem::path> out;
  std::error_code error;
  if (!std::filesystem::is_directory(root, error)) return out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root, error))
    if (entry.is_regular_file() && entry.path().extension() == ".sla") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("format: every contract under contracts/ formats without changing its meaning", "[format]") {
  size_t checked = 0;
  for (const auto& path : contract_files()) {
    const std::string text = read(path);
    // Contracts that do not parse are for the diagnostics tests; fmt refuses them.
    const std::string errors = parse_errors(text);
    if (!errors.empty()) {
      WARN("skipped, it does not parse: " << path.string() << "\n" << errors);
      continue;
    }
    INFO("contract: " << path.string());
    check_format_properties(text);
    ++checked;
  }
  // Until contracts/ is written, the table's inputs keep this test honest.
  for (const ConstructCase& c : construct_cases()) {
    INFO("construct case: " << c.name);
    check_format_properties(source(c));
    ++checked;
  }
  CHECK(checked > construct_cases().size() / 2);
}
