// Statistical periods: calendar month, quarter, year or (ISO) week; billing month from
// day N; rolling N days.
#include "language/check/parts.h"

namespace slaudit::check {

std::optional<model::PeriodRule> check_period(Context& cx, const ast::PeriodSpec& spec) {
  model::PeriodRule rule;
  rule.range = spec.range;
  if (auto* c = std::get_if<ast::CalendarPeriod>(&spec.kind)) {
    if (!cx.one_of(c->unit, {"month", "quarter", "year", "week"}, "calendar period")) return std::nullopt;
    rule.kind = c->unit.text == "month"     ? model::PeriodKind::CalendarMonth
                : c->unit.text == "quarter" ? model::PeriodKind::CalendarQuarter
                : c->unit.text == "week"    ? model::PeriodKind::CalendarWeek
                                            : model::PeriodKind::CalendarYear;
    return rule;
  }
  if (auto* b = std::get_if<ast::BillingMonthPeriod>(&spec.kind)) {
    if (b->day.value < 1 || b->day.value > 31) {
      cx.diagnostics().error("out-of-range", b->day.range, "a billing month starts on a day from 1 to 31");
      return std::nullopt;
    }
    rule.kind = model::PeriodKind::BillingMonth;
    rule.anchor_day = static_cast<int>(b->day.value);
    return rule;
  }
  const auto& r = std::get<ast::RollingPeriod>(spec.kind);
  auto d = cx.duration(r.length, "a rolling period");
  if (!d) return std::nullopt;
  if (d->count() % 86400 != 0) {
    cx.diagnostics().error("out-of-range", r.length.range, "a rolling period is a whole number of days",
                           "write e.g. rolling 30 d;");
    return std::nullopt;
  }
  rule.kind = model::PeriodKind::Rolling;
  rule.rolling_days = static_cast<int>(d->count() / 86400);
  return rule;
}

}  // namespace slaudit::check
