#pragma once
// Money arithmetic: exact rationals rounded once, at the end, to integer minor
// units by the contract's rounding rule (half up unless it says otherwise).
#include <cstdint>
#include <optional>
#include <string>

#include "engine/audit/report.h"

namespace slaudit::audit {

int64_t round_to_minor(const Rational& amount_minor, model::RoundingMode mode);
// round_to_minor when the rounded amount fits int64; none when it would not
// (round_to_minor would saturate there): a figure is exact or refused.
std::optional<int64_t> round_to_minor_exactly(const Rational& amount_minor, model::RoundingMode mode);
// percent% of amount, exactly (not yet rounded).
Rational percent_of(const model::Percent& percent, int64_t amount_minor);
Rational percent_of(const model::Percent& percent, const Rational& amount_minor);
Rational to_rational(const Decimal& d);

// `sum += amount` when the sum stays within int64, the largest figure a report
// states; false (sum unchanged) when it would not: a total is exact or refused,
// never wrapped. The inputs' limits (base/num/amount_limit.h) keep a sum of
// up to 9,223 of their largest amounts within it.
bool add_money(int64_t& sum, int64_t amount);
// The audit's error when a total would pass int64.
std::string total_too_large();
// Display of these figures: engine/report/figures.h.

}  // namespace slaudit::audit
