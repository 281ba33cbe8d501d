// slaudit_fuzz_replay NAME PATH...: runs harness NAME once over every file
// given, and every file under every directory given (sorted, so a failure
// names the same file each time). `--list` prints the harnesses. This is how
// the normal builds exercise every harness (ctest: one test per harness over
// its seed corpus) and how a crash file from libFuzzer is replayed under GCC.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "fuzz/support/fuzz_target.h"

namespace slaudit::fuzz {
namespace {

std::map<std::string, Harness>& harnesses() {
  static std::map<std::string, Harness> table;
  return table;
}

std::vector<std::filesystem::path> files_under(const std::filesystem::path& path) {
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(path)) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(path))
      if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(path);
  }
  return files;
}

bool read_whole(const std::filesystem::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

int usage() {
  std::fprintf(stderr, "usage: slaudit_fuzz_replay NAME FILE_OR_DIR...\n       slaudit_fuzz_replay --list\n");
  return 2;
}

}  // namespace

bool register_harness(const char* name, Harness harness) {
  harnesses().emplace(name, harness);
  return true;
}

}  // namespace slaudit::fuzz

int main(int argc, char** argv) {
  using namespace slaudit::fuzz;
  if (argc == 2 && std::string(argv[1]) == "--list") {
    for (const auto& [name, _] : harnesses()) std::printf("%s\n", name.c_str());
    return 0;
  }
  if (argc < 3) return usage();
  const auto found = harnesses().find(argv[1]);
  if (found == harnesses().end()) {
    std::fprintf(stderr, "slaudit_fuzz_replay: no harness named '%s' (--list shows them)\n", argv[1]);
    return 2;
  }
  size_t runs = 0;
  for (int i = 2; i < argc; ++i) {
    if (!std::filesystem::exists(argv[i])) {
      std::fprintf(stderr, "slaudit_fuzz_replay: %s: no such file or directory\n", argv[i]);
      return 2;
    }
    for (const auto& file : files_under(argv[i])) {
      std::string data;
      if (!read_whole(file, data)) {
        std::fprintf(stderr, "slaudit_fuzz_replay: %s: cannot read\n", file.c_str());
        return 2;
      }
      std::fprintf(stderr, "%s: %s (%zu bytes)\n", argv[1], file.c_str(), data.size());
      found->second(data);
      ++runs;
    }
  }
  // A corpus that yields no file would make the test pass having run nothing.
  if (runs == 0) {
    std::fprintf(stderr, "slaudit_fuzz_replay: no input file found\n");
    return 2;
  }
  std::printf("%s: %zu inputs, no failure\n", argv[1], runs);
  return 0;
}
