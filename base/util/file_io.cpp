#include "base/util/file_io.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace slaudit {

std::string byte_limit_text(size_t bytes) {
  std::string out = std::to_string(bytes) + " bytes";
  if (bytes >= (size_t{1} << 20) && bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB (" + out + ")";
  if (bytes >= (size_t{1} << 10) && bytes % (size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KiB (" + out + ")";
  return out;
}

namespace {

// Reads `in` to its end or to one byte past `max_bytes`, whichever is first.
bool read_bounded(std::istream& in, size_t max_bytes, std::string& out) {
  char block[1 << 16];
  while (out.size() <= max_bytes) {
    in.read(block, static_cast<std::streamsize>(std::min(sizeof block, max_bytes + 1 - out.size())));
    out.append(block, static_cast<size_t>(in.gcount()));
    if (in.gcount() == 0) break;
  }
  return out.size() <= max_bytes;
}

std::string too_large(const std::string& path, size_t max_bytes, std::string_view what) {
  return "cannot read '" + path + "': it is larger than " + byte_limit_text(max_bytes) + ", the limit for " +
         std::string(what);
}

}  // namespace

ReadResult read_file(const std::string& path, size_t max_bytes, std::string_view what) {
  std::string text;
  if (path == "-") {
    if (!read_bounded(std::cin, max_bytes, text)) return {std::nullopt, too_large(path, max_bytes, what)};
    return {std::move(text), ""};
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return {std::nullopt, "cannot read '" + path + "': it is a directory"};
  // A regular file's size is known: refuse it before reading a byte.
  if (std::filesystem::is_regular_file(path, ec)) {
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) return {std::nullopt, too_large(path, max_bytes, what)};
    if (!ec) text.reserve(static_cast<size_t>(size));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return {std::nullopt, "cannot read '" + path + "': " + std::strerror(errno)};
  const bool whole = read_bounded(in, max_bytes, text);
  if (in.bad()) return {std::nullopt, "cannot read '" + path + "': read error"};
  if (!whole) return {std::nullopt, too_large(path, max_bytes, what)};
  return {std::move(text), ""};
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
