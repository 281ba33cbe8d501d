#pragma once
// File access for the commands. Errors are values with a message ready for
// the user; the commands map them to exit code 2.
#include <optional>
#include <string>

namespace slaudit::cli {

// Exit codes, documented in the README.
enum ExitCode { kOk = 0, kContractErrors = 1, kUsageOrIo = 2, kBreach = 3 };

struct ReadResult {
  std::optional<std::string> text;
  std::string error;  // set when text is empty
};

ReadResult read_file(const std::string& path);  // "-" reads standard input
bool write_file(const std::string& path, const std::string& text, std::string& error);

}  // namespace slaudit::cli
