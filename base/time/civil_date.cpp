#include "base/time/civil_date.h"

#include <cstdio>

#include <boost/date_time/gregorian/gregorian.hpp>

#include "base/time/local_date.h"

namespace slaudit {

namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

int number(std::string_view digits) {
  int n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  return n;
}

int last_day(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

bool supported_year(int year) { return year >= first_supported_year && year <= last_supported_year; }

std::optional<DayRange> interval(std::string_view first, std::string_view last) {
  const auto a = parse_civil_date(first), b = parse_civil_date(last);
  if (!a || !b || *b < *a) return std::nullopt;
  return DayRange{*a, *b, civil_date_text(*a) + "/" + civil_date_text(*b)};
}

CivilDate civil_of(LocalDate d) {
  return {static_cast<int>(d.year()), static_cast<int>(d.month().as_number()), static_cast<int>(d.day())};
}

// "2026-W48": week 1 is the week holding 4 January (the year's first
// Thursday); a year has 53 weeks when 28 December falls in week 53.
std::optional<DayRange> iso_week(std::string_view text) {
  const int y = number(text.substr(0, 4)), w = number(text.substr(6, 2));
  if (!supported_year(y) || w < 1) return std::nullopt;
  const LocalDate jan4(static_cast<unsigned short>(y), 1, 4);
  const LocalDate week1 = jan4 - boost::gregorian::days((jan4.day_of_week().as_number() + 6) % 7);
  const int weeks = LocalDate(static_cast<unsigned short>(y), 12, 28).week_number();
  if (w > weeks) return std::nullopt;
  const long long first = week1.day_number() + 7LL * (w - 1);
  const long long calendar_first = LocalDate(first_supported_year, 1, 1).day_number();
  const long long calendar_last = LocalDate(last_supported_year, 12, 31).day_number();
  if (first < calendar_first || first + 6 > calendar_last) return std::nullopt;
  const LocalDate monday = week1 + boost::gregorian::days(7LL * (w - 1));
  return DayRange{civil_of(monday), civil_of(monday + boost::gregorian::days(6)), std::string(text)};
}

}  // namespace

std::optional<CivilDate> parse_civil_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  const std::string_view y = text.substr(0, 4), m = text.substr(5, 2), d = text.substr(8, 2);
  if (!all_digits(y) || !all_digits(m) || !all_digits(d)) return std::nullopt;
  const CivilDate date{number(y), number(m), number(d)};
  if (!make_local_date(date.year, static_cast<unsigned>(date.month), static_cast<unsigned>(date.day)))
    return std::nullopt;
  return date;
}

std::string civil_date_text(const CivilDate& date) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", date.year, date.month, date.day);
  return buffer;
}

std::optional<DayRange> parse_day_range(std::string_view text) {
  if (const size_t dots = text.find(".."); dots != std::string_view::npos)
    return interval(text.substr(0, dots), text.substr(dots + 2));
  if (const size_t slash = text.find('/'); slash != std::string_view::npos)
    return interval(text.substr(0, slash), text.substr(slash + 1));
  const std::string label(text);
  if (text.size() == 4 && all_digits(text)) {
    const int y = number(text);
    if (!supported_year(y)) return std::nullopt;
    return DayRange{{y, 1, 1}, {y, 12, 31}, label};
  }
  if (text.size() == 7 && all_digits(text.substr(0, 4)) && text[4] == '-') {
    const int y = number(text.substr(0, 4));
    if (!supported_year(y)) return std::nullopt;
    if (text[5] == 'Q' && text[6] >= '1' && text[6] <= '4') {
      const int q = text[6] - '0';
      return DayRange{{y, 3 * q - 2, 1}, {y, 3 * q, last_day(y, 3 * q)}, label};
    }
    if (!all_digits(text.substr(5))) return std::nullopt;
    const int m = number(text.substr(5));
    if (m < 1 || m > 12) return std::nullopt;
    return DayRange{{y, m, 1}, {y, m, last_day(y, m)}, label};
  }
  if (text.size() == 8 && all_digits(text.substr(0, 4)) && text.substr(4, 2) == "-W" && all_digits(text.substr(6)))
    return iso_week(text);
  if (const auto day = parse_civil_date(text)) return DayRange{*day, *day, label};
  return std::nullopt;
}

}  // namespace slaudit
