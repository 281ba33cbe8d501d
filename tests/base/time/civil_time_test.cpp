#include <catch2/catch.hpp>

#include "base/time/civil_time.h"
#include "base/time/local_date.h"
#include "tests/base/time/time_test_support.h"

using namespace slaudit;
using namespace slaudit::test;

TEST_CASE("time civil: readings convert both ways", "[time]") {
  const CivilTime civil{2026, 3, 8, 2, 30, 15};
  REQUIRE(to_local_seconds(civil));
  CHECK(*to_local_seconds(civil) == local(2026, 3, 8, 2, 30, 15));
  CHECK(to_civil_time(local(2026, 3, 8, 2, 30, 15)) == civil);
  CHECK(to_civil_time(local(1969, 12, 31, 23, 59, 59)) == CivilTime{1969, 12, 31, 23, 59, 59});
}

TEST_CASE("time civil: local dates check the calendar", "[time]") {
  CHECK(make_local_date(2024, 2, 29));
  CHECK_FALSE(make_local_date(2026, 2, 29));
  CHECK_FALSE(make_local_date(2026, 13, 1));
  CHECK_FALSE(make_local_date(2026, 1, 0));
  CHECK_FALSE(make_local_date(1399, 12, 31));
  CHECK_FALSE(make_local_date(10000, 1, 1));
  CHECK(to_local_days(date(2026, 3, 8)) == std::chrono::floor<std::chrono::days>(local(2026, 3, 8, 12)));
  CHECK(to_local_date(std::chrono::floor<std::chrono::days>(local(2026, 3, 8, 12))) == date(2026, 3, 8));
}
