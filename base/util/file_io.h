#pragma once
// Whole-file access. Errors are values with a message ready for the user
// ("cannot read 'x.sla': No such file or directory").
#include <optional>
#include <string>

namespace slaudit {

struct ReadResult {
  std::optional<std::string> text;
  std::string error;  // set when text is empty
};

ReadResult read_file(const std::string& path);  // "-" reads standard input
bool write_file(const std::string& path, const std::string& text, std::string& error);

}  // namespace slaudit
