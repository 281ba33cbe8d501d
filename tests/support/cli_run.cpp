#include "tests/support/cli_run.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace slaudit::testing {

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

ScratchDir::ScratchDir(const std::string& tag)
    : dir_(fs::temp_directory_path() / ("slaudit-" + tag + "-" + std::to_string(::getpid()))) {
  fs::create_directories(dir_);
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

void ScratchDir::write(const std::string& name, const std::string& text) const {
  std::ofstream(dir_ / name, std::ios::binary) << text;
}

std::string ScratchDir::read(const std::string& name) const { return slurp(dir_ / name); }

void ScratchDir::copy_in(const fs::path& from, const std::string& name) const {
  fs::copy_file(from, dir_ / name, fs::copy_options::overwrite_existing);
}

CliRun ScratchDir::run(const std::string& program, const std::string& args) const {
  return run_from(dir_, program, args, dir_);
}

CliRun run_from(const std::filesystem::path& dir, const std::string& program, const std::string& args,
                const std::filesystem::path& scratch) {
  const std::filesystem::path out = scratch / "out.txt", err = scratch / "err.txt";
  const std::string command = "cd '" + dir.string() + "' && '" + program + "' " + args + " > '" + out.string() +
                              "' 2> '" + err.string() + "'";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

}  // namespace slaudit::testing
