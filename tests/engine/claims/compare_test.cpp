// Exact comparisons and the figures verdicts quote.
#include <catch2/catch.hpp>

#include "engine/claims/compare.h"

using namespace slaudit;
using claims::Rational;
using model::Comparator;

TEST_CASE("claims compare: 'about' accepts exactly ±25%, boundaries included", "[claims]") {
  struct Case {
    Rational value, claimed;
    bool about;
  };
  const Case cases[] = {
      {Rational(15), Rational(20), true},  {Rational(25), Rational(20), true},   // 4 x 5 = 20 <= 20
      {Rational(1499, 100), Rational(20), false}, {Rational(2501, 100), Rational(20), false},
      {Rational(20), Rational(20), true},  {Rational(0), Rational(0), true},
      {Rational(12288), Rational(10000), true}, {Rational(4096), Rational(10000), false},
  };
  for (const Case& c : cases) {
    CAPTURE(c.value.str(), c.claimed.str());
    CHECK(claims::about(c.value, c.claimed) == c.about);
    CHECK(claims::holds(Comparator::About, c.value, c.claimed) == c.about);
  }
}

TEST_CASE("claims compare: bounds are exact and judged on the worst case", "[claims]") {
  const Rational x = claims::to_rational(*Decimal::parse("99.9"));
  CHECK(x == Rational(999, 10));
  CHECK(claims::holds(Comparator::AtLeast, Rational(999, 10), x));
  CHECK_FALSE(claims::holds(Comparator::GreaterThan, Rational(999, 10), x));
  CHECK(claims::holds(Comparator::AtMost, Rational(999, 10), x));
  CHECK_FALSE(claims::holds(Comparator::LessThan, Rational(999, 10), x));
  CHECK(claims::holds(Comparator::Equal, Rational(99900, 1000), x));
  CHECK(claims::statistic_for(Comparator::AtLeast) == claims::Statistic::Min);
  CHECK(claims::statistic_for(Comparator::LessThan) == claims::Statistic::Max);
  CHECK(claims::statistic_for(Comparator::About) == claims::Statistic::Median);
}

TEST_CASE("claims compare: figures in the claim's unit, grouped, marked when not exact", "[claims]") {
  CHECK(claims::grouped(12288) == "12,288");
  CHECK(claims::grouped(999) == "999");
  CHECK(claims::grouped(-1234567) == "-1,234,567");
  model::Amount rate{model::Dimension::DataRate, *Decimal::parse("400000000000"), "400 GB/s", ""};
  CHECK(claims::amount_text(Rational(384000000000), rate) == "384 GB/s");
  CHECK(claims::amount_text(Rational(1180000000000), rate) == "1,180 GB/s");
  model::Amount minutes{model::Dimension::Duration, *Decimal::parse("1200"), "20 min", ""};
  CHECK(claims::amount_text(Rational(95), minutes) == "1.583~ min");  // 95 / 60 = 1.58333...
  CHECK(claims::about_range_text(minutes) == "15–25 min");
  model::Amount gpus{model::Dimension::Count, *Decimal::parse("10000"), "10000", "gpus"};
  CHECK(claims::amount_text(Rational(12288), gpus) == "12,288 gpus");
}
