// The sensitivity line (engine/selection/sensitivity.h): the least weight
// moved between dimensions that lets the vendor behind overtake, worked by
// hand on made-up scores.
#include <catch2/catch.hpp>

#include "engine/selection/sensitivity.h"

using namespace slaudit;
using namespace slaudit::selection;

namespace {

VendorComparison vendor(const std::string& name, std::array<int, kDimensionCount> scores, const Weights& weights) {
  VendorComparison v;
  v.name = name;
  v.score.weighted = 0;
  for (Dimension d : kDimensions) {
    v.score.dimensions[index_of(d)].dimension = d;
    v.score.dimensions[index_of(d)].score = scores[index_of(d)];
    v.score.weighted += weights.of(d) * scores[index_of(d)] / 100;
  }
  return v;
}

}  // namespace

TEST_CASE("sensitivity: weight moves from where the leader is strongest to where the other is", "[compare][sensitivity]") {
  const Weights w = article_weights();  // 25 22 20 15 10 8
  // A: 80 50 50 50 20 50 -> 20 + 11 + 10 + 7.5 + 2 + 4 = 54.5
  // B: 40 50 50 50 80 50 -> 10 + 11 + 10 + 7.5 + 8 + 4 = 50.5
  const std::vector<VendorComparison> vendors = {vendor("A", {80, 50, 50, 50, 20, 50}, w),
                                                 vendor("B", {40, 50, 50, 50, 80, 50}, w)};
  CHECK(vendors[0].score.weighted == Rational(109, 2));
  CHECK(vendors[1].score.weighted == Rational(101, 2));
  const Sensitivity s = sensitivity(vendors, 0, 1, w);
  // d = (40, 0, 0, 0, -60, 0); gap = 4 points = 400 in weight × score.
  // Each point moved from cluster scale (d 40) to SLA terms (d -60) closes 100: 4 points tie.
  CHECK(s.gap == 4);
  REQUIRE(s.possible);
  CHECK(s.to == Dimension::SlaTerms);
  REQUIRE(s.from.size() == 1);
  CHECK(s.from[0].from == Dimension::ClusterScale);
  CHECK(s.from[0].amount == 4);
  CHECK(s.moved == 4);
}

TEST_CASE("sensitivity: when one source runs out, the next strongest gives the rest", "[compare][sensitivity]") {
  Weights w = article_weights();
  w.percent = {Decimal::from_int(2), Decimal::from_int(40), Decimal::from_int(20), Decimal::from_int(15),
               Decimal::from_int(15), Decimal::from_int(8)};
  // A: 100 90 50 50 0 50; B: 0 40 50 50 100 50.  d = (100, 50, 0, 0, -100, 0)
  // gap = (2·100 + 40·50 − 15·100) / 100 = (200 + 2000 − 1500) / 100 = 7
  const std::vector<VendorComparison> vendors = {vendor("A", {100, 90, 50, 50, 0, 50}, w),
                                                 vendor("B", {0, 40, 50, 50, 100, 50}, w)};
  const Sensitivity s = sensitivity(vendors, 0, 1, w);
  CHECK(s.gap == 7);
  REQUIRE(s.possible);
  // To close 700: cluster scale closes 200 a point but has only 2 points (400);
  // fault recovery closes 150 a point: the other 300 take 2 points. 4 moved in all.
  REQUIRE(s.from.size() == 2);
  CHECK(s.from[0].from == Dimension::ClusterScale);
  CHECK(s.from[0].amount == 2);
  CHECK(s.from[1].from == Dimension::FaultRecovery);
  CHECK(s.from[1].amount == 2);
  CHECK(s.moved == 4);
  CHECK(s.to == Dimension::SlaTerms);
}

TEST_CASE("sensitivity: a vendor ahead on every dimension stays ahead whatever the weights", "[compare][sensitivity]") {
  const Weights w = article_weights();
  const std::vector<VendorComparison> vendors = {vendor("A", {60, 60, 60, 60, 60, 60}, w),
                                                 vendor("B", {60, 50, 60, 40, 60, 60}, w)};
  const Sensitivity s = sensitivity(vendors, 0, 1, w);
  CHECK(s.gap > 0);
  CHECK_FALSE(s.possible);
  CHECK(s.from.empty());
  CHECK(s.moved == 0);
}

TEST_CASE("sensitivity: tied vendors are parted by any weight moved to where the second is stronger",
          "[compare][sensitivity]") {
  const Weights w = article_weights();
  // A: 25·60 + 10·40 = B: 25·44 + 10·80 (= 1900); d = (16, 0, 0, 0, -40, 0)
  const std::vector<VendorComparison> vendors = {vendor("A", {60, 0, 0, 0, 40, 0}, w),
                                                 vendor("B", {44, 0, 0, 0, 80, 0}, w)};
  const Sensitivity s = sensitivity(vendors, 0, 1, w);
  CHECK(s.gap == 0);
  CHECK(s.possible);
  CHECK(s.to == Dimension::SlaTerms);
  CHECK(s.moved == 0);
}

TEST_CASE("sensitivity: moving every point still only ties: no overtaking", "[compare][sensitivity]") {
  Weights w;
  w.percent = {Decimal::from_int(50), Decimal::from_int(50), Decimal::from_int(0), Decimal::from_int(0),
               Decimal::from_int(0), Decimal::from_int(0)};
  // A: 100, 0; B: 0, 100 -> d = (100, -100). gap = (50·100 − 50·100)/100 = 0: a tie already, handled above.
  // A: 100, 50; B: 50, 100 -> gap = (50·50 − 50·50)/100 = 0 too. Take A: 100, 0 and B: 0, 0:
  // d = (100, 0); moving all 50 from cluster scale to recovery closes 50·100 = 5000 = gap·100: a tie, no more.
  const std::vector<VendorComparison> vendors = {vendor("A", {100, 0, 0, 0, 0, 0}, w),
                                                 vendor("B", {0, 0, 0, 0, 0, 0}, w)};
  const Sensitivity s = sensitivity(vendors, 0, 1, w);
  CHECK(s.gap == 50);
  CHECK_FALSE(s.possible);
}
