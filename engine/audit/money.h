#pragma once
// Money arithmetic: exact rationals rounded once, at the end, to integer minor
// units by the contract's rounding rule (half up unless it says otherwise).
#include <cstdint>

#include "engine/audit/report.h"

namespace slaudit::audit {

int64_t round_to_minor(const Rational& amount_minor, model::RoundingMode mode);
// percent% of amount, exactly (not yet rounded).
Rational percent_of(const model::Percent& percent, int64_t amount_minor);
Rational percent_of(const model::Percent& percent, const Rational& amount_minor);
Rational to_rational(const Decimal& d);
// Display of these figures: engine/report/figures.h.

}  // namespace slaudit::audit
