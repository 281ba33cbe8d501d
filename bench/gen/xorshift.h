#pragma once
// A small deterministic generator (xorshift) for the benchmarks: the same seed
// gives the same files, so every run of a benchmark measures the same input.
#include <cstdint>

namespace slaudit::bench {

struct Xorshift {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  int64_t below(int64_t n) { return static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }
};

}  // namespace slaudit::bench
