#include "base/time/timestamp.h"

#include <cstdio>

namespace slaudit {

namespace {

using namespace std::chrono;

std::string two_digits(int value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%02d", value);
  return buffer;
}

// Walks the text left to right; every failure names the column it stopped at.
class TimestampScanner {
 public:
  explicit TimestampScanner(std::string_view text) : text_(text) {}

  size_t pos() const { return pos_; }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  void advance() { ++pos_; }

  bool accept(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }

  // Exactly `count` ASCII digits, or nothing is consumed.
  bool digits(size_t count, int& value) {
    if (text_.size() - pos_ < count) return false;
    int v = 0;
    for (size_t i = 0; i < count; ++i) {
      const char c = text_[pos_ + i];
      if (c < '0' || c > '9') return false;
      v = v * 10 + (c - '0');
    }
    pos_ += count;
    value = v;
    return true;
  }

  TimestampResult fail(size_t at, std::string message, bool no_offset = false) const {
    TimestampResult result;
    result.error = std::move(message);
    result.column = column_of(at);
    result.no_offset = no_offset;
    return result;
  }

 private:
  // Columns count code points, so a stray non-ASCII character is pointed at correctly.
  size_t column_of(size_t at) const {
    size_t column = 1;
    for (size_t i = 0; i < at && i < text_.size(); ++i) {
      if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
    }
    return column;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

struct Offset {
  std::optional<minutes> value;
  std::optional<TimestampResult> error;
};

Offset scan_offset(TimestampScanner& in) {
  if (in.at_end()) {
    return {{}, in.fail(in.pos(), "timestamp has no UTC offset; add Z or an offset such as +08:00", true)};
  }
  if (in.accept('Z') || in.accept('z')) return {minutes{0}, {}};
  const char sign = in.peek();
  if (sign != '+' && sign != '-') {
    return {{}, in.fail(in.pos(), "expected 'Z' or a UTC offset such as +08:00")};
  }
  in.advance();
  int hours = 0, mins = 0;
  const size_t hour_at = in.pos();
  if (!in.digits(2, hours)) return {{}, in.fail(in.pos(), "expected a 2-digit offset hour (+hh:mm)")};
  if (!in.accept(':')) return {{}, in.fail(in.pos(), "expected ':' in the UTC offset (+hh:mm)")};
  const size_t minute_at = in.pos();
  if (!in.digits(2, mins)) return {{}, in.fail(in.pos(), "expected 2-digit offset minutes (+hh:mm)")};
  if (hours > 23) return {{}, in.fail(hour_at, "offset hour " + two_digits(hours) + " is out of range (00-23)")};
  if (mins > 59) return {{}, in.fail(minute_at, "offset minute " + two_digits(mins) + " is out of range (00-59)")};
  const minutes offset = hours * 60min + minutes{mins};
  return {sign == '-' ? -offset : offset, {}};
}

// The two shapes nearly every log writes, `2026-03-08T06:00:00Z` and
// `2026-03-08T14:00:00+08:00`, read in one pass. Anything else, valid or not,
// returns nullopt and goes to the scanner, which words every error; so this
// only ever accepts what the scanner accepts, to the same instant.
}  // namespace

std::optional<Instant> parse_common_timestamp(std::string_view text) {
  if (text.size() != 20 && text.size() != 25) return std::nullopt;
  const auto digit = [&](size_t i) { return static_cast<unsigned>(text[i]) - '0'; };
  const auto two = [&](size_t i, int& out) {
    const unsigned a = digit(i), b = digit(i + 1);
    out = static_cast<int>(a * 10 + b);
    return a <= 9 && b <= 9;
  };
  int y1 = 0, y2 = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (!two(0, y1) || !two(2, y2) || text[4] != '-' || !two(5, mo) || text[7] != '-' || !two(8, d) ||
      text[10] != 'T' || !two(11, h) || text[13] != ':' || !two(14, mi) || text[16] != ':' || !two(17, s))
    return std::nullopt;
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return std::nullopt;
  if (y1 < 14) return std::nullopt;  // before 1400: the scanner words the error
  const year_month_day date{year{y1 * 100 + y2}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
  if (!date.ok()) return std::nullopt;
  minutes offset{0};
  if (text.size() == 20) {
    if (text[19] != 'Z') return std::nullopt;
  } else {
    int oh = 0, om = 0;
    const char sign = text[19];
    if ((sign != '+' && sign != '-') || !two(20, oh) || text[22] != ':' || !two(23, om) || oh > 23 || om > 59)
      return std::nullopt;
    offset = sign == '-' ? -(hours{oh} + minutes{om}) : hours{oh} + minutes{om};
  }
  return Instant{sys_days{date}} + hours{h} + minutes{mi} + seconds{s} - offset;
}

TimestampResult parse_timestamp(std::string_view text) {
  if (const std::optional<Instant> common = parse_common_timestamp(text)) {
    TimestampResult result;
    result.instant = *common;
    return result;
  }
  return scan_timestamp(text);
}

TimestampResult scan_timestamp(std::string_view text) {
  TimestampScanner in(text);
  if (text.empty()) return in.fail(0, "empty timestamp");

  int y = 0, mo = 0, d = 0;
  if (!in.digits(4, y)) return in.fail(in.pos(), "expected a 4-digit year (YYYY-MM-DD)");
  // Periods and deadlines are computed in years 1400-9999 (local_date.h).
  if (y < 1400) return in.fail(0, "year " + std::string(text.substr(0, 4)) + " is before 1400; dates are read in years 1400-9999");
  if (!in.accept('-')) return in.fail(in.pos(), "expected '-' after the year (YYYY-MM-DD)");
  const size_t month_at = in.pos();
  if (!in.digits(2, mo)) return in.fail(in.pos(), "expected a 2-digit month (YYYY-MM-DD)");
  if (mo < 1 || mo > 12) return in.fail(month_at, "month " + two_digits(mo) + " is out of range (01-12)");
  if (!in.accept('-')) return in.fail(in.pos(), "expected '-' after the month (YYYY-MM-DD)");
  const size_t day_at = in.pos();
  if (!in.digits(2, d)) return in.fail(in.pos(), "expected a 2-digit day (YYYY-MM-DD)");
  const year_month_day date{year{y}, month{static_cast<unsigned>(mo)}, day{static_cast<unsigned>(d)}};
  if (!date.ok()) {
    const unsigned last = static_cast<unsigned>(year_month_day_last{year{y}, month_day_last{month{static_cast<unsigned>(mo)}}}.day());
    return in.fail(day_at, "day " + two_digits(d) + " is out of range for " + std::to_string(y) + "-" +
                               two_digits(mo) + ", which has " + std::to_string(last) + " days");
  }

  if (in.at_end()) return in.fail(in.pos(), "expected 'T' and a time of day after the date");
  if (!in.accept('T') && !in.accept('t') && !in.accept(' ')) {
    return in.fail(in.pos(), "expected 'T' between the date and the time of day");
  }
  int h = 0, mi = 0, s = 0;
  const size_t hour_at = in.pos();
  if (!in.digits(2, h)) return in.fail(in.pos(), "expected a 2-digit hour (hh:mm:ss)");
  // ISO 8601:2004 allowed 24:00:00 for midnight at the end of a day; RFC 3339
  // does not, and one spelling per instant keeps duplicate detection honest.
  if (h == 24) return in.fail(hour_at, "hour 24 is out of range (00-23); write 00:00:00 of the next day");
  if (h > 23) return in.fail(hour_at, "hour " + two_digits(h) + " is out of range (00-23)");
  if (!in.accept(':')) return in.fail(in.pos(), "expected ':' after the hour (hh:mm:ss)");
  const size_t minute_at = in.pos();
  if (!in.digits(2, mi)) return in.fail(in.pos(), "expected 2-digit minutes (hh:mm:ss)");
  if (mi > 59) return in.fail(minute_at, "minute " + two_digits(mi) + " is out of range (00-59)");
  if (!in.accept(':')) return in.fail(in.pos(), "expected ':' and seconds after the minutes (hh:mm:ss)");
  const size_t second_at = in.pos();
  if (!in.digits(2, s)) return in.fail(in.pos(), "expected 2-digit seconds (hh:mm:ss)");
  if (s == 60) return in.fail(second_at, "second 60 (a leap second) cannot be represented: audit time has no leap seconds");
  if (s > 59) return in.fail(second_at, "second " + two_digits(s) + " is out of range (00-59)");

  const size_t fraction_at = in.pos();
  if (in.accept('.')) {
    bool zero = true;
    const size_t first_digit = in.pos();
    for (int digit = 0; in.digits(1, digit);) zero = zero && digit == 0;
    if (in.pos() == first_digit) return in.fail(in.pos(), "expected digits after '.' in the seconds");
    if (!zero) {
      const std::string fraction(text.substr(fraction_at, in.pos() - fraction_at));
      return in.fail(fraction_at, "fractional seconds '" + fraction +
                                      "' are not supported: the audit has one-second resolution");
    }
  }

  Offset offset = scan_offset(in);
  if (offset.error) return *offset.error;
  if (!in.at_end()) return in.fail(in.pos(), "unexpected text after the UTC offset");

  TimestampResult result;
  result.instant = Instant{sys_days{date}} + hours{h} + minutes{mi} + seconds{s} - *offset.value;
  return result;
}

std::string format_utc(Instant instant) {
  const sys_days day_point = floor<days>(instant);
  const year_month_day date{day_point};
  const hh_mm_ss time{instant - day_point};
  const int y = static_cast<int>(date.year());
  const auto h = time.hours().count(), m = time.minutes().count(), s = time.seconds().count();
  if (y < 0 || y > 9999) {  // no year a report states (dates stop at 9999), printed whole all the same
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02uT%02d:%02d:%02dZ", y, static_cast<unsigned>(date.month()),
                  static_cast<unsigned>(date.day()), static_cast<int>(h), static_cast<int>(m), static_cast<int>(s));
    return buffer;
  }
  // Digit by digit, not snprintf: a fleet report prints millions of timestamps.
  std::string text = "0000-00-00T00:00:00Z";
  const auto put = [&](size_t at, long long value, int width) {
    for (int k = width - 1; k >= 0; --k, value /= 10) text[at + static_cast<size_t>(k)] = static_cast<char>('0' + value % 10);
  };
  put(0, y, 4);
  put(5, static_cast<unsigned>(date.month()), 2);
  put(8, static_cast<unsigned>(date.day()), 2);
  put(11, h, 2);
  put(14, m, 2);
  put(17, s, 2);
  return text;
}

}  // namespace slaudit
