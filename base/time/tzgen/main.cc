// slaudit_tzgen ZONEINFO_DIR OUTPUT_CPP
//
// Build-time generator: reads every TZif zone under ZONEINFO_DIR (Debian's
// /usr/share/zoneinfo) and writes the tables of base/time/tzdb_data.h to
// OUTPUT_CPP, so that slaudit carries its zone data instead of reading the
// files of whatever machine it runs on. Fails loudly on anything it cannot
// parse: a silently missing zone would surface as a wrong audit much later.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "base/time/tzgen/table_writer.h"
#include "base/time/tzgen/tzif.h"
#include "base/time/tzgen/zone_history.h"

namespace fs = std::filesystem;
using namespace slaudit::tzgen;

namespace {

// Footer rules are turned into explicit transitions up to this year.
constexpr int last_rule_year = 2200;

// Not zone names: alternative trees with the same zones (posix/, right/ with
// leap seconds), the machine's own setting, and zic's legacy default rules.
bool is_skipped(const std::string& name) {
  return name.starts_with("posix/") || name.starts_with("right/") || name == "localtime" ||
         name == "posixrules";
}

std::vector<std::string> zone_names(const fs::path& root) {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root)) {
    const std::string name = entry.path().lexically_relative(root).generic_string();
    if (is_skipped(name) || !entry.is_regular_file() || !is_tzif_file(entry.path())) continue;
    names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// tzdata.zi starts with "# version 2025b".
std::string tzdata_version(const fs::path& root) {
  std::ifstream in(root / "tzdata.zi");
  std::string line;
  const std::string prefix = "# version ";
  if (!std::getline(in, line) || !line.starts_with(prefix)) return {};
  return line.substr(prefix.size());
}

int fail(const std::string& message) {
  std::cerr << "slaudit_tzgen: " << message << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage: slaudit_tzgen ZONEINFO_DIR OUTPUT_CPP");
  const fs::path root = argv[1];
  const fs::path output = argv[2];
  const std::string version = tzdata_version(root);
  if (version.empty()) return fail("no \"# version\" line in " + (root / "tzdata.zi").string());

  const std::vector<std::string> names = zone_names(root);
  for (const char* required : {"UTC", "Etc/UTC"})
    if (!std::binary_search(names.begin(), names.end(), required))
      return fail(std::string("zone ") + required + " is missing from " + root.string());

  TableWriter tables;
  for (const std::string& name : names) {
    std::string error;
    const auto tzif = read_tzif(root / name, error);
    const auto history = tzif ? build_zone_history(*tzif, last_rule_year, error) : std::nullopt;
    if (!history || !tables.add_zone(name, *history, error)) return fail(name + ": " + error);
  }
  if (tables.transition_count() == 0) return fail("no transitions at all in " + root.string());

  fs::create_directories(output.parent_path());
  const fs::path partial = output.string() + ".partial";
  {
    std::ofstream out(partial);
    tables.write(out, version, last_rule_year);
    if (!out) return fail("cannot write " + partial.string());
  }
  fs::rename(partial, output);  // never leave a half-written source for the compiler
  std::cout << "slaudit_tzgen: tzdata " << version << ", " << tables.zone_count() << " zones, "
            << tables.rules_count() << " distinct, " << tables.transition_count() << " transitions\n";
  return 0;
}
