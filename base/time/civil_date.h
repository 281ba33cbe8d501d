#pragma once
// A calendar day as people write it (YYYY-MM-DD), and the one grammar for
// naming days and runs of days on the command line and in input files:
//   2026            a calendar year
//   2026-Q4         a calendar quarter
//   2026-11         a calendar month
//   2026-W48        an ISO 8601 week, Monday to Sunday (week 1 holds 4 January)
//   2026-11-05      one day
//   2026-03-15/2026-04-14   an ISO 8601 interval of days, both inclusive: how
//                   reports label a period that is not a calendar unit
//   2026-03-15..2026-04-14  the same interval, as --period also accepts it
// Years are 1400..9999, the calendar every date computation supports
// (local_date.h); an earlier or later day is refused here, never later.
#include <optional>
#include <string>
#include <string_view>

namespace slaudit {

struct CivilDate {
  int year = 0, month = 0, day = 0;
  auto operator<=>(const CivilDate&) const = default;
};

// "2026-11-05" -> the day; nullopt for any other shape, an impossible day
// (2026-02-30) or a year outside 1400..9999.
std::optional<CivilDate> parse_civil_date(std::string_view text);

std::string civil_date_text(const CivilDate& date);  // YYYY-MM-DD

// A run of days named by the grammar above, with its canonical label: the
// text as written, but an interval always as FIRST/LAST.
struct DayRange {
  CivilDate first, last;  // inclusive, first <= last
  std::string label;
};
std::optional<DayRange> parse_day_range(std::string_view text);

// What parse_day_range accepts, for messages.
inline constexpr std::string_view kDayRangeForms =
    "2026, 2026-Q4, 2026-11, 2026-W48, 2026-11-05 or 2026-03-01/2026-05-31";

}  // namespace slaudit
