// Checked date arithmetic: a step that leaves years 1400-9999 is nullopt,
// never Boost's bad_year exception (issue 14: such steps aborted audits).
#include <catch2/catch.hpp>

#include "base/time/date_steps.h"

using slaudit::LocalDate;

TEST_CASE("add_days and add_months stay in years 1400-9999 or say nullopt", "[time][hostile]") {
  const LocalDate last(9999, 12, 31), first(1400, 1, 1);
  CHECK(slaudit::add_days(last, 0) == last);
  CHECK(slaudit::add_days(last, 1) == std::nullopt);
  CHECK(slaudit::add_days(first, -1) == std::nullopt);
  CHECK(slaudit::add_days(LocalDate(2026, 12, 31), 1) == LocalDate(2027, 1, 1));
  CHECK(slaudit::add_days(LocalDate(2026, 11, 30), 30) == LocalDate(2026, 12, 30));  // 30 days after November
  CHECK(slaudit::add_days(first, 106751991167300) == std::nullopt);                  // no overflow either
  CHECK(slaudit::add_days(last, -106751991167300) == std::nullopt);
  CHECK(slaudit::add_months(LocalDate(2026, 1, 31), 1) == LocalDate(2026, 2, 28));  // clamped to February
  CHECK(slaudit::add_months(LocalDate(2026, 3, 1), -120) == LocalDate(2016, 3, 1));
  CHECK(slaudit::add_months(LocalDate(9999, 12, 1), 1) == std::nullopt);
  CHECK(slaudit::add_months(LocalDate(1400, 1, 1), -1) == std::nullopt);
}
