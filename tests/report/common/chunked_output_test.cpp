// ChunkedOutput: what is appended reaches the stream whole and in order, in
// few large writes (about one per mebibyte), never held whole.
#include <catch2/catch.hpp>

#include <ostream>
#include <streambuf>
#include <string>

#include "report/common/chunked_output.h"

namespace {

// A stream buffer that keeps what it is given and counts the writes.
class CountingBuf : public std::streambuf {
 public:
  std::string text;
  size_t writes = 0;

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    ++writes;
    text.append(s, static_cast<size_t>(n));
    return n;
  }
  int_type overflow(int_type c) override {
    ++writes;
    if (c != traits_type::eof()) text += static_cast<char>(c);
    return c;
  }
};

}  // namespace

TEST_CASE("chunked output: every byte in order, about one write per mebibyte", "[report]") {
  CountingBuf buf;
  std::ostream stream(&buf);
  std::string expected;
  {
    slaudit::report::ChunkedOutput out(stream);
    // 60,000 lines of 51 bytes, and a char after each: 60,000 x 52 = 3,120,000 bytes,
    // just under 3 MiB (3,145,728): three chunks of >= 1 MiB at most, the last at the end.
    for (int i = 0; i < 60'000; ++i) {
      std::string line = "incident " + std::to_string(100'000 + i) + std::string(35, '.') + "|";
      line.resize(51, ' ');
      out += line;
      out += '\n';
      expected += line;
      expected += '\n';
    }
    CHECK(buf.writes <= 2);  // before the destructor's flush: only whole chunks went out
  }
  CHECK(buf.text == expected);
  CHECK(buf.writes <= 3);
  CHECK(buf.writes >= 2);
}
