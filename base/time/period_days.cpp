#include "base/time/period_days.h"

#include <cstdio>

#include <boost/date_time/gregorian/formatters.hpp>

namespace slaudit {
namespace {

using boost::gregorian::gregorian_calendar;

struct YearMonth {
  int year;
  unsigned month;  // 1..12

  YearMonth plus(int months) const {
    const int index = year * 12 + int(month) - 1 + months;
    const int y = index >= 0 ? index / 12 : (index - 11) / 12;
    return {y, unsigned(index - y * 12 + 1)};
  }
};

YearMonth year_month_of(LocalDate day) { return {int(day.year()), unsigned(day.month())}; }

unsigned days_in(YearMonth ym) {
  return gregorian_calendar::end_of_month_day(static_cast<unsigned short>(ym.year),
                                              static_cast<unsigned short>(ym.month));
}

bool in_calendar(YearMonth ym) { return ym.year >= first_supported_year && ym.year <= last_supported_year; }

std::string number_label(const char* format, int a, unsigned b = 0) {
  char text[32];
  std::snprintf(text, sizeof text, format, a, b);
  return text;
}

std::string range_label(LocalDate first, LocalDate last) {
  return boost::gregorian::to_iso_extended_string(first) + "/" + boost::gregorian::to_iso_extended_string(last);
}

// Calendar months, quarters and years: `months` consecutive months starting
// in a month that is a multiple of `months` from January.
std::optional<PeriodDays> aligned_months(LocalDate day, unsigned months) {
  const YearMonth ym = year_month_of(day);
  const YearMonth first{ym.year, (ym.month - 1) / months * months + 1};
  const YearMonth last = first.plus(int(months) - 1);
  const LocalDate first_day(static_cast<unsigned short>(first.year), static_cast<unsigned short>(first.month), 1);
  const LocalDate last_day(static_cast<unsigned short>(last.year), static_cast<unsigned short>(last.month),
                           static_cast<unsigned short>(days_in(last)));
  std::string label = months == 1   ? number_label("%04d-%02u", ym.year, ym.month)
                      : months == 3 ? number_label("%04d-Q%u", ym.year, (ym.month - 1) / 3 + 1)
                                    : number_label("%04d", ym.year);
  return PeriodDays{first_day, last_day, std::move(label)};
}

// The billing period that starts in `ym`: on the anchor day, or on the
// month's last day when the month is shorter.
std::optional<LocalDate> billing_start(YearMonth ym, unsigned anchor_day) {
  if (!in_calendar(ym)) return std::nullopt;
  return make_local_date(ym.year, ym.month, std::min(anchor_day, days_in(ym)));
}

std::optional<PeriodDays> billing_month(LocalDate day, unsigned anchor_day) {
  YearMonth starts_in = year_month_of(day);
  std::optional<LocalDate> first = billing_start(starts_in, anchor_day);
  if (first && day < *first) {  // before this month's anchor: still in last month's period
    starts_in = starts_in.plus(-1);
    first = billing_start(starts_in, anchor_day);
  }
  const std::optional<LocalDate> next = billing_start(starts_in.plus(1), anchor_day);
  if (!first || !next) return std::nullopt;
  const LocalDate last = *next - boost::gregorian::days(1);
  return PeriodDays{*first, last, range_label(*first, last)};
}

std::optional<PeriodDays> rolling_window(LocalDate day, unsigned length, LocalDate anchor) {
  const long long offset = (day - anchor).days();
  const long long n = length;
  const long long k = offset >= 0 ? offset / n : -((-offset + n - 1) / n);  // floor(offset / n)
  const long long first_number = anchor.day_number() + k * n;
  const long long last_number = first_number + n - 1;
  const LocalDate calendar_first(first_supported_year, 1, 1);
  const LocalDate calendar_last(last_supported_year, 12, 31);
  if (first_number < calendar_first.day_number() || last_number > calendar_last.day_number())
    return std::nullopt;
  const LocalDate first = anchor + boost::gregorian::days(first_number - anchor.day_number());
  const LocalDate last = first + boost::gregorian::days(n - 1);
  return PeriodDays{first, last, range_label(first, last)};
}

// The ISO 8601 week of `day`: Monday to Sunday, labelled with the year of its
// Thursday (so 2027-01-03, a Sunday, is in 2026-W53) and its number in that
// year (week 1 holds the year's first Thursday).
std::optional<PeriodDays> iso_week(LocalDate day) {
  const long long back = (day.day_of_week().as_number() + 6) % 7;  // days since Monday
  const LocalDate calendar_first(first_supported_year, 1, 1);
  const LocalDate calendar_last(last_supported_year, 12, 31);
  if (day.day_number() - back < calendar_first.day_number() || day.day_number() - back + 6 > calendar_last.day_number())
    return std::nullopt;
  const LocalDate monday = day - boost::gregorian::days(back);
  const LocalDate thursday = monday + boost::gregorian::days(3);
  const unsigned week = (thursday.day_of_year() - 1) / 7 + 1;
  return PeriodDays{monday, monday + boost::gregorian::days(6), number_label("%04d-W%02u", int(thursday.year()), week)};
}

}  // namespace

std::optional<PeriodDays> period_days_containing(const PeriodScheme& scheme, LocalDate day) {
  if (day.is_special()) return std::nullopt;
  switch (scheme.kind()) {
    case StatisticalPeriod::calendar_month: return aligned_months(day, 1);
    case StatisticalPeriod::calendar_quarter: return aligned_months(day, 3);
    case StatisticalPeriod::calendar_year: return aligned_months(day, 12);
    case StatisticalPeriod::calendar_week: return iso_week(day);
    case StatisticalPeriod::billing_month: return billing_month(day, scheme.billing_anchor_day());
    case StatisticalPeriod::rolling_days:
      return rolling_window(day, scheme.rolling_length_days(), scheme.rolling_anchor());
  }
  return std::nullopt;
}

}  // namespace slaudit
