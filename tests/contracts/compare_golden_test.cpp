// The comparison's golden reports (tests/golden/compare/<case>/): each `args`
// run by the built slaudit from the source root must print `expected.json`,
// `expected.txt` and `expected.md` (whichever the case has) byte for byte, with
// the engine's version and tzdata release blanked (the test checks those
// against the build instead). The figures behind them are worked by hand in
// contracts/compare/README.md and asserted from the engine in
// tests/engine/selection/; a golden is never just a recording.
// To refresh after a documented change: run each case's args with --format
// json, text and markdown from the source root, through the same blanking.
#include <catch2/catch.hpp>


#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "base/time/time_zone.h"
#include "tests/support/cli_run.h"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = SLAUDIT_SOURCE_DIR;

struct Output {
  const char* file;
  const char* format;
};
constexpr Output kOutputs[] = {{"expected.json", "json"}, {"expected.txt", "text"}, {"expected.md", "markdown"}};

std::string first_line(const fs::path& path) {
  std::string text = slaudit::testing::slurp(path);
  return text.substr(0, text.find_first_of("\r\n"));
}

slaudit::testing::CliRun run_from_root(const std::string& args, const fs::path& scratch) {
  return slaudit::testing::run_from(kRoot, SLAUDIT_CLI, args, scratch);
}

// The engine's version and the tzdata release compiled in, as each format prints them, blanked.
std::string without_engine(std::string report) {
  static const std::regex json(R"re("engine": \{\n    "tzdata": "[^"]*",\n    "version": "[^"]*"\n  \})re");
  static const std::regex text(R"re(([Ee])ngine slaudit [^,\n]*, tzdata [^\n.]*)re");
  report = std::regex_replace(report, json, R"("engine": {"tzdata": "-", "version": "-"})");
  return std::regex_replace(report, text, "$1ngine slaudit -, tzdata -");
}

}  // namespace

TEST_CASE("compare goldens: each case prints its expected reports byte for byte", "[compare][golden]") {
  std::vector<fs::path> cases;
  for (const auto& entry : fs::directory_iterator(kRoot / "tests/golden/compare")) cases.push_back(entry.path());
  std::sort(cases.begin(), cases.end());
  REQUIRE(cases.size() >= 3);
  const slaudit::testing::ScratchDir scratch("compare-golden");
  for (const fs::path& golden : cases) {
    const std::string args = first_line(golden / "args");
    size_t outputs = 0;
    for (const Output& o : kOutputs) {
      if (!fs::exists(golden / o.file)) continue;
      ++outputs;
      INFO(golden.filename().string() << ": slaudit " << args << " --format " << o.format);
      const slaudit::testing::CliRun run = run_from_root(args + " --format " + o.format, scratch.path());
      INFO("stderr: " << run.err);
      CHECK(run.exit == 0);
      CHECK(without_engine(run.out) == slaudit::testing::slurp(golden / o.file));
      // What was blanked is this build's.
      CHECK(run.out.find(std::string(slaudit::TimeZone::tzdata_version())) != std::string::npos);
    }
    CHECK(outputs > 0);
  }
}
