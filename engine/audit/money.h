#pragma once
// Money arithmetic: exact rationals rounded once, at the end, to integer minor
// units by the contract's rounding rule (half up unless it says otherwise).
#include <cstdint>
#include <string>

#include "engine/audit/report.h"

namespace slaudit::audit {

int64_t round_to_minor(const Rational& amount_minor, model::RoundingMode mode);
// percent% of amount, exactly (not yet rounded).
Rational percent_of(const model::Percent& percent, int64_t amount_minor);
Rational to_rational(const Decimal& d);
// "120000.00 CNY"
std::string money_text(int64_t minor, const model::Currency& currency);
// "99.9%" from a share, exact when it terminates within `digits` decimals, else truncated with '~'.
std::string share_as_percent(const Rational& share, int digits = 4);
// Seconds as "43.2 min" (exact) or "0.33~ min" (rounded for display).
std::string minutes_text(const Rational& seconds);

}  // namespace slaudit::audit
