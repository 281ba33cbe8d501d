#pragma once
// Statistical periods: the windows over which a contract measures
// availability, cut at local midnights in the contract's time zone. A period
// is half-open in UTC, [start, end), so an instant exactly on a boundary
// belongs to the later period and consecutive periods tile time with no gap
// or overlap. Because boundaries are local midnights, a period's length
// follows DST: a New York March is 31 days less one hour.
#include <optional>
#include <string>
#include <vector>

#include "base/time/instant.h"
#include "base/time/local_date.h"
#include "base/time/time_zone.h"

namespace slaudit {

enum class StatisticalPeriod {
  calendar_month,    // "2026-03"
  calendar_quarter,  // "2026-Q1": Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec
  calendar_year,     // "2026"
  calendar_week,     // "2026-W48": ISO 8601 weeks, Monday to Sunday, numbered in the year of their Thursday
  billing_month,     // "2026-03-15/2026-04-14": from day D of a month to the day before day D of the next
  rolling_days,      // "2026-01-01/2026-01-30": consecutive N-day windows from an anchor date
};

// How a contract cuts time into periods. Built only through the factories,
// which refuse parameters that name no period.
class PeriodScheme {
 public:
  static PeriodScheme calendar_month();
  static PeriodScheme calendar_quarter();
  static PeriodScheme calendar_year();
  static PeriodScheme calendar_week();
  // anchor_day 1..31. In a month shorter than anchor_day the period starts on
  // that month's last day: with day 31, 2026-01-31/2026-02-27 is followed by
  // 2026-02-28/2026-03-30, then 2026-03-31/2026-04-29. No day is ever skipped.
  static std::optional<PeriodScheme> billing_month(unsigned anchor_day);
  // days >= 1. Windows are [anchor + k*days, anchor + (k+1)*days) for every
  // integer k, so dates before the anchor fall into windows counted backwards.
  static std::optional<PeriodScheme> rolling_days(unsigned days, LocalDate anchor);

  StatisticalPeriod kind() const { return kind_; }
  unsigned billing_anchor_day() const { return billing_anchor_day_; }  // billing_month only
  unsigned rolling_length_days() const { return rolling_length_days_; }  // rolling_days only
  LocalDate rolling_anchor() const { return rolling_anchor_; }        // rolling_days only

 private:
  explicit PeriodScheme(StatisticalPeriod kind) : kind_(kind) {}

  StatisticalPeriod kind_;
  unsigned billing_anchor_day_ = 0;
  unsigned rolling_length_days_ = 0;
  LocalDate rolling_anchor_;
};

struct Period {
  Instant start;        // first instant of first_day in the zone (UTC)
  Instant end;          // first instant of the day after last_day: the next period's start
  LocalDate first_day;  // local, inclusive
  LocalDate last_day;   // local, inclusive
  std::string label;

  Seconds length() const { return end - start; }
};

// Periods exist only within the supported calendar (local_date.h, years
// 1400-9999): outside it these return nullopt, or stop early.

std::optional<Period> period_containing(const PeriodScheme& scheme, const TimeZone& zone, Instant at);
std::optional<Period> period_containing_date(const PeriodScheme& scheme, const TimeZone& zone, LocalDate day);

// Every period that overlaps [from, to), in order, whole (not clipped to the
// range). Empty if to <= from.
std::vector<Period> periods_overlapping(const PeriodScheme& scheme, const TimeZone& zone, Instant from,
                                        Instant to);

// Every period that contains a day of [first_day, last_day] (both inclusive,
// e.g. a contract effective 2026-01-01 to 2027-12-31), whole. Empty if
// last_day < first_day.
std::vector<Period> periods_for_dates(const PeriodScheme& scheme, const TimeZone& zone, LocalDate first_day,
                                      LocalDate last_day);

}  // namespace slaudit
