// Figures for people: minutes, availability and money, never passing a
// rounded or cut value off as exact.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <vector>

#include "engine/figures/figures.h"

using namespace slaudit;

TEST_CASE("report figures: availability shows 4 decimals, truncated and marked when it needs more", "[report]") {
  CHECK(percent_text(Rational(999, 1000)) == "99.9000%");
  CHECK(percent_text(Rational(2, 3)) == "66.6666%~");
  CHECK(percent_text(Rational(1, 3)) == "33.3333%~");
  // Truncated toward zero: 99.89999...% never shows as 99.9000%.
  CHECK(percent_text(Rational(99'899'999, 100'000'000)) == "99.8999%~");
  CHECK(percent_text(Rational(999'999'999, 1'000'000'000)) == "99.9999%~");
  CHECK(percent_text(Rational(123'456, 1'000'000)) == "12.3456%");
  CHECK(percent_text(Rational(1)) == "100.0000%");
  CHECK(percent_text(Rational(0)) == "0.0000%");
  CHECK(percent_text(Rational(2'592'000 - 4320, 2'592'000)) == "99.8333%~");
}

TEST_CASE("report figures: minutes are exact when they have at most two decimals, else rounded and marked",
          "[report]") {
  CHECK(minutes_text(Seconds(2592)) == "43.2");
  CHECK(minutes_text(Seconds(2'592'000)) == "43200");
  CHECK(minutes_text(Seconds(15)) == "0.25");
  CHECK(minutes_text(Seconds(3)) == "0.05");
  CHECK(minutes_text(Seconds(0)) == "0");
  CHECK(minutes_text(Rational(20)) == "0.33~");  // 1/3 min
  CHECK(minutes_text(Rational(40)) == "0.67~");  // 2/3 min, rounded half up
  CHECK(minutes_text(Rational(59)) == "0.98~");
  CHECK(minutes_text(Rational(1, 2)) == "0.01~");
  CHECK(minutes_text(Rational(1, 10)) == "0.00~");  // not zero, and it says so
  CHECK(minutes_text(Rational(3601, 2)) == "30.01~");
  CHECK(minutes_text(Rational(2593)) == "43.22~");
}

TEST_CASE("report figures: whole seconds in minutes read the same in 64 bits as through the exact fraction",
          "[report]") {
  // Worked: 20 s = 1/3 min -> 0.33~; 30 s = 0.5 min exactly; -40 s -> -0.67~ (half up on the magnitude);
  // -1 s = -1/60 min -> -0.02~ (1.666... hundredths rounds to 2).
  CHECK(minutes_text(Seconds(20)) == "0.33~");
  CHECK(minutes_text(Seconds(30)) == "0.5");
  CHECK(minutes_text(Seconds(-40)) == "-0.67~");
  CHECK(minutes_text(Seconds(-1)) == "-0.02~");
  // Every second from -2 h to 2 h, and a few far ones, against the Rational overload.
  std::vector<int64_t> seconds;
  for (int64_t s = -7200; s <= 7200; ++s) seconds.push_back(s);
  for (int64_t s : {int64_t{1} << 40, (int64_t{1} << 56) - 1, int64_t{1} << 56, std::numeric_limits<int64_t>::max(),
                    std::numeric_limits<int64_t>::min() + 1})
    for (int64_t sign : {1, -1}) seconds.push_back(s * sign);
  for (int64_t s : seconds) {
    INFO(s << " s");
    CHECK(minutes_text(Seconds(s)) == minutes_text(Rational(s)));
  }
}

TEST_CASE("report figures: money is integer minor units shown in the currency's digits", "[report]") {
  const model::Currency cny{"CNY", 2}, jpy{"JPY", 0}, bhd{"BHD", 3};
  CHECK(money_with_code(12'000'000, cny) == "120000.00 CNY");
  CHECK(money_with_code(5, cny) == "0.05 CNY");
  CHECK(money_with_code(0, cny) == "0.00 CNY");
  CHECK(money_with_code(-150, cny) == "-1.50 CNY");
  CHECK(money_with_code(120'000, jpy) == "120000 JPY");
  CHECK(money_with_code(0, jpy) == "0 JPY");
  CHECK(money_with_code(1234, bhd) == "1.234 BHD");
  CHECK(money_with_code(std::numeric_limits<int64_t>::min(), cny) == "-92233720368547758.08 CNY");
  CHECK(money_with_code(std::numeric_limits<int64_t>::max(), jpy) == "9223372036854775807 JPY");
}

TEST_CASE("report figures: contract percentages print as written, normalized", "[report]") {
  CHECK(percent_text(model::Percent{Decimal(9990, 2)}) == "99.9%");
  CHECK(percent_text(model::Percent{Decimal(10, 0)}) == "10%");
}

namespace {

// The rule of decimal_digits written out with big integers: the oracle for
// its 128-bit path (values below 2^62) and its general one.
DecimalText decimal_oracle(const Rational& value, int digits, bool truncate) {
  using boost::multiprecision::cpp_int;
  cpp_int scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  const cpp_int num = abs(boost::multiprecision::numerator(value)) * scale;
  const cpp_int den = boost::multiprecision::denominator(value);
  cpp_int scaled = num / den;
  const cpp_int remainder = num % den;
  if (!truncate && remainder * 2 >= den) scaled += 1;
  std::string text = scaled.str();
  if (digits > 0) {
    if (text.size() <= static_cast<size_t>(digits)) text.insert(0, static_cast<size_t>(digits) + 1 - text.size(), '0');
    text.insert(text.size() - static_cast<size_t>(digits), ".");
  }
  if (value < 0 && scaled != 0) text.insert(0, "-");
  return {text, remainder == 0};
}

}  // namespace

TEST_CASE("report figures: decimal digits agree with the big-integer rule on both sides of 2^62", "[report]") {
  using boost::multiprecision::cpp_int;
  const cpp_int two62 = cpp_int(1) << 62;
  const std::vector<cpp_int> numerators = {0, 1, 2, 5, 7, 999, 4769, 2592000, 14189, 99'899'999,
                                           two62 - 1, two62, two62 + 1, cpp_int(1) << 100};
  const std::vector<cpp_int> denominators = {1, 2, 3, 7, 60, 4800, 14260, 100'000'000, two62 - 1, two62, cpp_int(1) << 90};
  size_t checked = 0;
  for (const auto& n : numerators)
    for (const auto& d : denominators)
      for (const int sign : {1, -1})
        for (const int digits : {0, 2, 4, 6, 10, 18, 19})
          for (const bool truncate : {true, false}) {
            const Rational value = Rational(n * sign, d);
            const DecimalText got = decimal_digits(value, digits, truncate);
            const DecimalText want = decimal_oracle(value, digits, truncate);
            INFO(n.str() << "/" << d.str() << " x" << sign << " digits " << digits << " truncate " << truncate);
            CHECK(got.text == want.text);
            CHECK(got.exact == want.exact);
            ++checked;
          }
  CHECK(checked == 14 * 11 * 2 * 7 * 2);  // every combination: numerators x denominators x signs x digits x modes
}
