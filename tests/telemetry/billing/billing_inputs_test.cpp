// The claims, billing and previous-credits CSV inputs: every bad row is an
// error with its line and reason, never a skipped row.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/billing/billing_inputs.h"
#include "tests/support/input_row_error.h"

using namespace slaudit;

namespace {

const ServiceNames kServices = {"storage", "training", "训练集群"};
const model::Currency kCny{"CNY", 2};
const model::Currency kJpy{"JPY", 0};
const std::string kServicesListed = "; the contract defines 'storage', 'training', '训练集群'";

using Errors = std::vector<InputRowError>;

}  // namespace

TEST_CASE("billing inputs: claims are read by column name, in file order", "[report][telemetry]") {
  const auto claims = read_claim_filings(
      "\xEF\xBB\xBF" "period,service,filed\r\n2026-11,training,2026-12-15\n\n2026-Q4,训练集群,2027-01-05\n",
      kServices);
  REQUIRE(claims.ok());
  REQUIRE(claims.rows.size() == 2);
  CHECK(claims.rows[0].service == "training");
  CHECK(claims.rows[0].period == "2026-11");
  CHECK(claims.rows[0].filed == model::CivilDate{2026, 12, 15});
  CHECK(claims.rows[1].service == "训练集群");
  CHECK(claims.lines == std::vector<size_t>{2, 4});
}

TEST_CASE("billing inputs: bad claim rows give their line and reason", "[report][telemetry]") {
  const auto claims = read_claim_filings(
      "service,period,filed\n"
      "training,2026-11,2026-12-15\n"    // 2: good
      "trainng,2026-11,2026-12-15\n"     // 3
      "training,2026-13,2026-12-15\n"    // 4
      "training,2026-12,2026-02-30\n"    // 5
      "training,2026-12\n"               // 6
      "training,,2026-12-15\n"           // 7
      "training,2026-11,2026-12-16\n"    // 8: duplicate of 2
      "storage,\"2026-11,2026-12-15\n"   // 9: unterminated quote
      "storage,2026-03-15/2026-04-14,2026-04-20\n"  // 10: good
      "storage,2026-04-15/2026-04-14,2026-04-20\n",  // 11: last day before first
      kServices);
  CHECK(claims.rows.size() == 2);
  CHECK(claims.lines == std::vector<size_t>{2, 10});
  CHECK(claims.errors ==
        Errors{{3, "unknown service 'trainng'" + kServicesListed},
               {4, "bad period in 'period' '2026-13'; expected a period label such as 2026-11, 2026-Q4, 2026 or "
                   "2026-03-15/2026-04-14"},
               {5, "bad date in 'filed' '2026-02-30'; expected a real day as YYYY-MM-DD"},
               {6, "expected 3 fields as in the header, found 2"},
               {7, "empty 'period'"},
               {8, "second row for service 'training' and period '2026-11' (first at line 2)"},
               {9, "malformed CSV: unterminated quoted field: the quote at line 9, column 9 is never closed"},
               {11, "bad period in 'period' '2026-04-15/2026-04-14'; expected a period label such as 2026-11, "
                    "2026-Q4, 2026 or 2026-03-15/2026-04-14"}});
}

TEST_CASE("billing inputs: the header row is required and must name each column once", "[report][telemetry]") {
  const std::string expected = "; expected the header row service,period,filed";
  CHECK(read_claim_filings("", kServices).errors ==
        Errors{{1, "empty file; expected the header row service,period,filed"}});
  CHECK(read_claim_filings("training,2026-11,2026-12-15\n", kServices).errors ==
        Errors{{1, "unknown column 'training'" + expected}});
  CHECK(read_claim_filings("service,period,field\n", kServices).errors ==
        Errors{{1, "unknown column 'field' (did you mean 'filed'?)" + expected}});
  CHECK(read_claim_filings("service,period\ntraining,2026-11\n", kServices).errors ==
        Errors{{1, "missing column 'filed'" + expected}});
  CHECK(read_claim_filings("service,period,period\n", kServices).errors ==
        Errors{{1, "column 'period' appears twice" + expected}});
  CHECK(read_claim_filings("\n\nservice,\"period\n", kServices).errors ==
        Errors{{3, "malformed CSV in the header row: unterminated quoted field: the quote at line 3, column 9 is "
                   "never closed"}});
  const auto header_only = read_claim_filings("service,period,filed\n", kServices);
  CHECK(header_only.ok());
  CHECK(header_only.rows.empty());
}

TEST_CASE("billing inputs: fees are exact amounts in the contract's currency", "[report][telemetry]") {
  const auto fees = read_billed_fees(
      "service,period,fee\ntraining,2026-11,1200000.00\nstorage,2026-11,0.5\n", kCny, kServices);
  REQUIRE(fees.ok());
  CHECK(fees.rows[0].fee.minor == 120'000'000);
  CHECK(fees.rows[1].fee.minor == 50);
  const auto yen = read_billed_fees("service,period,fee\ntraining,2026,150000\n", kJpy, kServices);
  REQUIRE(yen.ok());
  CHECK(yen.rows[0].fee.minor == 150'000);
}

TEST_CASE("billing inputs: an interval written A..B is the period labelled A/B", "[report][telemetry]") {
  const auto fees = read_billed_fees("service,period,fee\ntraining,2026-03-15..2026-04-14,1.00\n", kCny, kServices);
  REQUIRE(fees.ok());
  CHECK(fees.rows[0].period == "2026-03-15/2026-04-14");  // as reports label the period, so the row matches it
}

TEST_CASE("billing inputs: bad fee rows give their line and reason", "[report][telemetry]") {
  const auto fees = read_billed_fees(
      "service,period,fee\n"
      "training,2026-11,1200000.001\n"  // 2
      "training,2026-12,-5\n"           // 3
      "training,2027-01,1,200.00\n"     // 4
      "training,2027-02,1200 CNY\n"     // 5
      "training,2027-03,12345678901234567890\n"  // 6
      "nobody,2027-04,1.00\n"           // 7
      "storage,2026-Q5,1.00\n"          // 8
      "storage,2026-Q4,1.00\n"          // 9: good
      "storage,2026-Q4,2.00\n",         // 10
      kCny, kServices);
  CHECK(fees.rows.size() == 1);
  CHECK(fees.errors ==
        Errors{{2, "amount in 'fee' '1200000.001' has more decimals than CNY allows (2)"},
               {3, "negative amount in 'fee' '-5'"},
               {4, "expected 3 fields as in the header, found 4"},
               {5, "bad amount in 'fee' '1200 CNY'; expected a decimal such as 1200.00"},
               {6, "bad amount in 'fee' '12345678901234567890'; expected a decimal such as 1200.00"},
               {7, "unknown service 'nobody'" + kServicesListed},
               {8, "bad period in 'period' '2026-Q5'; expected a period label such as 2026-11, 2026-Q4, 2026 or "
                   "2026-03-15/2026-04-14"},
               {10, "second row for service 'storage' and period '2026-Q4' (first at line 9)"}});
  CHECK(read_billed_fees("service,period,fee\ntraining,2026-11,1.5\n", kJpy, kServices).errors ==
        Errors{{2, "amount in 'fee' '1.5' has more decimals than JPY allows (0)"}});
}

TEST_CASE("billing inputs: previous credits, and their bad rows", "[report][telemetry]") {
  const auto credits = read_previous_credits(
      "service,period_end,amount\n"
      "training,2026-10-31,12000.00\n"  // 2
      "training,2026-10-31,1200.00\n"   // 3: a second credit for one period is allowed
      "training,2026-10,100\n"          // 4
      "training,2026-11-30,abc\n"       // 5
      "training,2026-11-30,1.\xff\n",   // 6
      kCny, kServices);
  REQUIRE(credits.rows.size() == 2);
  CHECK(credits.rows[0].period_end == model::CivilDate{2026, 10, 31});
  CHECK(credits.rows[0].amount.minor == 1'200'000);
  CHECK(credits.rows[1].amount.minor == 120'000);
  CHECK(credits.errors == Errors{{4, "bad date in 'period_end' '2026-10'; expected a real day as YYYY-MM-DD"},
                                 {5, "bad amount in 'amount' 'abc'; expected a decimal such as 1200.00"},
                                 {6, "invalid UTF-8 in 'amount' at byte 3"}});
}

TEST_CASE("billing inputs: amounts past the limit are refused with their line, sums of those read stay exact",
          "[report][telemetry]") {
  // The limit is 10^15 minor units: 10000000000000.00 CNY, 1000000000000000 JPY.
  const auto fees = read_billed_fees(
      "service,period,fee\n"
      "training,2026-11,10000000000000.00\n"  // 2: at the limit
      "training,2026-12,10000000000000.01\n",  // 3
      kCny, kServices);
  CHECK(fees.errors == Errors{{3, "amount in 'fee' '10000000000000.01' is over the largest amount slaudit audits, "
                                  "10000000000000.00 CNY"}});
  // The row: read as 999,999,999,999,999,999 yen, its credit saturated and the total owed went negative.
  CHECK(read_billed_fees("service,period,fee\ntraining,2026-11,999999999999999999\n", kJpy, kServices).errors ==
        Errors{{2, "amount in 'fee' '999999999999999999' is over the largest amount slaudit audits, "
                   "1000000000000000 JPY"}});
  // Previous credits: each row, and each service's rows together, at most the limit.
  const auto credits = read_previous_credits(
      "service,period_end,amount\n"
      "training,2026-10-31,6000000000000.00\n"  // 2
      "storage,2026-10-31,6000000000000.00\n"   // 3: another service's sum
      "training,2026-11-30,4000000000000.00\n"  // 4: training's sum at the limit
      "training,2026-12-31,0.01\n",             // 5: one cent past it
      kCny, kServices);
  CHECK(credits.errors == Errors{{5, "the credits of service 'training' sum past the largest amount slaudit audits, "
                                     "10000000000000.00 CNY"}});
}

TEST_CASE("billing inputs: period labels and dates", "[report][telemetry]") {
  for (const char* good : {"2026", "2026-01", "2026-12", "2026-Q1", "2026-Q4", "2026-03-15/2026-04-14",
                           "2026-01-01/2026-01-01",
                           // The one day-range grammar (base/time/civil_date.h) also writes an interval A..B.
                           "2026-03-15..2026-04-14"})
    CHECK(is_period_label(good));
  for (const char* bad : {"", "26", "2026-00", "2026-13", "2026-Q0", "2026-q1", "2026-1", "2026/03",
                          "2026-02-30/2026-03-01", "2026-11 ", "2026-11-05", "0999", "0000-01"})
    CHECK_FALSE(is_period_label(bad));
  CHECK(parse_civil_date("2028-02-29") == model::CivilDate{2028, 2, 29});
  CHECK_FALSE(parse_civil_date("2026-02-29"));
  CHECK_FALSE(parse_civil_date("2026-2-28"));
  CHECK_FALSE(parse_civil_date("2026-02-28T00"));
}
