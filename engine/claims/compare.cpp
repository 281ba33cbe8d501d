#include "engine/claims/compare.h"

#include "language/check/units.h"
#include "engine/figures/figures.h"

namespace slaudit::claims {

namespace {

using boost::multiprecision::cpp_int;
using model::Comparator;
using model::Dimension;

// "12345.678" -> "12,345.678".
std::string group_digits(const std::string& text) {
  const size_t start = text[0] == '-' ? 1 : 0;
  const size_t point = text.find('.');
  const size_t int_end = point == std::string::npos ? text.size() : point;
  std::string out = text.substr(0, start);
  for (size_t i = start; i < int_end; ++i) {
    out += text[i];
    const size_t left = int_end - i - 1;
    if (left > 0 && left % 3 == 0) out += ',';
  }
  return out + text.substr(int_end);
}

std::string trim_zeros(std::string text) {
  if (text.find('.') == std::string::npos) return text;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

// A rational with up to 3 decimals, grouped, `~` when cut.
std::string number_text(const Rational& value) {
  const DecimalText shown = decimal_digits(value, 3, false);
  return group_digits(trim_zeros(shown.text)) + (shown.exact ? "" : std::string(1, kInexactMark));
}

// The unit part of "400 GB/s" and its factor to the base unit; empty for bare numbers.
struct ShownUnit {
  std::string name;
  Rational factor = 1;
};

ShownUnit shown_unit(const model::Amount& claimed) {
  if (claimed.dimension == Dimension::Percent) return {"%", 1};
  if (claimed.dimension == Dimension::Count) return {" " + claimed.count_unit, 1};
  const size_t space = claimed.written.find(' ');
  if (space == std::string::npos) return {};
  const std::string unit = claimed.written.substr(space + 1);
  const size_t slash = unit.find('/');
  const auto def = check::find_unit(unit.substr(0, slash), slash == std::string::npos ? "" : unit.substr(slash + 1));
  if (!def) return {};
  return {" " + unit, to_rational(def->factor)};
}

}  // namespace

Rational to_rational(const Decimal& value) { return Rational(cpp_int(value.coefficient()), cpp_int(value.denominator())); }

bool about(const Rational& value, const Rational& claimed) {
  const Rational gap = value > claimed ? value - claimed : claimed - value;
  return gap * 4 <= (claimed < 0 ? -claimed : claimed);
}

bool holds(Comparator cmp, const Rational& value, const Rational& claimed) {
  switch (cmp) {
    case Comparator::AtLeast: return value >= claimed;
    case Comparator::GreaterThan: return value > claimed;
    case Comparator::AtMost: return value <= claimed;
    case Comparator::LessThan: return value < claimed;
    case Comparator::Equal: return value == claimed;
    case Comparator::About: return about(value, claimed);
  }
  return false;
}

Statistic statistic_for(Comparator cmp) {
  switch (cmp) {
    case Comparator::AtLeast:
    case Comparator::GreaterThan: return Statistic::Min;
    case Comparator::AtMost:
    case Comparator::LessThan: return Statistic::Max;
    case Comparator::Equal:
    case Comparator::About: break;
  }
  return Statistic::Median;
}

const char* statistic_name(Statistic statistic) {
  switch (statistic) {
    case Statistic::Min: return "smallest";
    case Statistic::Max: return "largest";
    case Statistic::Median: return "median";
  }
  return "";
}

std::string comparator_symbol(Comparator cmp) { return ast::comparator_text(cmp); }

std::string grouped(int64_t value) { return group_digits(std::to_string(value)); }

std::string amount_text(const Rational& base, const model::Amount& claimed) {
  const ShownUnit unit = shown_unit(claimed);
  return number_text(base / unit.factor) + unit.name;
}

std::string about_range_text(const model::Amount& claimed) {
  const Rational x = to_rational(claimed.value);
  const ShownUnit unit = shown_unit(claimed);
  return number_text(x * Rational(3, 4) / unit.factor) + "–" + number_text(x * Rational(5, 4) / unit.factor) + unit.name;
}

}  // namespace slaudit::claims
