#pragma once
// Local civil (wall-clock) time: what a clock in some zone shows, with no zone
// attached. It is not an instant: only a TimeZone turns it into one, and a
// reading can name no instant (a DST gap) or two (a DST overlap).
#include <chrono>
#include <optional>

namespace slaudit {

// Seconds on a local wall clock since 1970-01-01 00:00:00 local.
using LocalSeconds = std::chrono::local_seconds;

// A wall-clock reading as people write it. Fields are plain numbers so that
// they can come straight from a contract; to_local_seconds() validates them.
struct CivilTime {
  int year = 1970;
  unsigned month = 1;  // 1..12
  unsigned day = 1;    // 1..days in the month
  unsigned hour = 0;   // 0..23
  unsigned minute = 0;
  unsigned second = 0;  // 0..59: a leap second has no wall-clock reading in the audit

  friend bool operator==(const CivilTime&, const CivilTime&) = default;
};

// nullopt if the date does not exist (2026-02-29, month 13) or a time field is out of range.
std::optional<LocalSeconds> to_local_seconds(const CivilTime& civil);

CivilTime to_civil_time(LocalSeconds local);

}  // namespace slaudit
