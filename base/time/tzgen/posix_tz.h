#pragma once
// The POSIX TZ string of a TZif footer (RFC 8536 section 3.3), e.g.
// "EST5EDT,M3.2.0,M11.1.0" or "<-02>2<-01>,M3.5.0/-1,M10.5.0/0". It gives the
// rule for every year after the file's last transition; the generator turns
// it into explicit transitions so that the run-time lookup stays a binary search.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace slaudit::tzgen {

struct PosixLocalTime {
  std::string abbreviation;
  std::int32_t utc_offset_seconds = 0;  // east of UTC is positive (POSIX writes the opposite sign)
  bool is_dst = false;
};

// When in the year a switch happens, in the local time in force before it.
struct PosixSwitchDate {
  enum class Form { julian_no_leap_day, zero_based_day, month_week_weekday };
  Form form = Form::month_week_weekday;
  int day = 0;      // Jn: 1..365 (Feb 29 never counted); n: 0..365
  int month = 0;    // Mm.w.d: 1..12
  int week = 0;     // 1..5, 5 meaning the last such weekday of the month
  int weekday = 0;  // 0 = Sunday
  std::int32_t time_of_day_seconds = 2 * 3600;  // may be negative or past 24h
};

struct PosixDaylightRule {
  PosixLocalTime daylight;
  PosixSwitchDate start;  // standard -> daylight
  PosixSwitchDate end;    // daylight -> standard
};

struct PosixTz {
  PosixLocalTime standard;
  std::optional<PosixDaylightRule> daylight;  // absent: standard time all year
};

std::optional<PosixTz> parse_posix_tz(std::string_view text);

// The UTC instants (seconds) at which daylight time starts and ends in `year`.
// Precondition: tz.daylight is set.
std::pair<std::int64_t, std::int64_t> daylight_switches(const PosixTz& tz, int year);

}  // namespace slaudit::tzgen
