// How every second of a period is classified, worked by hand. Each case states
// its arithmetic beside the expected figures.
#include <catch2/catch.hpp>

#include "engine/audit/money.h"
#include "tests/support/audit_fixture.h"

using namespace slaudit;
using slaudit::audit::IncidentRole;
using slaudit::audit::Rational;
using slaudit::testing::run_audit_text;

namespace {

// A contract in Asia/Shanghai (no DST) with one service and one availability
// clause whose body is `clause`.
std::string contract(const std::string& clause, const std::string& service_extra = "") {
  return "contract \"t\" {\n  effective 2026-01-01 to 2027-12-31; timezone \"Asia/Shanghai\"; currency CNY;\n"
         "  service training { fee 1200000.00 per month; capacity 4096 gpus; " + service_extra + " }\n"
         "  availability training {\n" + clause + "\n  }\n}\n";
}

const std::string kTiers =
    "    target 99.9%; period calendar month; excluded time removed from period;\n"
    "    credit of monthly fee { below 99.9%: 10%; below 99.0%: 25%; below 95.0%: 100%; }\n";

std::string incident(const std::string& id, const std::string& start, const std::string& end,
                     const std::string& extra = "") {
  return "{\"id\":\"" + id + "\",\"service\":\"training\",\"start\":\"" + start + "\",\"end\":\"" + end + "\"" + extra +
         "}\n";
}

}  // namespace

TEST_CASE("a tier boundary hit exactly lands on the met side", "[audit]") {
  // November 2026 in Asia/Shanghai: 30 d x 86,400 s = 2,592,000 s (43,200 min).
  // 43.2 min = 2,592 s down: (2,592,000 - 2,592) / 2,592,000 = 0.999 exactly = 99.9% -> met, no tier.
  auto met = run_audit_text(contract(kTiers), incident("a", "2026-11-10T10:00:00+08:00", "2026-11-10T10:43:12+08:00"),
                            "2026-11");
  const auto& p = met->period("training", "2026-11");
  CHECK(p.length == Seconds{2592000});
  CHECK(p.down == Rational(2592));
  CHECK(*p.availability == Rational(999, 1000));
  CHECK(p.met);
  CHECK_FALSE(p.tier.has_value());
  CHECK(p.owed_minor == 0);
  // One second more: 2,593 s -> 2,589,407 / 2,592,000 < 0.999 -> tier below 99.9%: 10% of 1,200,000.00 = 120,000.00.
  auto missed = run_audit_text(contract(kTiers),
                               incident("a", "2026-11-10T10:00:00+08:00", "2026-11-10T10:43:13+08:00"), "2026-11");
  const auto& q = missed->period("training", "2026-11");
  CHECK(*q.availability == Rational(2589407, 2592000));
  CHECK_FALSE(q.met);
  REQUIRE(q.tier.has_value());
  REQUIRE(q.tier->percent() != nullptr);
  CHECK(q.tier->percent()->value == Decimal(10, 0));
  CHECK(q.credit_minor == 12000000);
  CHECK(q.owed_minor == 12000000);
  CHECK(missed->report().breached());
}

TEST_CASE("overlapping incidents are never double-counted", "[audit]") {
  // a 10:00-11:00 and b 10:30-12:00 overlap by 30 min: down = 10:00-12:00 = 7,200 s, not 9,000 s.
  // Attribution: a gets 10:00-11:00 (3,600 s), b the rest (3,600 s).
  auto fx = run_audit_text(contract(kTiers),
                           incident("a", "2026-11-10T10:00:00+08:00", "2026-11-10T11:00:00+08:00") +
                               incident("b", "2026-11-10T10:30:00+08:00", "2026-11-10T12:00:00+08:00") +
                               incident("c", "2026-11-10T10:10:00+08:00", "2026-11-10T10:20:00+08:00"),
                           "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(p.down_raw == Seconds{7200});
  CHECK(fx->finding(p, "a").down == Seconds{3600});
  CHECK(fx->finding(p, "b").down == Seconds{3600});
  // c lies inside a: it adds nothing.
  CHECK(fx->finding(p, "c").role == IncidentRole::Overlapped);
}

TEST_CASE("an excluded incident overlapped by a counted one: the overlap is down", "[audit]") {
  // customer-caused 10:00-12:00 (excluded), provider 11:00-11:30 (down).
  // down = 1,800 s; excluded = 7,200 - 1,800 = 5,400 s; eligible = 2,592,000 - 5,400 = 2,586,600 s.
  auto fx = run_audit_text(contract(kTiers + "    exclude cause in (customer);"),
                           incident("cust", "2026-11-10T10:00:00+08:00", "2026-11-10T12:00:00+08:00",
                                    ",\"cause\":\"customer\"") +
                               incident("prov", "2026-11-10T11:00:00+08:00", "2026-11-10T11:30:00+08:00"),
                           "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(p.down == Rational(1800));
  CHECK(p.excluded == Seconds{5400});
  CHECK(p.eligible == Rational(2586600));
  CHECK(fx->finding(p, "cust").role == IncidentRole::Excluded);
  CHECK(fx->finding(p, "cust").reason == "cause customer is excluded");
  // Its own seconds: 7,200 less the 1,800 the counted incident covers.
  CHECK(fx->finding(p, "cust").excluded == Seconds{5400});
  CHECK(fx->finding(p, "prov").role == IncidentRole::Down);
}

TEST_CASE("excluded time removed from the period or counted as available", "[audit]") {
  const std::string log = incident("cust", "2026-11-10T00:00:00+08:00", "2026-11-11T00:00:00+08:00", ",\"cause\":\"customer\"") +
                          incident("prov", "2026-11-12T00:00:00+08:00", "2026-11-12T01:00:00+08:00");
  const std::string base = "    target 99.9%; period calendar month; exclude cause in (customer);\n";
  // Removed: eligible = 2,592,000 - 86,400 = 2,505,600; availability = 2,502,000 / 2,505,600 = 695/696.
  auto removed = run_audit_text(contract(base + "    excluded time removed from period;"), log, "2026-11");
  CHECK(*removed->period("training", "2026-11").availability == Rational(2502000, 2505600));
  // Counts as available: eligible = 2,592,000; availability = 2,588,400 / 2,592,000 = 719/720.
  auto available = run_audit_text(contract(base + "    excluded time counts as available;"), log, "2026-11");
  CHECK(*available->period("training", "2026-11").availability == Rational(2588400, 2592000));
}

TEST_CASE("an incident spanning two periods counts in each its own part", "[audit]") {
  // 2026-11-30 23:00 to 2026-12-01 01:00 (+08:00): 3,600 s in November, 3,600 s in December.
  auto fx = run_audit_text(contract(kTiers), incident("x", "2026-11-30T23:00:00+08:00", "2026-12-01T01:00:00+08:00"),
                           "2026-11-01..2026-12-31");
  CHECK(fx->period("training", "2026-11").down == Rational(3600));
  CHECK(fx->period("training", "2026-12").down == Rational(3600));
  // December has 31 d = 2,678,400 s.
  CHECK(fx->period("training", "2026-12").length == Seconds{2678400});
}

TEST_CASE("maintenance with too little notice is downtime, and the report says so", "[audit]") {
  // Notice 48 h before the start; 72 h required -> 2 h of downtime.
  const std::string clause = kTiers + "    exclude maintenance with notice >= 72 h, at most 4 h per period;";
  auto fx = run_audit_text(
      contract(clause),
      incident("m", "2026-11-10T02:00:00+08:00", "2026-11-10T04:00:00+08:00",
               ",\"cause\":\"maintenance\",\"notice\":\"2026-11-08T02:00:00+08:00\""),
      "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(p.down == Rational(7200));
  const auto& f = fx->finding(p, "m");
  CHECK(f.role == IncidentRole::Down);
  REQUIRE(f.flags.size() == 1);
  CHECK(f.flags[0] == "maintenance counted as downtime: notice 48 h is less than the 72 h required");
}

TEST_CASE("maintenance past the cap per period is downtime, in time order", "[audit]") {
  // Two qualifying windows of 3 h each (notice 96 h), cap 4 h per period:
  // the first 3 h are excluded, then 1 h of the second, and its last 2 h are downtime.
  const std::string clause = kTiers + "    exclude maintenance with notice >= 72 h, at most 4 h per period;";
  const std::string notice = ",\"cause\":\"maintenance\",\"notice\":\"2026-11-01T00:00:00+08:00\"";
  auto fx = run_audit_text(contract(clause),
                           incident("m1", "2026-11-05T02:00:00+08:00", "2026-11-05T05:00:00+08:00", notice) +
                               incident("m2", "2026-11-12T02:00:00+08:00", "2026-11-12T05:00:00+08:00", notice),
                           "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(p.excluded == Seconds{4 * 3600});
  CHECK(p.down == Rational(2 * 3600));
  CHECK(fx->finding(p, "m1").excluded == Seconds{3 * 3600});
  CHECK(fx->finding(p, "m2").excluded == Seconds{3600});
  CHECK(fx->finding(p, "m2").down == Seconds{2 * 3600});
  CHECK(fx->finding(p, "m2").flags.back() ==
        "over the cap of 4 h of maintenance per period: the part past the cap is downtime");
}

TEST_CASE("a recurring window excludes its local hours every week", "[audit]") {
  // Sundays 02:00-06:00 local: November 2026 has 5 Sundays (1, 8, 15, 22, 29) -> 5 x 4 h = 72,000 s excluded.
  // An incident on Sunday 8th 05:00-07:00: 05:00-06:00 is excluded, 06:00-07:00 is down.
  auto fx = run_audit_text(contract(kTiers + "    exclude window Sun 02:00-06:00;"),
                           incident("x", "2026-11-08T05:00:00+08:00", "2026-11-08T07:00:00+08:00"), "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(p.excluded == Seconds{72000});
  CHECK(p.down == Rational(3600));
}

TEST_CASE("weighted downtime scales each down second by the affected share", "[audit]") {
  // 4 h at 25% -> 14,400 s x 0.25 = 3,600 s; 2 h at 1,024 of 4,096 gpus = 25% -> 1,800 s. Total 5,400 s.
  const std::string clause = "    target 99.9%; period calendar month; unavailable weighted by affected share;";
  auto fx = run_audit_text(contract(clause),
                           incident("a", "2026-11-10T00:00:00+08:00", "2026-11-10T04:00:00+08:00",
                                    ",\"scope\":{\"affected\":0.25}") +
                               incident("b", "2026-11-11T00:00:00+08:00", "2026-11-11T02:00:00+08:00",
                                        ",\"scope\":{\"affected\":{\"gpus\":1024}}"),
                           "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(p.down_raw == Seconds{6 * 3600});
  CHECK(p.down == Rational(5400));
}

TEST_CASE("an affected-share threshold: incidents below it do not count", "[audit]") {
  // >= 5% of 4,096 gpus: 64 gpus is 1.5625% (below), 256 gpus is 6.25% (counts), 5% exactly counts.
  const std::string clause = "    target 99.9%; period calendar month; unavailable when incident affects >= 5% of gpus;";
  auto fx = run_audit_text(contract(clause),
                           incident("small", "2026-11-10T00:00:00+08:00", "2026-11-10T01:00:00+08:00",
                                    ",\"scope\":{\"affected\":{\"gpus\":64}}") +
                               incident("big", "2026-11-11T00:00:00+08:00", "2026-11-11T01:00:00+08:00",
                                        ",\"scope\":{\"affected\":{\"gpus\":256}}") +
                               incident("edge", "2026-11-12T00:00:00+08:00", "2026-11-12T01:00:00+08:00",
                                        ",\"scope\":{\"affected\":\"5%\"}"),
                           "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(fx->finding(p, "small").role == IncidentRole::BelowThreshold);
  CHECK(fx->finding(p, "big").role == IncidentRole::Down);
  CHECK(fx->finding(p, "edge").role == IncidentRole::Down);
  CHECK(p.down == Rational(7200));
}

TEST_CASE("minimum counted downtime and partial minutes", "[audit]") {
  const std::string log = incident("short", "2026-11-10T00:00:00+08:00", "2026-11-10T00:00:59+08:00") +
                          incident("long", "2026-11-11T00:00:00+08:00", "2026-11-11T00:01:01+08:00") +
                          incident("five", "2026-11-12T00:00:00+08:00", "2026-11-12T00:05:00+08:00");
  SECTION("shorter than 1 min is ignored; exact seconds otherwise") {
    // 59 s ignored; 61 s + 300 s = 361 s.
    auto fx = run_audit_text(contract("    target 99.9%; ignore downtime shorter than 1 min;"), log, "2026-11");
    const auto& p = fx->period("training", "2026-11");
    CHECK(p.down == Rational(361));
    CHECK(fx->finding(p, "short").role == IncidentRole::IgnoredShort);
  }
  SECTION("more than 5 minutes counts: up to 5 min is ignored") {
    // 59 s, 61 s and exactly 300 s are all ignored.
    auto fx = run_audit_text(contract("    target 99.9%; ignore downtime up to 5 min;"), log, "2026-11");
    CHECK(fx->period("training", "2026-11").down == Rational(0));
  }
  SECTION("partial minutes rounded up: 1 min 01 s counts as 2 minutes") {
    // 59 s -> 60 s; 61 s -> 120 s; 300 s -> 300 s: 480 s.
    auto fx = run_audit_text(contract("    target 99.9%; partial minutes rounded up;"), log, "2026-11");
    CHECK(fx->period("training", "2026-11").down == Rational(480));
  }
  SECTION("partial minutes dropped") {
    // 59 s -> 0; 61 s -> 60 s; 300 s -> 300 s: 360 s.
    auto fx = run_audit_text(contract("    target 99.9%; partial minutes dropped;"), log, "2026-11");
    CHECK(fx->period("training", "2026-11").down == Rational(360));
  }
}

TEST_CASE("a run across a period boundary is judged by its whole length", "[audit]") {
  // 23:59:30 to 00:00:40: 30 s in November and 40 s in December, 70 s in all: not shorter than 1 min.
  auto fx = run_audit_text(contract("    target 99.9%; ignore downtime shorter than 1 min;"),
                           incident("x", "2026-11-30T23:59:30+08:00", "2026-12-01T00:00:40+08:00"),
                           "2026-11-01..2026-12-31");
  CHECK(fx->period("training", "2026-11").down == Rational(30));
  CHECK(fx->period("training", "2026-12").down == Rational(40));
}

TEST_CASE("a run across the edge of the requested range is judged by its whole length", "[audit]") {
  // The same 70 s outage as above, 30 s in November and 40 s in December, with
  // one month audited at a time: each month's figure must not depend on whether
  // the other month was requested.
  const std::string clause = "    target 99.9%; ignore downtime shorter than 1 min;";
  const std::string log = incident("x", "2026-11-30T23:59:30+08:00", "2026-12-01T00:00:40+08:00");
  CHECK(run_audit_text(contract(clause), log, "2026-11")->period("training", "2026-11").down == Rational(30));
  CHECK(run_audit_text(contract(clause), log, "2026-12")->period("training", "2026-12").down == Rational(40));
  SECTION("the service's end stops the run: nothing of it lies after the contract") {
    // The contract ends on 30 November: the run is 30 s long, shorter than 1 min.
    const std::string ending = "contract \"t\" {\n  effective 2026-01-01 to 2026-11-30; timezone \"Asia/Shanghai\"; "
                               "currency CNY;\n  service training { fee 1000.00 per month; }\n  availability training {\n" +
                               clause + "\n  }\n}\n";
    CHECK(run_audit_text(ending, log, "2026-11")->period("training", "2026-11").down == Rational(0));
  }
  SECTION("without an effective range, the service runs on both sides of the range") {
    const std::string open_ended = "contract \"t\" {\n  timezone \"Asia/Shanghai\"; currency CNY;\n"
                                   "  service training { fee 1000.00 per month; }\n  availability training {\n" +
                                   clause + "\n  }\n}\n";
    CHECK(run_audit_text(open_ended, log, "2026-11")->period("training", "2026-11").down == Rational(30));
    CHECK(run_audit_text(open_ended, log, "2026-12")->period("training", "2026-12").down == Rational(40));
  }
}

TEST_CASE("an open incident runs to the end of the audited range and is flagged", "[audit]") {
  // Open from 2026-11-30 12:00 +08:00: 12 h = 43,200 s in November.
  auto fx = run_audit_text(contract(kTiers),
                           "{\"id\":\"open\",\"service\":\"training\",\"start\":\"2026-11-30T12:00:00+08:00\"}\n",
                           "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(p.down == Rational(43200));
  const auto& f = fx->finding(p, "open");
  CHECK(f.open);
  CHECK(f.flags.back() == "open incident (no end in the log): runs to the end of the audited range");
}

TEST_CASE("DST months in New York have their real length", "[audit]") {
  // March 2026: 31 d less the skipped hour = 2,674,800 s (44,580 min); November: 30 d + 1 h = 2,595,600 s.
  const std::string c = "contract \"t\" { timezone \"America/New_York\"; currency USD;\n"
                        "  service vm { fee 730.00 per month; }\n"
                        "  availability vm { target 99.5%; period calendar month; } }\n";
  auto fx = run_audit_text(c, "", "2026-03-01..2026-11-30");
  CHECK(fx->period("vm", "2026-03").length == Seconds{2674800});
  CHECK(fx->period("vm", "2026-11").length == Seconds{2595600});
  CHECK(fx->period("vm", "2026-04").length == Seconds{2592000});
}

TEST_CASE("an incident of an excluded component is excluded", "[audit]") {
  // The console was down 1 h (excluded component); the service itself 30 min.
  auto fx = run_audit_text(contract(kTiers + "    exclude component in (\"console\");"),
                           incident("ui", "2026-11-10T10:00:00+08:00", "2026-11-10T11:00:00+08:00",
                                    ",\"component\":\"console\"") +
                               incident("core", "2026-11-11T10:00:00+08:00", "2026-11-11T10:30:00+08:00"),
                           "2026-11");
  const auto& p = fx->period("training", "2026-11");
  CHECK(fx->finding(p, "ui").role == IncidentRole::Excluded);
  CHECK(fx->finding(p, "ui").reason == "component console is excluded");
  CHECK(p.excluded == Seconds{3600});
  CHECK(p.down == Rational(1800));
}

TEST_CASE("a count share is exact: 1 node of 3 for 3 h is 3,600 s, not 3,599.999...", "[audit]") {
  const std::string c = "contract \"t\" { timezone \"UTC\"; currency USD;\n"
                        "  service s { fee 10.00 per month; capacity 3 nodes; }\n"
                        "  availability s { target 99.9%; period calendar month; unavailable weighted by affected share; } }\n";
  auto fx = run_audit_text(c,
                           "{\"id\":\"a\",\"service\":\"s\",\"start\":\"2026-11-10T00:00:00Z\",\"end\":\"2026-11-10T03:00:00Z\","
                           "\"scope\":{\"affected\":{\"nodes\":1}}}\n",
                           "2026-11");
  CHECK(fx->period("s", "2026-11").down == Rational(3600));
}
