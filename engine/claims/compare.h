#pragma once
// Exact comparisons of evidence with a claimed value, and the figures the
// verdicts quote. Everything is a rational in the dimension's base unit
// (seconds, bytes per second, items, percent points); nothing is a float.
#include <cstdint>
#include <string>

#include "engine/audit/report.h"
#include "language/model/contract.h"

namespace slaudit::claims {

using audit::Rational;

Rational to_rational(const Decimal& value);

// What `about X` tolerates: the value within ±25% of X, i.e. 4·|value − X| <= X.
// Stated in every verdict that uses it.
inline constexpr const char* kAboutRule = "within ±25%";
bool about(const Rational& value, const Rational& claimed);

// `value cmp claimed`, exactly; About as above.
bool holds(model::Comparator cmp, const Rational& value, const Rational& claimed);

// Which statistic of several values a comparison is judged on: the worst
// case for a bound (>=, >: the smallest value; <=, <: the largest), the median
// for `about` and `=`.
enum class Statistic { Min, Max, Median };
Statistic statistic_for(model::Comparator cmp);
const char* statistic_name(Statistic statistic);  // "smallest", "largest", "median"

// ">=", "<=", "about", ...
std::string comparator_symbol(model::Comparator cmp);

// 12288 -> "12,288".
std::string grouped(int64_t value);

// A value in base units, shown in the unit the claim was written in ("400 GB/s",
// "20 min", "4,096 gpus", "99.9%"); rounded to 3 decimals and marked `~` when not exact.
std::string amount_text(const Rational& base, const model::Amount& claimed);

// The range `about` accepts around the claimed value: "15–25 min".
std::string about_range_text(const model::Amount& claimed);

}  // namespace slaudit::claims
