#include "base/time/civil_date.h"

#include <cstdio>

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
  if (const auto day = parse_civil_date(text)) return DayRange{*day, *day, label};
  return std::nullopt;
}

}  // namespace slaudit
