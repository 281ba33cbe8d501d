#include <cstdio>
#include <cstdlib>

#include "fuzz/support/fuzz_target.h"

namespace slaudit::fuzz {

void fail(std::string_view what, const char* file, int line) {
  std::fprintf(stderr, "fuzz expectation failed: %.*s (%s:%d)\n", static_cast<int>(what.size()), what.data(), file,
               line);
  std::abort();
}

}  // namespace slaudit::fuzz
