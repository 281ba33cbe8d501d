#include "base/time/tzgen/posix_tz.h"

#include <cctype>
#include <chrono>

namespace slaudit::tzgen {
namespace {

// A cursor over the TZ string; every parse_* returns false on malformed input.
struct Cursor {
  std::string_view text;
  std::size_t pos = 0;

  bool done() const { return pos >= text.size(); }
  char peek() const { return done() ? '\0' : text[pos]; }
  bool accept(char c) {
    if (peek() != c) return false;
    ++pos;
    return true;
  }
};

bool parse_number(Cursor& in, int& value) {
  if (!std::isdigit(static_cast<unsigned char>(in.peek()))) return false;
  value = 0;
  while (std::isdigit(static_cast<unsigned char>(in.peek()))) value = value * 10 + (in.text[in.pos++] - '0');
  return true;
}

// Either alphabetic ("EST") or quoted in angle brackets ("<-03>", "<+0530>").
bool parse_abbreviation(Cursor& in, std::string& out) {
  out.clear();
  if (in.accept('<')) {
    while (!in.done() && in.peek() != '>') out += in.text[in.pos++];
    return in.accept('>') && !out.empty();
  }
  while (std::isalpha(static_cast<unsigned char>(in.peek()))) out += in.text[in.pos++];
  return out.size() >= 3;
}

// [+-]hh[:mm[:ss]], as written (no sign inversion here).
bool parse_clock(Cursor& in, std::int32_t& seconds) {
  int sign = 1;
  if (in.accept('-')) sign = -1;
  else in.accept('+');
  int hours = 0, minutes = 0, secs = 0;
  if (!parse_number(in, hours)) return false;
  if (in.accept(':') && !parse_number(in, minutes)) return false;
  if (in.accept(':') && !parse_number(in, secs)) return false;
  seconds = sign * (hours * 3600 + minutes * 60 + secs);
  return true;
}

bool parse_local_time(Cursor& in, PosixLocalTime& out, bool offset_optional) {
  if (!parse_abbreviation(in, out.abbreviation)) return false;
  const char next = in.peek();
  const bool has_offset = next == '+' || next == '-' || std::isdigit(static_cast<unsigned char>(next));
  if (!has_offset) return offset_optional;
  std::int32_t posix_offset = 0;
  if (!parse_clock(in, posix_offset)) return false;
  out.utc_offset_seconds = -posix_offset;  // POSIX counts hours west of Greenwich
  return true;
}

bool parse_switch_date(Cursor& in, PosixSwitchDate& out) {
  using Form = PosixSwitchDate::Form;
  if (in.accept('M')) {
    out.form = Form::month_week_weekday;
    if (!parse_number(in, out.month) || !in.accept('.') || !parse_number(in, out.week) ||
        !in.accept('.') || !parse_number(in, out.weekday))
      return false;
    if (out.month < 1 || out.month > 12 || out.week < 1 || out.week > 5 || out.weekday > 6) return false;
  } else if (in.accept('J')) {
    out.form = Form::julian_no_leap_day;
    if (!parse_number(in, out.day) || out.day < 1 || out.day > 365) return false;
  } else {
    out.form = Form::zero_based_day;
    if (!parse_number(in, out.day) || out.day > 365) return false;
  }
  if (in.accept('/')) return parse_clock(in, out.time_of_day_seconds);
  return true;
}

std::chrono::sys_days switch_day(const PosixSwitchDate& date, int year) {
  using namespace std::chrono;
  const std::chrono::year y{year};
  const sys_days january_first{y / January / 1};
  switch (date.form) {
    case PosixSwitchDate::Form::julian_no_leap_day: {
      const bool after_february = date.day >= 60;  // J60 is March 1 in every year
      return january_first + days{date.day - 1 + (after_february && y.is_leap() ? 1 : 0)};
    }
    case PosixSwitchDate::Form::zero_based_day:
      return january_first + days{date.day};
    case PosixSwitchDate::Form::month_week_weekday:
      break;
  }
  const std::chrono::month m{static_cast<unsigned>(date.month)};
  const std::chrono::weekday wd{static_cast<unsigned>(date.weekday)};
  if (date.week == 5) return sys_days{y / m / wd[last]};
  return sys_days{y / m / wd[static_cast<unsigned>(date.week)]};
}

// `offset` is the UTC offset of the local time the clock shows before the switch.
std::int64_t switch_instant(const PosixSwitchDate& date, int year, std::int32_t offset) {
  const auto day = switch_day(date, year).time_since_epoch().count();
  return std::int64_t{day} * 86400 + date.time_of_day_seconds - offset;
}

}  // namespace

std::optional<PosixTz> parse_posix_tz(std::string_view text) {
  Cursor in{text};
  PosixTz tz;
  if (!parse_local_time(in, tz.standard, false)) return std::nullopt;
  if (in.done()) return tz;
  PosixDaylightRule rule;
  rule.daylight.is_dst = true;
  rule.daylight.utc_offset_seconds = tz.standard.utc_offset_seconds + 3600;  // the POSIX default
  if (!parse_local_time(in, rule.daylight, true)) return std::nullopt;
  if (!in.accept(',') || !parse_switch_date(in, rule.start)) return std::nullopt;
  if (!in.accept(',') || !parse_switch_date(in, rule.end)) return std::nullopt;
  if (!in.done()) return std::nullopt;
  tz.daylight = rule;
  return tz;
}

std::pair<std::int64_t, std::int64_t> daylight_switches(const PosixTz& tz, int year) {
  const PosixDaylightRule& rule = *tz.daylight;
  return {switch_instant(rule.start, year, tz.standard.utc_offset_seconds),
          switch_instant(rule.end, year, rule.daylight.utc_offset_seconds)};
}

}  // namespace slaudit::tzgen
