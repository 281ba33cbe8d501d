// The what-if replay (engine/selection/replay.h): the one history of
// contracts/compare/replay.incidents.jsonl through the three vendors'
// contracts, every figure worked by hand here and in contracts/compare/README.md.
#include <catch2/catch.hpp>

#include <string>

#include "jobs/compare_job.h"

using namespace slaudit;
using namespace slaudit::selection;

namespace {

const std::string kDir = std::string(SLAUDIT_SOURCE_DIR) + "/contracts/compare/";

const CompareReport& bundled() {
  static const jobs::CompareJob job = [] {
    jobs::CompareJobOptions o;
    o.contracts = {kDir + "vendor_a.sla", kDir + "vendor_b.sla", kDir + "vendor_c.sla"};
    o.replay = kDir + "replay.incidents.jsonl";
    return jobs::run_compare_job(o);
  }();
  for (const std::string& m : job.messages) UNSCOPED_INFO(m);
  REQUIRE(job.report);
  return *job.report;
}

const ReplayOutcome& replay_of(const std::string& vendor) {
  for (const VendorComparison& v : bundled().vendors)
    if (v.name == vendor) {
      REQUIRE(v.replay);
      REQUIRE(v.replay->ran());
      return *v.replay;
    }
  FAIL("no vendor " << vendor);
  throw;
}

const audit::PeriodAudit& only_period(const ReplayOutcome& o) {
  REQUIRE(o.periods.size() == 1);
  return o.audit->periods[o.periods.front()];
}

}  // namespace

TEST_CASE("replay: the history's lost training time", "[compare][replay]") {
  const HistorySummary& h = *bundled().history;
  CHECK(h.incidents == 9);
  CHECK(h.maintenance == 1);
  CHECK(h.customer == 1);
  CHECK(h.open == 0);
  // Every incident but r-07 (the customer's), start to recovered, none overlapping:
  // 40 + 25 + 120 + 3 + 240 + 50 + 45 + 90 = 613 min = 36,780 s.
  CHECK(h.interrupted == Seconds(36'780));
  // 36,780 / 3,600 h × 16,384 GPUs = 2,510,848 / 15 GPU-hours (167,389.87).
  CHECK(h.job_gpus == 16'384);
  CHECK(h.gpu_hours_lost == Rational(2'510'848, 15));
}

TEST_CASE("replay: vendor A counts what affects 5% of 12,288 GPUs, and short-notice maintenance", "[compare][replay]") {
  const ReplayOutcome& a = replay_of("Vendor A");
  CHECK(a.range == "2026-11-03..2026-11-29");
  const audit::PeriodAudit& nov = only_period(a);
  CHECK(nov.period == "2026-11");
  // Counted (>= 5% = 614.4 GPUs): r-03 1,024 GPUs 7,200 s; r-04 4,096 GPUs 180 s;
  // r-05 maintenance with 48 h notice (< 72 h): 14,400 s; r-09 third party, 4,096 GPUs: 5,400 s.
  CHECK(nov.down == 27'180);
  CHECK(nov.excluded == Seconds(7'200));  // r-07, the customer's, removed from the period
  // (2,592,000 − 7,200 − 27,180) / (2,592,000 − 7,200) = 2,557,620 / 2,584,800 = 14,209 / 14,360 = 98.948...%
  REQUIRE(nov.availability);
  CHECK(*nov.availability == Rational(14'209, 14'360));
  CHECK(nov.credit_minor == 90'000'000);  // the 25% tier (below 99.0%) of 3,600,000.00
  CHECK(nov.owed_minor == 90'000'000);
  // Recovery within 30 min from detected: r-01 gpu_xid 35 min and r-06 gpu_hbm 45 min breach;
  // r-02 23 min, r-04 2.5 min, r-08 exactly 30 min do not. 2 × 0.5% × 3,600,000.00 = 36,000.00.
  CHECK(a.covered == 5);
  CHECK(a.breaches == 2);
  CHECK(a.recovery_owed_minor == 3'600'000);
  CHECK(a.uncovered == 2);  // r-03 network, r-09 power_supply
  CHECK(a.credits_minor == 93'600'000);
  CHECK(a.fees_minor == 360'000'000);
  CHECK(*a.credit_share == Rational(93'600'000, 360'000'000));  // 26%
  // Price: 360,000,000 fen / (12,288 GPUs × 730 h) = 46,875 / 1,168 fen a GPU-hour (0.4013 CNY).
  CHECK(*a.price_per_gpu_hour_minor == Rational(46'875, 1'168));
  // 2,510,848 / 15 GPU-hours × 46,875 / 1,168 = 490,400,000 / 73 fen = 67,178.08 CNY.
  CHECK(*a.lost_cost_minor == Rational(490'400'000, 73));
  CHECK(*a.remedy_ratio == Rational(93'600'000) / Rational(490'400'000, 73));  // 13.9x
}

TEST_CASE("replay: vendor B weighs by the share of 16,384 GPUs and ignores runs under 5 minutes", "[compare][replay]") {
  const ReplayOutcome& b = replay_of("Vendor B");
  const audit::PeriodAudit& nov = only_period(b);
  // Weighted: r-01 2,400 × 8/16,384 + r-02 1,500 × 8/16,384 + r-03 7,200 × 1,024/16,384
  //   + r-06 3,000 × 8/16,384 + r-08 2,700 × 16/16,384 = 1.171875 + 0.732421875 + 450 + 1.46484375 + 2.63671875
  //   = 456.005859375 s = 233,475 / 512. r-04 lasts 180 s < 5 min: ignored. Maintenance with 48 h
  //   notice, the customer and the third party are excluded.
  CHECK(nov.down == Rational(233'475, 512));
  CHECK(nov.met);
  CHECK(nov.credit_minor == 0);
  // Recovery for node_down only, within 20 min: r-02 took 23 min: 1 × 1% × 5,400,000.00 = 54,000.00.
  CHECK(b.covered == 1);
  CHECK(b.breaches == 1);
  CHECK(b.credits_minor == 5'400'000);
  CHECK(b.uncovered == 6);  // every unexpected fault but r-02
  CHECK(*b.credit_share == Rational(1, 100));
  // 540,000,000 fen / (16,384 × 730) = 421,875 / 9,344 fen; × 2,510,848 / 15 = 551,700,000 / 73 fen (75,575.34 CNY).
  CHECK(*b.lost_cost_minor == Rational(551'700'000, 73));
}

TEST_CASE("replay: vendor C audits the whole quarter and caps at 10%", "[compare][replay]") {
  const ReplayOutcome& c = replay_of("Vendor C");
  const audit::PeriodAudit& q4 = only_period(c);
  CHECK(q4.period == "2026-Q4");
  // Any incident but maintenance and the customer's: 2,400 + 1,500 + 7,200 + 180 + 3,000 + 2,700 + 5,400 = 22,380 s
  // over 92 days = 7,948,800 s: 7,926,420 / 7,948,800 = 99.718%, below 99.9%: the 10% tier.
  CHECK(q4.down == 22'380);
  CHECK(*q4.availability == Rational(7'926'420, 7'948'800));
  CHECK(q4.fee_minor == 645'000'000);     // three months of 2,150,000.00
  CHECK(q4.credit_minor == 64'500'000);   // 10%
  CHECK(q4.owed_minor == 64'500'000);     // the cap, 10% of the period's fee, is 64,500,000 too
  CHECK(c.recovery.empty());
  CHECK(c.breaches == 0);
  CHECK(c.uncovered == 7);
  CHECK(*c.credit_share == Rational(1, 10));
  // 215,000,000 / (8,192 × 730) = 671,875 / 18,688 fen; × 2,510,848 / 15 = 1,317,950,000 / 219 fen (60,180.37 CNY).
  CHECK(*c.lost_cost_minor == Rational(1'317'950'000, 219));
}
