#pragma once
// Standard output is the report, so a write that fails must be known, with
// its reason: written here with write(2) through a 64 KiB buffer, the first
// failure's errno is kept (C stdio, std::cout's default, loses it by the final
// flush). A full disk or /dev/full then ends the command with exit 2 and
// "cannot write standard output: No space left on device", never with the
// audit's verdict over a truncated report (exit_after_output).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#include "jobs/messages.h"

namespace slaudit::cli {

class StandardOutput final : public std::streambuf {
 public:
  StandardOutput() : buffer_(size_t{1} << 16) { reset(); }
  int error() const { return error_; }  // errno of the first failed write; 0: none failed

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  void reset() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

  // The buffer to the file descriptor; what a failed write leaves is dropped.
  bool drain() {
    for (const char* p = pbase(); p < pptr();) {
      const ssize_t n = ::write(STDOUT_FILENO, p, static_cast<size_t>(pptr() - p));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        if (error_ == 0) error_ = n < 0 ? errno : EIO;
        reset();
        return false;
      }
      p += n;
    }
    reset();
    return error_ == 0;
  }

  std::vector<char> buffer_;
  int error_ = 0;
};

// The command's exit code once standard output is flushed; 2, with the
// reason on standard error, when any of it could not be written.
inline int exit_after_output(int code, const StandardOutput& out) {
  std::cout.flush();
  if (std::cout.good() && out.error() == 0) return code;
  const int error = out.error();
  std::cerr << "slaudit: cannot write standard output"
            << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << "; the output is incomplete\n";
  return jobs::kUsageOrIo;
}

}  // namespace slaudit::cli
