#include "language/check/context.h"

#include <chrono>
#include <cstdio>
#include <utility>

#include "language/check/units.h"
#include "base/num/amount_limit.h"
#include "base/text/suggest.h"

namespace slaudit::check {

using model::Dimension;

namespace {

// Abbreviations people write for the language's units, too far from them for
// "did you mean" (`hrs` is two edits from `h`).
const char* usual_unit(const std::string& written) {
  static constexpr std::pair<const char*, const char*> kUsual[] = {
      {"hr", "h"},    {"hrs", "h"},     {"Hr", "h"},    {"Hrs", "h"},  {"H", "h"},      {"mins", "min"},
      {"mn", "min"},  {"Min", "min"},   {"secs", "s"},  {"S", "s"},      {"dys", "d"},
      {"D", "d"},     {"wk", "w"},      {"wks", "w"},   {"gb", "GB"},  {"tb", "TB"},    {"mb", "MB"},
      {"kb", "KB"},   {"GPUS", "gpus"}, {"Gpus", "gpus"}};
  for (const auto& [abbreviation, unit] : kUsual)
    if (written == abbreviation) return unit;
  return nullptr;
}

// Why a date is not in the calendar, in the words a reader checks it by.
std::string calendar_hint(const ast::Date& d) {
  if (d.month < 1 || d.month > 12) return "months run from 01 to 12; dates are YYYY-MM-DD";
  const std::chrono::year_month_day_last last{std::chrono::year{d.year} / std::chrono::month{static_cast<unsigned>(d.month)} /
                                              std::chrono::last};
  char month[16];
  std::snprintf(month, sizeof month, "%04d-%02d", d.year, d.month);
  return std::string(month) + " has " + std::to_string(static_cast<unsigned>(last.day())) + " days";
}

}  // namespace

std::string describe_dimensions(std::initializer_list<Dimension> dims) {
  std::string out;
  size_t i = 0;
  for (Dimension d : dims) {
    if (i > 0) out += ++i == dims.size() ? " or " : ", ";
    else ++i;
    out += model::dimension_name(d);
  }
  return out;
}

std::optional<model::Amount> Context::resolve(const ast::Quantity& q, const std::string& what,
                                              std::initializer_list<Dimension> allowed) {
  model::Amount out;
  out.written = written(q.range);
  auto allows = [&](Dimension d) {
    for (Dimension a : allowed)
      if (a == d) return true;
    return false;
  };
  Dimension found = Dimension::Number;
  Decimal factor = Decimal::from_int(1);
  if (q.percent) {
    found = Dimension::Percent;
  } else if (!q.unit.empty()) {
    if (auto unit = find_unit(q.unit, q.per)) {
      found = unit->dimension;
      factor = unit->factor;
      out.count_unit = unit->count_unit;
    } else if (q.per.empty() && find_currency(q.unit)) {
      found = Dimension::Money;
      const auto& currency = contract_.currency;
      if (allows(Dimension::Money) && currency && currency->code != q.unit) {
        diagnostics_.error("currency-mismatch", q.unit_range,
                           what + " is in " + q.unit + " but the contract's currency is " + currency->code,
                           "write amounts in the contract's currency, or without a currency code");
        return std::nullopt;
      }
    } else {
      const std::string unit = q.per.empty() ? q.unit : q.unit + "/" + q.per;
      const char* usual = q.per.empty() ? usual_unit(unit) : nullptr;
      std::string hint = usual ? std::string("write '") + usual + "'" : did_you_mean_hint(unit, unit_names());
      if (hint.empty()) hint = "units are s, min, h, d; B, KB, MB, GB, TB; GB/s, Gbit/s; gpus, nodes; or a currency code";
      Diagnostic& d = diagnostics_.error("unknown-unit", q.unit_range, "unknown unit '" + unit + "'", hint);
      if (usual) d.replacements = {{q.unit_range, usual}};
      return std::nullopt;
    }
  } else if (allows(Dimension::Money)) {
    found = Dimension::Money;  // a bare number where money is expected is in the contract's currency
  }
  if (!allows(found)) {
    std::string hint;
    if (allows(Dimension::Percent) && found == Dimension::Number) hint = "add a percent sign: " + out.written + "%";
    diagnostics_.error("unit-mismatch", q.range,
                       what + " must be " + describe_dimensions(allowed) + ", found " + model::dimension_name(found) +
                           " '" + out.written + "'",
                       hint);
    return std::nullopt;
  }
  out.dimension = found;
  auto value = q.number.times(factor);
  if (!value) {
    diagnostics_.error("number-too-large", q.range, what + " '" + out.written + "' is too large");
    return std::nullopt;
  }
  out.value = *value;
  return out;
}

std::optional<model::Amount> Context::amount(const ast::Quantity& q, const std::string& what,
                                             std::initializer_list<Dimension> allowed) {
  return resolve(q, what, allowed);
}

constexpr int kMaxPercentDecimals = 16;
constexpr int64_t kPriceScale = 1'000'000;  // an hourly price's extra digits
static_assert(kPriceScale == 1'000'000 && Context::kExtraPriceDigits == 6);

std::optional<model::Percent> Context::percent(const ast::Quantity& q, const std::string& what, bool zero_allowed,
                                               bool at_most_100) {
  auto a = resolve(q, what, {Dimension::Percent});
  if (!a) return std::nullopt;
  const Decimal zero = Decimal::from_int(0), hundred = Decimal::from_int(100);
  if ((at_most_100 && a->value > hundred) || a->value < zero || (!zero_allowed && a->value == zero)) {
    diagnostics_.error("out-of-range", q.range,
                       what + " " + a->written + " is out of range: it must be " + (zero_allowed ? "from 0%" : "above 0%") +
                           (at_most_100 ? " up to 100%" : ""));
    return std::nullopt;
  }
  // As a share (5% -> 0.05) the scale grows by two, and a share's denominator
  // 10^scale must fit int64 (Decimal::kMaxDigits): 16 places at most.
  if (q.number.scale() > kMaxPercentDecimals) {
    diagnostics_.error("out-of-range", q.range,
                       what + " " + a->written + " has more than " + std::to_string(kMaxPercentDecimals) +
                           " decimal places",
                       "round it: the audit is exact to 16 places of a percentage");
    return std::nullopt;
  }
  return model::Percent{q.number};
}

std::optional<Seconds> Context::duration(const ast::Quantity& q, const std::string& what, bool zero_allowed) {
  auto a = resolve(q, what, {Dimension::Duration});
  if (!a) return std::nullopt;
  if (!a->value.is_integer()) {
    diagnostics_.error("sub-second", q.range, what + " '" + a->written + "' is not a whole number of seconds",
                       "the audit counts whole seconds");
    return std::nullopt;
  }
  auto seconds = a->value.scaled_to(0);
  if (!seconds || (*seconds == 0 && !zero_allowed)) {
    diagnostics_.error("out-of-range", q.range, what + " must be longer than zero");
    return std::nullopt;
  }
  return Seconds{*seconds};
}

std::optional<model::Money> Context::money(const ast::Quantity& q, const std::string& what) {
  auto a = resolve(q, what, {Dimension::Money});
  if (!a) return std::nullopt;
  const int digits = contract_.currency ? contract_.currency->minor_digits : 2;
  auto minor = a->value.scaled_to(digits);
  if (!minor) {
    const std::string code = contract_.currency ? contract_.currency->code : "the currency";
    diagnostics_.error("money-precision", q.range,
                       what + " '" + a->written + "' has more decimal places than " + code + " allows (" +
                           std::to_string(digits) + ")");
    return std::nullopt;
  }
  if (*minor < 0) {
    diagnostics_.error("out-of-range", q.range, what + " must not be negative");
    return std::nullopt;
  }
  if (*minor > kMaxAmountMinor) {
    const std::string code = contract_.currency ? contract_.currency->code : "";
    diagnostics_.error("out-of-range", q.range,
                       what + " '" + a->written + "' is over the largest amount slaudit audits, " +
                           minor_units_decimal(kMaxAmountMinor, digits) + (code.empty() ? "" : " " + code),
                       "sums of amounts up to it (10^15 minor units) are exact: docs/audit.md, section 12");
    return std::nullopt;
  }
  return model::Money{*minor};
}

// An hourly price is a rate, not a charge: providers price by the hour with
// more decimals than the currency (0.0416 USD), and the charge for a period is
// rounded only where it is owed or shown. Six more decimals than the currency
// reach the smallest per-hour prices published (fractions of a cent per GPU).
std::optional<model::Price> Context::hourly_price(const ast::Quantity& q, const std::string& what) {
  auto a = resolve(q, what, {Dimension::Money});
  if (!a) return std::nullopt;
  const int digits = contract_.currency ? contract_.currency->minor_digits : 2;
  auto scaled = a->value.scaled_to(digits + kExtraPriceDigits);
  if (!scaled) {
    const std::string code = contract_.currency ? contract_.currency->code : "the currency";
    diagnostics_.error("money-precision", q.range,
                       what + " '" + a->written + "' has more decimal places than an hourly price in " + code +
                           " may have (" + std::to_string(digits + kExtraPriceDigits) + ")");
    return std::nullopt;
  }
  if (*scaled < 0) {
    diagnostics_.error("out-of-range", q.range, what + " must not be negative");
    return std::nullopt;
  }
  if (*scaled / kPriceScale > kMaxHourlyMinor ||
      (*scaled / kPriceScale == kMaxHourlyMinor && *scaled % kPriceScale != 0)) {
    const std::string code = contract_.currency ? contract_.currency->code : "";
    diagnostics_.error("out-of-range", q.range,
                       what + " '" + a->written + "' is over the largest hourly price slaudit audits, " +
                           minor_units_decimal(kMaxHourlyMinor, digits) + (code.empty() ? "" : " " + code) + " per hour",
                       "a year of hours of it stays under 10^15 minor units, so its sums are exact: docs/audit.md, "
                       "section 12");
    return std::nullopt;
  }
  Rational minor(*scaled);
  for (int i = 0; i < kExtraPriceDigits; ++i) minor /= 10;
  return model::Price{minor};
}

std::optional<model::CivilDate> Context::date(const ast::Date& d) {
  const std::chrono::year_month_day ymd{std::chrono::year{d.year}, std::chrono::month{static_cast<unsigned>(d.month)},
                                        std::chrono::day{static_cast<unsigned>(d.day)}};
  if (!ymd.ok()) {
    diagnostics_.error("bad-date", d.range, "'" + d.text + "' is not a calendar date", calendar_hint(d));
    return std::nullopt;
  }
  // The engine computes periods and deadlines in Boost's calendar, years 1400-9999.
  if (d.year < 1400 || d.year > 9999) {
    diagnostics_.error("bad-date", d.range, "'" + d.text + "' is outside the years 1400-9999 slaudit computes in");
    return std::nullopt;
  }
  return model::CivilDate{d.year, d.month, d.day};
}

std::optional<int64_t> Context::count(const ast::Quantity& q, const std::string& what, std::string* unit) {
  auto a = resolve(q, what, {Dimension::Count});
  if (!a) return std::nullopt;
  auto n = a->value.scaled_to(0);
  if (!n || *n <= 0) {
    diagnostics_.error("out-of-range", q.range, what + " must be a whole number above zero");
    return std::nullopt;
  }
  if (unit) *unit = a->count_unit;
  return *n;
}

std::optional<size_t> Context::service(const ast::Name& name) {
  if (auto index = contract_.find_service(name.text)) return index;
  std::vector<std::string> names;
  for (const auto& s : contract_.services) names.push_back(s.name);
  std::string hint = did_you_mean_hint(name.text, names);
  if (hint.empty())
    hint = names.empty() ? "declare it first: service " + name.text + " { fee ...; }"
                         : "the services are:" + [&] {
                             std::string all;
                             for (const auto& n : names) all += " " + n;
                             return all;
                           }();
  diagnostics_.error("unknown-service", name.range, "no service named '" + name.text + "'", hint);
  return std::nullopt;
}

bool Context::one_of(const ast::Name& name, const std::vector<std::string>& allowed, const std::string& what) {
  for (const auto& a : allowed)
    if (name.text == a) return true;
  std::string hint = did_you_mean_hint(name.text, allowed);
  if (hint.empty()) {
    hint = what + " is one of:";
    for (const auto& a : allowed) hint += " " + a;
  }
  diagnostics_.error("unknown-name", name.range, "unknown " + what + " '" + name.text + "'", hint);
  return false;
}

void Context::duplicate(const std::string& what, SourceRange here, SourceRange first) {
  diagnostics_.error("duplicate", here, what + " is given twice", "keep one").notes.push_back(
      {first, "first given here"});
}

bool Context::first(const std::string& key, SourceRange here, const std::string& what) {
  auto [it, inserted] = seen_.emplace(key, here);
  if (!inserted) duplicate(what, here, it->second);
  return inserted;
}

}  // namespace slaudit::check
