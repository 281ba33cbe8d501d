#include "base/num/decimal.h"

#include <cstdlib>

namespace slaudit {

namespace {
__int128 pow10_128(int n) {
  __int128 p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}
}  // namespace

std::optional<Decimal> Decimal::parse(std::string_view text) {
  bool negative = false;
  size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  int64_t coefficient = 0;
  int digits = 0, scale = 0;
  bool seen_point = false, seen_digit = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.') {
      if (seen_point || !seen_digit) return std::nullopt;
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    seen_digit = true;
    if (digits > 0 || c != '0') ++digits;
    if (digits > kMaxDigits) return std::nullopt;
    coefficient = coefficient * 10 + (c - '0');
    if (seen_point) ++scale;
  }
  if (!seen_digit || (seen_point && scale == 0)) return std::nullopt;
  if (scale > kMaxDigits) return std::nullopt;
  return Decimal(negative ? -coefficient : coefficient, scale);
}

int64_t Decimal::denominator() const { return static_cast<int64_t>(pow10_128(scale_)); }

bool Decimal::is_integer() const {
  int64_t c = coefficient_;
  for (int s = 0; s < scale_; ++s) {
    if (c % 10 != 0) return false;
    c /= 10;
  }
  return true;
}

std::string Decimal::to_string() const {
  std::string digits = std::to_string(std::llabs(coefficient_));
  if (scale_ > 0) {
    if (static_cast<int>(digits.size()) <= scale_) digits.insert(0, scale_ - digits.size() + 1, '0');
    digits.insert(digits.size() - scale_, ".");
  }
  return coefficient_ < 0 ? "-" + digits : digits;
}

std::strong_ordering operator<=>(const Decimal& a, const Decimal& b) {
  const int scale = a.scale_ > b.scale_ ? a.scale_ : b.scale_;
  const __int128 x = static_cast<__int128>(a.coefficient_) * pow10_128(scale - a.scale_);
  const __int128 y = static_cast<__int128>(b.coefficient_) * pow10_128(scale - b.scale_);
  return x < y ? std::strong_ordering::less : x > y ? std::strong_ordering::greater : std::strong_ordering::equal;
}

std::optional<int64_t> Decimal::scaled_to(int digits) const {
  __int128 value = coefficient_;
  if (digits >= scale_) {
    value *= pow10_128(digits - scale_);
  } else {
    const __int128 divisor = pow10_128(scale_ - digits);
    if (value % divisor != 0) return std::nullopt;
    value /= divisor;
  }
  if (value > INT64_MAX || value < INT64_MIN) return std::nullopt;
  return static_cast<int64_t>(value);
}

std::optional<Decimal> Decimal::times(int64_t factor) const {
  const __int128 value = static_cast<__int128>(coefficient_) * factor;
  if (value > INT64_MAX || value < INT64_MIN) return std::nullopt;
  return Decimal(static_cast<int64_t>(value), scale_);
}

std::optional<Decimal> Decimal::times(const Decimal& factor) const {
  const __int128 value = static_cast<__int128>(coefficient_) * factor.coefficient_;
  if (value > INT64_MAX || value < INT64_MIN || scale_ + factor.scale_ > 2 * kMaxDigits) return std::nullopt;
  return Decimal(static_cast<int64_t>(value), scale_ + factor.scale_).normalized();
}

Decimal Decimal::normalized() const {
  int64_t c = coefficient_;
  int s = scale_;
  while (s > 0 && c % 10 == 0) {
    c /= 10;
    --s;
  }
  return Decimal(c, s);
}

}  // namespace slaudit
