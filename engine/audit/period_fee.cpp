#include "engine/audit/period_fee.h"

#include "engine/audit/money.h"
#include "engine/figures/figures.h"

namespace slaudit::audit {

namespace {
// "2026-11" when the period is exactly that calendar month, as a billing
// export labels it; else "".
std::string billing_month(const Period& p) {
  if (p.first_day.day() != 1 || p.last_day != p.first_day.end_of_month()) return "";
  char text[8];
  std::snprintf(text, sizeof text, "%04d-%02d", static_cast<int>(p.first_day.year()), static_cast<int>(p.first_day.month()));
  return text;
}

bool billed_for(const BilledFee& billed, const Period& p) {
  return billed.period == p.label || (billed.exact_minor && billed.period == billing_month(p));
}

}  // namespace

Rational months_of_fee(const model::PeriodRule* rule) {
  if (rule == nullptr) return 1;
  switch (rule->kind) {
    case model::PeriodKind::CalendarMonth:
    case model::PeriodKind::BillingMonth: return 1;
    case model::PeriodKind::CalendarQuarter: return 3;
    case model::PeriodKind::CalendarYear: return 12;
    case model::PeriodKind::CalendarWeek: return Rational(7, 30);  // as a rolling 7 days: a month is 30 days
    case model::PeriodKind::Rolling: return Rational(rule->rolling_days, 30);
  }
  return 1;
}

PeriodFee period_fee(const ClauseContext& cx, const ClassifiedPeriod& cp) {
  const auto& service = *cx.service;
  const auto& currency = *cx.contract->currency;
  for (const auto& billed : cx.request->fees) {
    if (billed.service != service.name || !billed_for(billed, cp.period)) continue;
    if (!billed.exact_minor) return {billed.fee.minor, "billed fee given as input", Rational(billed.fee.minor), true};
    return {billed.fee.minor,
            std::string(cx.clause->group ? "the group's members' recurring charges in the billing export, summed exactly: "
                                         : "the resource's recurring charges in the billing export, summed exactly: ") +
                decimal_digits(*billed.exact_minor, 10, false).text +
                " minor units (a credit is computed on the exact sum and rounded once)",
            *billed.exact_minor, true};
  }
  if (!service.fee) return {0, "the service states no fee: credits are 0", Rational(0)};
  const auto rounding = cx.clause->rounding.value_or(model::RoundingMode::HalfUp);
  Rational fee;
  std::string how;
  if (service.fee_basis == model::FeeBasis::PerHour) {
    fee = service.fee->minor * cp.period.length().count() / 3600;
    how = price_with_code(service.fee->minor, currency) + " per hour x " + Rational(cp.period.length().count(), 3600).str() + " h";
  } else {
    const Rational months = months_of_fee(cx.clause->period ? &*cx.clause->period : nullptr);
    fee = service.fee->minor * months;
    how = price_with_code(service.fee->minor, currency) + " per month" + (months == 1 ? "" : " x " + months.str() + " months");
  }
  const bool whole = cx.clause->partial_period == model::PartialPeriodMode::Whole;
  if (cp.partial && !whole) {
    fee = fee * (cp.to - cp.from).count() / cp.period.length().count();
    how += " x " + std::to_string((cp.to - cp.from).count()) + "/" + std::to_string(cp.period.length().count()) +
           " s (partial period, prorated)";
  }
  // The fee shown is rounded; a credit is a percentage of the exact fee and is
  // rounded once, as with a billing export's exact sum.
  const int64_t minor = round_to_minor(fee, rounding);
  if (fee != minor) how += " = " + minor_units_text(fee) + " minor units, exact";
  return {minor, how, fee};
}

Rational hourly_rate(const ClauseContext& cx, const ClassifiedPeriod& cp, const Rational& period_fee_minor) {
  if (cx.service->fee && cx.service->fee_basis == model::FeeBasis::PerHour) return cx.service->fee->minor;
  const auto hours = Rational((cp.to - cp.from).count(), 3600);
  return hours > 0 ? period_fee_minor / hours : Rational(0);
}

}  // namespace slaudit::audit
