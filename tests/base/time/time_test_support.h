#pragma once
// Small helpers for the time tests: write instants and dates the way the
// expectations are stated, in UTC civil time.
#include <chrono>
#include <string>

#include "base/time/instant.h"
#include "base/time/local_date.h"
#include "base/time/time_zone.h"

namespace slaudit::test {

inline Instant utc(int y, unsigned mo, unsigned d, unsigned h = 0, unsigned mi = 0, unsigned s = 0) {
  using namespace std::chrono;
  return sys_days{year{y} / month{mo} / day{d}} + hours{h} + minutes{mi} + seconds{s};
}

inline LocalSeconds local(int y, unsigned mo, unsigned d, unsigned h = 0, unsigned mi = 0, unsigned s = 0) {
  using namespace std::chrono;
  return local_days{year{y} / month{mo} / day{d}} + hours{h} + minutes{mi} + seconds{s};
}

inline LocalDate date(int y, unsigned mo, unsigned d) { return *make_local_date(y, mo, d); }

// The tests name zones that ship in every tzdata; a missing one fails the test.
inline TimeZone zone(const char* name) { return TimeZone::find(name).value(); }  // throws: Catch reports it

inline constexpr long long minutes_per_day = 1440;

inline long long minutes_of(Seconds length) { return std::chrono::duration_cast<std::chrono::minutes>(length).count(); }

}  // namespace slaudit::test
