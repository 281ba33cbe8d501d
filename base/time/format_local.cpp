#include "base/time/format_local.h"

#include <cstdio>
#include <cstdlib>

#include "base/time/civil_time.h"

namespace slaudit {

namespace {

// Two digits of `value` (0-99) at `out`. Reports print tens of thousands of
// timestamps (one per recovery breach), so this avoids printf's parsing.
char* two_digits(char* out, long long value) {
  out[0] = static_cast<char>('0' + value / 10);
  out[1] = static_cast<char>('0' + value % 10);
  return out + 2;
}

}  // namespace

std::string format_utc_offset(Seconds offset) {
  const long long total = offset.count();
  const long long magnitude = std::llabs(total);
  const long long h = magnitude / 3600, m = magnitude / 60 % 60, s = magnitude % 60;
  if (h > 99) {  // not a real offset; printed whole rather than wrongly
    char text[48];
    std::snprintf(text, sizeof text, "%c%02lld:%02lld:%02lld", total < 0 ? '-' : '+', h, m, s);
    return text;
  }
  char text[16];
  char* end = text;
  *end++ = total < 0 ? '-' : '+';
  end = two_digits(end, h);
  *end++ = ':';
  end = two_digits(end, m);
  if (s != 0) {
    *end++ = ':';
    end = two_digits(end, s);
  }
  return std::string(text, end);
}

std::string format_local(Instant at, const TimeZone& zone) {
  const CivilTime civil = to_civil_time(zone.to_local(at));
  char text[64];
  char* end = text;
  if (civil.year >= 0 && civil.year <= 9999) {
    end = two_digits(two_digits(end, civil.year / 100), civil.year % 100);
  } else {
    // Years outside 0..9999 get an explicit sign, as ISO 8601's expanded form does.
    end += std::snprintf(text, sizeof text, "%+05d", civil.year);
  }
  *end++ = '-';
  end = two_digits(end, civil.month);
  *end++ = '-';
  end = two_digits(end, civil.day);
  *end++ = 'T';
  end = two_digits(end, civil.hour);
  *end++ = ':';
  end = two_digits(end, civil.minute);
  *end++ = ':';
  end = two_digits(end, civil.second);
  return std::string(text, end) + format_utc_offset(zone.utc_offset(at));
}

}  // namespace slaudit
