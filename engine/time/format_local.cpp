#include "engine/time/format_local.h"

#include <cstdio>
#include <cstdlib>

#include "engine/time/civil_time.h"

namespace slaudit {

std::string format_utc_offset(Seconds offset) {
  const long long total = offset.count();
  const long long magnitude = std::llabs(total);
  const long long h = magnitude / 3600, m = magnitude / 60 % 60, s = magnitude % 60;
  char text[32];
  if (s == 0) std::snprintf(text, sizeof text, "%c%02lld:%02lld", total < 0 ? '-' : '+', h, m);
  else std::snprintf(text, sizeof text, "%c%02lld:%02lld:%02lld", total < 0 ? '-' : '+', h, m, s);
  return text;
}

std::string format_local(Instant at, const TimeZone& zone) {
  const CivilTime civil = to_civil_time(zone.to_local(at));
  char text[64];
  // Years outside 0..9999 get an explicit sign, as ISO 8601's expanded form does.
  const char* year_format = (civil.year >= 0 && civil.year <= 9999) ? "%04d" : "%+05d";
  int length = std::snprintf(text, sizeof text, year_format, civil.year);
  std::snprintf(text + length, sizeof text - length, "-%02u-%02uT%02u:%02u:%02u", civil.month, civil.day,
                civil.hour, civil.minute, civil.second);
  return text + format_utc_offset(zone.utc_offset(at));
}

}  // namespace slaudit
