// A resource's part of a period, clipped to its life span, worked by hand.
#include <catch2/catch.hpp>

#include "base/time/timestamp.h"
#include "engine/audit/fleet_life.h"

using namespace slaudit;

namespace {

Instant at(const char* text) { return *parse_timestamp(text).instant; }

Resource living(const char* launched, const char* terminated) {
  Resource r;
  r.id = "i-1";
  if (launched) r.launched = at(launched);
  if (terminated) r.terminated = at(terminated);
  return r;
}

}  // namespace

TEST_CASE("a resource's period is clipped to its life span", "[audit][fleet]") {
  // November 2026, UTC: 30 d = 2,592,000 s.
  const Instant start = at("2026-11-01T00:00:00Z"), end = at("2026-12-01T00:00:00Z");
  auto whole = audit::life_in_period(start, end, living(nullptr, nullptr));
  REQUIRE(whole);
  CHECK(whole->whole_period);
  CHECK(whole->length() == Seconds{2592000});
  // Launched 2026-11-10 12:00: 20.5 d left = 20 x 86,400 + 43,200 = 1,771,200 s.
  auto launched = audit::life_in_period(start, end, living("2026-11-10T12:00:00Z", nullptr));
  REQUIRE(launched);
  CHECK_FALSE(launched->whole_period);
  CHECK(launched->from == at("2026-11-10T12:00:00Z"));
  CHECK(launched->length() == Seconds{1771200});
  // Terminated 2026-11-20 00:00: 19 d = 1,641,600 s.
  auto terminated = audit::life_in_period(start, end, living("2026-10-01T00:00:00Z", "2026-11-20T00:00:00Z"));
  REQUIRE(terminated);
  CHECK(terminated->length() == Seconds{1641600});
  // Both in the month: 11-10 12:00 to 11-20 00:00 = 9.5 d = 820,800 s.
  auto both = audit::life_in_period(start, end, living("2026-11-10T12:00:00Z", "2026-11-20T00:00:00Z"));
  REQUIRE(both);
  CHECK(both->length() == Seconds{820800});
  // Terminated exactly when the period starts, or launched when it ends: not in the period.
  CHECK_FALSE(audit::life_in_period(start, end, living(nullptr, "2026-11-01T00:00:00Z")));
  CHECK_FALSE(audit::life_in_period(start, end, living("2026-12-01T00:00:00Z", nullptr)));
}
