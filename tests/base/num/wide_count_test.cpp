// Wide counts: sums of 64-bit counts past 2^64, printed and turned into
// rationals exactly.
#include <catch2/catch.hpp>

#include "base/num/wide_count.h"

using namespace slaudit;

TEST_CASE("wide count: decimal digits and rationals past 2^64", "[num]") {
  const WideCount two64 = WideCount{1} << 64;
  CHECK(to_decimal(0) == "0");
  CHECK(to_decimal(7) == "7");
  CHECK(to_decimal(UINT64_MAX) == "18446744073709551615");
  CHECK(to_decimal(two64) == "18446744073709551616");
  // 9999999999999999999 * 2 = 19999999999999999998
  CHECK(to_decimal(WideCount{9'999'999'999'999'999'999ULL} * 2) == "19999999999999999998");
  CHECK(to_decimal(~WideCount{0}) == "340282366920938463463374607431768211455");  // 2^128 - 1
  CHECK(to_rational(two64 + 5) == Rational(boost::multiprecision::cpp_int("18446744073709551621")));
  CHECK(to_rational(WideCount{3}) / to_rational(WideCount{6}) == Rational(1, 2));
}
