#include "base/util/file_io.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <sys/stat.h>

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

namespace {

// Every byte of `text` into `path`, the close included: the last bytes reach
// the file system there, or fail to.
bool write_whole(const std::string& path, const std::string& text, const std::string& named, std::string& error) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) {
    out << text;
    out.close();
  }
  if (out) return true;
  error = "cannot write '" + named + "': " + (errno != 0 ? std::strerror(errno) : "write error");
  return false;
}

}  // namespace

bool write_file(const std::string& path, const std::string& text, std::string& error) {
  // A device or a pipe (/dev/stdout) is written as it is: it cannot be replaced.
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    return write_whole(path, text, path, error);
  // Write beside the file, then rename: a failed write (a full disk) never
  // leaves half a file, nor spoils the one that was there.
  const std::string temp = path + ".slaudit-tmp";
  if (!write_whole(temp, text, path, error)) {
    std::filesystem::remove(temp, ec);
    return false;
  }
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    error = "cannot write '" + path + "': " + ec.message();
    std::filesystem::remove(temp, ec);
    return false;
  }
  return true;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty() || a == "-" || b == "-") return false;
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  // Absolute first: the canonical form of a relative path none of whose parts exists is itself.
  std::error_code ea, eb;
  const std::filesystem::path ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a, ea), ea);
  const std::filesystem::path cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b, eb), eb);
  return !ea && !eb && ca == cb;
}

}  // namespace slaudit
