#include <catch2/catch.hpp>

#include "base/time/format_local.h"
#include "tests/base/time/time_test_support.h"

using namespace slaudit;
using namespace slaudit::test;

TEST_CASE("time format: local ISO 8601 with the offset in force", "[time][format]") {
  struct Case {
    const char* zone;
    Instant at;
    const char* text;
  };
  auto c = GENERATE(values<Case>({
      // the first second of EDT and the last of EST before it
      {"America/New_York", utc(2026, 3, 8, 7), "2026-03-08T03:00:00-04:00"},
      {"America/New_York", utc(2026, 3, 8, 6, 59, 59), "2026-03-08T01:59:59-05:00"},
      // the repeated 01:30 is told apart by its offset
      {"America/New_York", utc(2026, 11, 1, 5, 30), "2026-11-01T01:30:00-04:00"},
      {"America/New_York", utc(2026, 11, 1, 6, 30), "2026-11-01T01:30:00-05:00"},
      {"America/New_York", utc(2045, 7, 4, 16), "2045-07-04T12:00:00-04:00"},
      {"Etc/UTC", utc(2026, 1, 1), "2026-01-01T00:00:00+00:00"},
      {"Asia/Kolkata", utc(2026, 1, 1), "2026-01-01T05:30:00+05:30"},
      // Sydney in January is on AEDT, +11
      {"Australia/Sydney", utc(2026, 1, 1), "2026-01-01T11:00:00+11:00"},
      {"Europe/London", utc(2026, 7, 1, 12), "2026-07-01T13:00:00+01:00"},
      // local mean time, -4:56:02, keeps its seconds: 00:00:00Z - 4:56:02 = 19:03:58 the day before
      {"America/New_York", utc(1800, 1, 1), "1799-12-31T19:03:58-04:56:02"},
      // the ends of the four-digit years, and past them ISO 8601's expanded form
      {"Etc/UTC", utc(0, 1, 1), "0000-01-01T00:00:00+00:00"},
      {"Etc/UTC", utc(9999, 12, 31, 23, 59, 59), "9999-12-31T23:59:59+00:00"},
      {"Etc/UTC", utc(10000, 1, 1), "+10000-01-01T00:00:00+00:00"},
      {"Etc/UTC", utc(-1, 12, 31), "-0001-12-31T00:00:00+00:00"},
  }));
  CAPTURE(c.zone);
  CHECK(format_local(c.at, zone(c.zone)) == c.text);
}

TEST_CASE("time format: UTC offsets", "[time][format]") {
  using std::chrono::hours, std::chrono::minutes, std::chrono::seconds;
  CHECK(format_utc_offset(hours{0}) == "+00:00");
  CHECK(format_utc_offset(hours{-4}) == "-04:00");
  CHECK(format_utc_offset(hours{5} + minutes{45}) == "+05:45");
  CHECK(format_utc_offset(-(minutes{1} + seconds{15})) == "-00:01:15");
  CHECK(format_utc_offset(hours{14}) == "+14:00");
}
