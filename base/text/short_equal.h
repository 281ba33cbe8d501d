#pragma once
// Equality of two short byte strings without a call into libc: the probe
// reader compares a target name and a timestamp text per row (about 10 bytes
// each), where memcmp's call and dispatch cost more than the comparison.
#include <cstdint>
#include <cstring>
#include <string_view>

namespace slaudit::probe {

inline bool short_equal(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char* p = a.data();
  const char* q = b.data();
  if (n >= 8 && n <= 16) {  // two 8-byte loads, overlapping when n < 16
    uint64_t x1, y1, x2, y2;
    std::memcpy(&x1, p, 8);
    std::memcpy(&y1, q, 8);
    std::memcpy(&x2, p + n - 8, 8);
    std::memcpy(&y2, q + n - 8, 8);
    return ((x1 ^ y1) | (x2 ^ y2)) == 0;
  }
  if (n < 8) {
    for (size_t i = 0; i < n; ++i)
      if (p[i] != q[i]) return false;
    return true;
  }
  return std::memcmp(p, q, n) == 0;
}

}  // namespace slaudit::probe
