// The ledger's golden history (tests/golden/ledger/<case>/): `steps` run by the
// built slaudit from the source root, in order, into a fresh ledger (each with
// the exit code it names), then each line of `outputs` must print its file
// byte for byte, with the recorded_at times (the clock at recording) blanked
// to "-". The figures are worked by hand in the case's README.md; a golden is
// never just a recording.
// To refresh after a documented change: run the steps as the test does and
// write each output through the same blanking.
#include <catch2/catch.hpp>


#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "tests/support/cli_run.h"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = SLAUDIT_SOURCE_DIR;

slaudit::testing::CliRun run_from_root(const std::string& args, const fs::path& scratch) {
  return slaudit::testing::run_from(kRoot, SLAUDIT_CLI, args, scratch);
}

std::string with_ledger(std::string args, const fs::path& ledger) {
  const std::string placeholder = "LEDGER";
  const size_t at = args.find(placeholder);
  REQUIRE(at != std::string::npos);
  return args.replace(at, placeholder.size(), "'" + ledger.string() + "'");
}

std::string without_recorded_at(const std::string& csv) {
  static const std::regex at(",[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z,");
  return std::regex_replace(csv, at, ",-,");
}

// The lines of a steps or outputs file, comments and blank lines left out:
// each split into its first word and the rest.
std::vector<std::pair<std::string, std::string>> lines_of(const fs::path& path) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream in(slaudit::testing::slurp(path));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const size_t space = line.find(' ');
    REQUIRE(space != std::string::npos);
    out.emplace_back(line.substr(0, space), line.substr(space + 1));
  }
  return out;
}

}  // namespace

TEST_CASE("ledger goldens: three months of the EC2 fleet with a re-audit and a trailing cap", "[ledger][golden]") {
  const fs::path golden = kRoot / "tests/golden/ledger/ec2_fleet_three_months";
  const slaudit::testing::ScratchDir scratch("ledger-golden");
  const fs::path ledger = scratch.path() / "audits.db";
  const auto steps = lines_of(golden / "steps");
  REQUIRE(steps.size() == 7);
  for (const auto& [exit, args] : steps) {
    const slaudit::testing::CliRun run = run_from_root(with_ledger(args, ledger), scratch.path());
    INFO("slaudit " << args << "\nstderr: " << run.err);
    REQUIRE(run.exit == std::stoi(exit));
  }
  const auto outputs = lines_of(golden / "outputs");
  REQUIRE(outputs.size() == 3);
  for (const auto& [file, args] : outputs) {
    const slaudit::testing::CliRun run = run_from_root(with_ledger(args, ledger), scratch.path());
    INFO(file << ": slaudit " << args << "\nstderr: " << run.err);
    CHECK(run.exit == 0);
    CHECK(without_recorded_at(run.out) == slaudit::testing::slurp(golden / file));
  }
}
