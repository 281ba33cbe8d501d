#include "engine/figures/figures.h"

#include <cstdio>
#include <optional>

namespace slaudit {

namespace {
using boost::multiprecision::cpp_int;

cpp_int power_of_ten(int digits) {
  cpp_int p = 1;
  for (int i = 0; i < digits; ++i) p *= 10;
  return p;
}

// "12345" with 2 digits -> "123.45"; "5" -> "0.05".
std::string place_point(std::string digits, int fraction) {
  if (fraction <= 0) return digits;
  const size_t places = static_cast<size_t>(fraction);
  // Zeros in front, then the point by iterator: GCC 12 at -O3 misreads insert(pos, "...") here (-Wrestrict).
  std::string text;
  if (digits.size() <= places) text.assign(places + 1 - digits.size(), '0');
  text += digits;
  text.insert(text.end() - static_cast<std::ptrdiff_t>(places), '.');
  return text;
}

// Drops trailing fractional zeros and then a bare point: "43.20" -> "43.2", "5.00" -> "5".
std::string trim_fraction(std::string text) {
  if (text.find('.') == std::string::npos) return text;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}
}  // namespace

namespace {

// The magnitude of `n` when it is below 2^62, else nothing.
std::optional<uint64_t> small_magnitude(const cpp_int& n) {
  if (n == 0) return 0;
  if (boost::multiprecision::msb(abs(n)) >= 62) return std::nullopt;
  return abs(n).convert_to<uint64_t>();
}

std::string u128_text(unsigned __int128 v) {
  char buffer[40];
  char* end = buffer + sizeof buffer;
  char* at = end;
  do {
    *--at = static_cast<char>('0' + static_cast<int>(v % 10));
    v /= 10;
  } while (v != 0);
  return std::string(at, end);
}

// decimal_digits for the values every real audit has (numerator and
// denominator below 2^62, at most 18 digits), in 128-bit integers: big
// integers cost allocations at each step, and a fleet report prints millions
// of figures. The same rule as the general path, digit for digit.
std::optional<DecimalText> small_decimal_digits(const Rational& value, int digits, bool truncate) {
  if (digits < 0 || digits > 18) return std::nullopt;
  const auto num = small_magnitude(boost::multiprecision::numerator(value));
  const auto den = small_magnitude(boost::multiprecision::denominator(value));
  if (!num || !den || *den == 0) return std::nullopt;
  unsigned __int128 scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  const unsigned __int128 scaled_num = static_cast<unsigned __int128>(*num) * scale;  // < 2^62 * 10^18 < 2^122
  unsigned __int128 scaled = scaled_num / *den;
  const unsigned __int128 remainder = scaled_num % *den;
  if (!truncate && remainder * 2 >= *den) scaled += 1;
  std::string text = place_point(u128_text(scaled), digits);
  if (value < 0 && scaled != 0) text.insert(0, "-");
  return DecimalText{text, remainder == 0};
}

}  // namespace

DecimalText decimal_digits(const Rational& value, int digits, bool truncate) {
  if (auto small = small_decimal_digits(value, digits, truncate)) return *small;
  const bool negative = value < 0;
  const cpp_int num = abs(boost::multiprecision::numerator(value)) * power_of_ten(digits);
  const cpp_int den = boost::multiprecision::denominator(value);
  cpp_int scaled = num / den;
  const cpp_int remainder = num % den;
  if (!truncate && remainder * 2 >= den) scaled += 1;
  std::string text = place_point(scaled.str(), digits);
  if (negative && scaled != 0) text.insert(0, "-");
  return {text, remainder == 0};
}

std::string minutes_text(const Rational& seconds) {
  const DecimalText shown = decimal_digits(seconds / 60, 2, false);
  if (shown.exact) return trim_fraction(shown.text);
  return shown.text + kInexactMark;
}

std::string minutes_text(Seconds seconds) {
  // Whole seconds in hundredths of a minute are |s| * 100 / 60: in 64 bits for
  // any realistic duration (a recovery report prints one per incident, and big
  // integers cost microseconds each); the rule is the Rational overload's.
  const int64_t s = seconds.count();
  constexpr int64_t kFits = int64_t{1} << 56;
  if (s <= -kFits || s >= kFits) return minutes_text(Rational(s));
  const uint64_t hundredths = static_cast<uint64_t>(s < 0 ? -s : s) * 100;
  uint64_t scaled = hundredths / 60;
  const uint64_t remainder = hundredths % 60;
  if (remainder * 2 >= 60) ++scaled;  // half up, on the magnitude
  std::string text = s < 0 && scaled != 0 ? "-" : "";
  text += std::to_string(scaled / 100);
  text += '.';
  text += static_cast<char>('0' + scaled % 100 / 10);
  text += static_cast<char>('0' + scaled % 10);
  if (remainder == 0) return trim_fraction(std::move(text));
  return text + kInexactMark;
}

std::string percent_text(const Rational& share) {
  const DecimalText shown = decimal_digits(share * 100, 4, true);
  return shown.text + "%" + (shown.exact ? "" : std::string(1, kInexactMark));
}

std::string share_text(const Rational& share) {
  const DecimalText shown = decimal_digits(share * 100, 10, true);
  if (shown.exact) return trim_fraction(shown.text) + "%";
  return share.str();
}

std::string percent_text(const model::Percent& percent) { return percent.value.normalized().to_string() + "%"; }

std::string money_text(int64_t minor, const model::Currency& currency) {
  // Through the unsigned magnitude, so the most negative int64 prints too.
  const uint64_t magnitude = minor < 0 ? 0 - static_cast<uint64_t>(minor) : static_cast<uint64_t>(minor);
  std::string text = place_point(std::to_string(magnitude), currency.minor_digits);
  return minor < 0 ? "-" + text : text;
}

std::string money_with_code(int64_t minor, const model::Currency& currency) {
  return money_text(minor, currency) + " " + currency.code;
}

namespace {
// The shortest exact decimal of `value` with `from` to `to` fractional
// digits; nullopt when none is exact.
std::optional<std::string> shortest_exact_decimal(const Rational& value, int from, int to) {
  for (int digits = from; digits <= to; ++digits) {
    DecimalText text = decimal_digits(value, digits, false);
    if (text.exact) return text.text;
  }
  return std::nullopt;
}
}  // namespace

std::string price_text(const Rational& minor, const model::Currency& currency) {
  Rational major = minor;
  for (int i = 0; i < currency.minor_digits; ++i) major /= 10;
  const int most = currency.minor_digits + 6;
  if (auto text = shortest_exact_decimal(major, currency.minor_digits, most)) return *text;
  return decimal_digits(major, most, false).text + kInexactMark;
}

std::string price_with_code(const Rational& minor, const model::Currency& currency) {
  return price_text(minor, currency) + " " + currency.code;
}

std::string minor_units_text(const Rational& minor) {
  if (auto text = shortest_exact_decimal(minor, 0, 10)) return *text;
  return minor.str();
}

std::string date_text(const model::CivilDate& date) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", date.year, date.month, date.day);
  return buffer;
}

}  // namespace slaudit
