#include "engine/audit/money.h"

#include <boost/multiprecision/cpp_int.hpp>
#include <limits>

namespace slaudit::audit {

namespace {
using boost::multiprecision::cpp_int;
}  // namespace

Rational to_rational(const Decimal& d) {
  return Rational(cpp_int(d.coefficient()), cpp_int(d.denominator()));
}

Rational percent_of(const model::Percent& percent, int64_t amount_minor) {
  return to_rational(percent.value) * amount_minor / 100;
}

Rational percent_of(const model::Percent& percent, const Rational& amount_minor) {
  return to_rational(percent.value) * amount_minor / 100;
}

bool add_money(int64_t& sum, int64_t amount) {
  int64_t out = 0;
  if (__builtin_add_overflow(sum, amount, &out)) return false;
  sum = out;
  return true;
}

std::string total_too_large() {
  return "the credits owed sum to more than 9223372036854775807 minor units, the largest total slaudit states: "
         "audit fewer periods (or resources) at a time";
}

namespace {

cpp_int rounded(const Rational& amount, model::RoundingMode mode) {
  const cpp_int num = boost::multiprecision::numerator(amount);
  const cpp_int den = boost::multiprecision::denominator(amount);
  const bool negative = num < 0;
  const cpp_int n = negative ? cpp_int(-num) : num;
  cpp_int q = n / den;
  const cpp_int r = n % den;
  if (r != 0) {
    const int half = (r * 2 > den) - (r * 2 < den);  // +1 above half, 0 at half, -1 below
    bool up = false;
    switch (mode) {
      case model::RoundingMode::HalfUp: up = half >= 0; break;
      case model::RoundingMode::HalfEven: up = half > 0 || (half == 0 && (q % 2) == 1); break;
      case model::RoundingMode::Up: up = true; break;
      case model::RoundingMode::Down: up = false; break;
    }
    if (up) q += 1;
  }
  return negative ? cpp_int(-q) : q;
}

}  // namespace

int64_t round_to_minor(const Rational& amount, model::RoundingMode mode) {
  return static_cast<int64_t>(rounded(amount, mode));
}

std::optional<int64_t> round_to_minor_exactly(const Rational& amount, model::RoundingMode mode) {
  const cpp_int q = rounded(amount, mode);
  if (q > std::numeric_limits<int64_t>::max() || q < std::numeric_limits<int64_t>::min()) return std::nullopt;
  return static_cast<int64_t>(q);
}

}  // namespace slaudit::audit
