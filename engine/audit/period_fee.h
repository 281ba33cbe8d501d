#pragma once
// The fee a period's credit is a percentage of (docs/audit.md): the billed fee
// when given as input; else the monthly fee times the months in the period
// (quarter 3, year 12, rolling N days N/30), or the hourly fee times the hours;
// prorated by the audited share of a partial period unless the clause counts
// partial periods as whole.
#include <string>

#include "engine/audit/audit_period.h"

namespace slaudit::audit {

struct PeriodFee {
  int64_t minor = 0;
  std::string derivation;
  Rational exact;  // before rounding to minor units: what a credit is a percentage of
  bool billed = false;  // from the billing input, not the contract
};

PeriodFee period_fee(const ClauseContext& cx, const ClassifiedPeriod& cp);
// Months of a monthly fee in one period of `rule` (null: the default calendar
// month): quarter 3, year 12, week 7/30, rolling N days N/30, else 1. The
// comparison's scorecard prices terms with the same figure.
Rational months_of_fee(const model::PeriodRule* rule);
// The fee per hour of the audited part, exact, in minor units.
Rational hourly_rate(const ClauseContext& cx, const ClassifiedPeriod& cp, const Rational& period_fee_minor);

}  // namespace slaudit::audit
