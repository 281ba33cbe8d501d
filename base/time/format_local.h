#pragma once
// Instants as people in the contract's zone read them, for reports and
// diagnostics: ISO 8601 local date and time with the UTC offset in force,
// e.g. "2026-03-08T03:00:00-04:00". The offset makes the text unambiguous
// even inside a DST overlap, where the wall-clock part repeats.
#include <string>

#include "base/time/instant.h"
#include "base/time/time_zone.h"

namespace slaudit {

// UTC prints as "+00:00". An offset with seconds (local mean time before
// 1900) prints as "+hh:mm:ss", since rounding it would change the instant.
std::string format_local(Instant at, const TimeZone& zone);

// "+05:30", "-04:00", "+00:00", "-00:01:15".
std::string format_utc_offset(Seconds offset);

}  // namespace slaudit
