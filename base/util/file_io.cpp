#include "base/util/file_io.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace slaudit {

ReadResult read_file(const std::string& path) {
  if (path == "-") {
    std::stringstream ss;
    ss << std::cin.rdbuf();
    return {ss.str(), ""};
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return {std::nullopt, "cannot read '" + path + "': it is a directory"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return {std::nullopt, "cannot read '" + path + "': " + std::strerror(errno)};
  std::stringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return {std::nullopt, "cannot read '" + path + "': read error"};
  return {ss.str(), ""};
}

bool write_file(const std::string& path, const std::string& text, std::string& error) {
  // Write beside the file, then rename: a failed write never leaves half a contract.
  const std::string temp = path + ".slaudit-tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out || !(out << text) || !out.flush()) {
      error = "cannot write '" + path + "': " + std::strerror(errno);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    error = "cannot write '" + path + "': " + ec.message();
    std::filesystem::remove(temp, ec);
    return false;
  }
  return true;
}

}  // namespace slaudit
