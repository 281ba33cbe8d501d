#pragma once
// Test support for end-to-end tests of built programs (slaudit, the
// generators): a scratch folder of the test's own, and a run of a program
// inside it with its exit code, standard output and standard error captured.
#include <filesystem>
#include <string>

namespace slaudit::testing {

struct CliRun {
  int exit = -1;  // -1: the program did not exit normally
  std::string out, err;
};

std::string slurp(const std::filesystem::path& path);
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Runs `program args` (a shell command line) with `dir` as working directory
// (the source root, say), its output caught in files of the folder `scratch`.
CliRun run_from(const std::filesystem::path& dir, const std::string& program, const std::string& args,
                const std::filesystem::path& scratch);

// A folder under the system's temporary folder, named by `tag` and the
// process id (ctest runs test processes in parallel), removed with its content.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& tag);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return dir_; }
  void write(const std::string& name, const std::string& text) const;
  std::string read(const std::string& name) const;
  void copy_in(const std::filesystem::path& from, const std::string& name) const;
  // Runs `program args` (a shell command line) with the folder as working directory.
  CliRun run(const std::string& program, const std::string& args) const;

 private:
  std::filesystem::path dir_;
};

}  // namespace slaudit::testing
