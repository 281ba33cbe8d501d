#include "base/num/wide_count.h"

#include <algorithm>

namespace slaudit {

std::string to_decimal(WideCount value) {
  std::string digits;
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  } while (value != 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

Rational to_rational(WideCount value) {
  const auto high = static_cast<uint64_t>(value >> 64);
  const auto low = static_cast<uint64_t>(value);
  boost::multiprecision::cpp_int n = high;
  n <<= 64;
  n += low;
  return Rational(n);
}

}  // namespace slaudit
