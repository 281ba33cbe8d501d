#include "engine/audit/money.h"

#include <boost/multiprecision/cpp_int.hpp>

namespace slaudit::audit {

namespace {
using boost::multiprecision::cpp_int;

cpp_int pow10(int n) {
  cpp_int p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}

// The decimal digits of a non-negative rational, truncated to `digits` places;
// `exact` tells whether nothing was cut off.
std::string truncated_decimal(const Rational& value, int digits, bool& exact) {
  const cpp_int num = boost::multiprecision::numerator(value);
  const cpp_int den = boost::multiprecision::denominator(value);
  const cpp_int scaled = num * pow10(digits);
  const cpp_int q = scaled / den;
  exact = q * den == scaled;
  std::string s = q.str();
  if (digits > 0) {
    if (static_cast<int>(s.size()) <= digits) s.insert(0, digits - s.size() + 1, '0');
    s.insert(s.size() - digits, ".");
  }
  return s;
}
}  // namespace

Rational to_rational(const Decimal& d) {
  return Rational(cpp_int(d.coefficient()), pow10(d.scale()));
}

Rational percent_of(const model::Percent& percent, int64_t amount_minor) {
  return to_rational(percent.value) * amount_minor / 100;
}

int64_t round_to_minor(const Rational& amount, model::RoundingMode mode) {
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
  return static_cast<int64_t>(negative ? cpp_int(-q) : q);
}

std::string money_text(int64_t minor, const model::Currency& currency) {
  bool exact = true;
  std::string s = truncated_decimal(Rational(minor < 0 ? -minor : minor) / Rational(pow10(currency.minor_digits)),
                                    currency.minor_digits, exact);
  return (minor < 0 ? "-" : "") + s + " " + currency.code;
}

std::string share_as_percent(const Rational& share, int digits) {
  bool exact = true;
  std::string s = truncated_decimal(share * 100, digits, exact);
  return s + "%" + (exact ? "" : "~");
}

std::string minutes_text(const Rational& seconds) {
  bool exact = true;
  std::string s = truncated_decimal(seconds / 60, 2, exact);
  // Drop zeros that carry no information: 43.20 -> 43.2, 60.00 -> 60.
  if (exact) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s + (exact ? "" : "~") + " min";
}

}  // namespace slaudit::audit
