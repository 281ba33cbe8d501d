#pragma once
// An exact decimal number: coefficient / 10^scale. Percentages, money and
// quantities are kept this way from the source text on, so 99.9% is exactly
// 999/1000 and never a binary float.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace slaudit {

class Decimal {
 public:
  static constexpr int kMaxDigits = 18;  // every coefficient fits in int64

  constexpr Decimal() = default;
  constexpr Decimal(int64_t coefficient, int scale) : coefficient_(coefficient), scale_(scale) {}
  static Decimal from_int(int64_t value) { return Decimal(value, 0); }

  // Parses `123`, `99.9`, `-0.5`; nullopt when malformed or past kMaxDigits.
  static std::optional<Decimal> parse(std::string_view text);

  int64_t coefficient() const { return coefficient_; }
  int scale() const { return scale_; }
  // 10^scale: the value is exactly coefficient() / denominator() (scale <= 18 fits int64).
  int64_t denominator() const;
  bool is_integer() const;
  bool is_negative() const { return coefficient_ < 0; }
  bool is_zero() const { return coefficient_ == 0; }

  // The number as written: the scale is kept, so 99.90 prints as 99.90.
  std::string to_string() const;

  // Exact value comparison: 99.9 == 99.90.
  friend std::strong_ordering operator<=>(const Decimal& a, const Decimal& b);
  friend bool operator==(const Decimal& a, const Decimal& b) { return (a <=> b) == 0; }

  // value * 10^digits as an integer, when exact and within int64; else nullopt.
  std::optional<int64_t> scaled_to(int digits) const;
  // value * factor, exact; nullopt on overflow.
  std::optional<Decimal> times(int64_t factor) const;
  std::optional<Decimal> times(const Decimal& factor) const;
  // value / 100, exact: a percentage as a share (99.9 -> 0.999).
  Decimal percent_to_share() const { return Decimal(coefficient_, scale_ + 2); }
  // The same value with trailing fractional zeros removed (99.90 -> 99.9).
  Decimal normalized() const;

 private:
  int64_t coefficient_ = 0;
  int scale_ = 0;
};

}  // namespace slaudit
