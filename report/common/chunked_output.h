#pragma once
// Text appended as a report is made and handed to the stream in chunks of
// about a mebibyte: a report that lists a million incidents (--explain) never
// exists whole in memory, and the stream sees few large writes.
#include <ostream>
#include <string>
#include <string_view>

namespace slaudit::report {

class ChunkedOutput {
 public:
  explicit ChunkedOutput(std::ostream& out) : out_(out) { buffer_.reserve(kChunk + 4096); }
  ChunkedOutput(const ChunkedOutput&) = delete;
  ChunkedOutput& operator=(const ChunkedOutput&) = delete;
  ~ChunkedOutput() { flush(); }

  ChunkedOutput& operator+=(std::string_view text) {
    buffer_ += text;
    if (buffer_.size() >= kChunk) flush();
    return *this;
  }
  ChunkedOutput& operator+=(char c) {
    buffer_ += c;
    return *this;
  }
  void flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
  }

 private:
  static constexpr size_t kChunk = 1 << 20;
  std::ostream& out_;
  std::string buffer_;
};

}  // namespace slaudit::report
