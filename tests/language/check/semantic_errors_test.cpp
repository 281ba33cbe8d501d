// Semantic errors found by the checker: each bad contract with the exact
// location, message, notes and hint of every diagnostic.
#include <catch2/catch.hpp>

#include "language/compile/compile.h"
#include "tests/support/diagnostic_lines.h"

using namespace slaudit;

namespace {
struct Case {
  const char* name;
  std::string input;
  std::vector<std::string> expected;
  std::string hint;  // of the first diagnostic
};

const std::vector<Case> kCases = {
    {"affected_comparator",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable when incident affects <= 5% of gpus; }
}
)SLA",
     {"4:54: error: an affected threshold compares with >= or > [bad-comparator]"},
     "write: unavailable when incident affects >= 5% of gpus;"},
    {"bad_date",
     R"SLA(contract "t" {
  effective 2026-02-30 to 2026-12-31;
}
)SLA",
     {"2:13: error: '2026-02-30' is not a calendar date [bad-date]"},
     "2026-02 has 28 days"},
    {"bad_ordinal",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { claim by end of 2th billing cycle after incident; }
}
)SLA",
     {"4:36: error: '2th' is not an ordinal [bad-ordinal]"},
     "write 2nd"},
    {"bad_window_time",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { exclude window Sun 25:00-06:00; }
}
)SLA",
     {"4:39: error: '25:00' is not a time of day [bad-time]"},
     "times run from 00:00 to 24:00"},
    {"billing_day_range",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { period billing month from day 32; }
}
)SLA",
     {"4:50: error: a billing month starts on a day from 1 to 31 [out-of-range]"},
     ""},
    {"capacity_unit",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  service t { capacity 10 GB; }
}
)SLA",
     {"4:24: error: capacity must be a count, found a data size '10 GB' [unit-mismatch]"},
     ""},
    {"claim_both_readings",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  claim "x": gpus >= 10000 single aggregate;
}
)SLA",
     {"4:35: error: the cluster reading is given twice [duplicate]",
      "4:28: note: first given here"},
     "keep one"},
    {"claim_qualifier_misplaced",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  claim "x": availability >= 99.9% single;
}
)SLA",
     {"4:36: error: a cluster reading applies to gpus and nodes, not to availability [bad-qualifier]"},
     ""},
    {"commit_about",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  commit checkpoint_write about 400 GB/s;
}
)SLA",
     {"4:27: error: a commitment needs a bound, not 'about' [bad-comparator]"},
     "write >= or <=; 'about' is for marketing claims"},
    {"commit_wrong_dimension",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  commit checkpoint_write >= 400 GB;
}
)SLA",
     {"4:30: error: the value of checkpoint_write must be a data rate, found a data size '400 GB' [unit-mismatch]"},
     ""},
    {"currency_mismatch",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { cap 100.00 EUR; }
}
)SLA",
     {"4:31: error: the cap is in EUR but the contract's currency is USD [currency-mismatch]"},
     "write amounts in the contract's currency, or without a currency code"},
    {"duplicate_service",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  service s { fee 1.00 per month; }
}
)SLA",
     {"4:11: error: service 's' is given twice [duplicate]",
      "3:11: note: first given here"},
     "keep one"},
    {"duplicate_target",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.9%; target 99.5%; }
}
)SLA",
     {"4:34: error: the target is given twice [duplicate]",
      "4:20: note: first given here"},
     "keep one"},
    {"end_before_start",
     R"SLA(contract "t" {
  effective 2026-12-31 to 2026-01-01;
}
)SLA",
     {"2:27: error: the effective range ends (2026-01-01) before it starts (2026-12-31) [date-order]"},
     "write the start date first: effective START to END;"},
    {"fee_basis",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  service t { fee 1.00 per week; }
}
)SLA",
     {"4:28: error: unknown fee basis 'week' [unknown-name]"},
     "fee basis is one of: month hour"},
    {"hour_rule_too_long",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { no charge for clock hour with more than 60 min down; }
}
)SLA",
     {"4:60: error: the clock-hour limit must be shorter than 1 h [out-of-range]"},
     ""},
    {"money_precision",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  service t { fee 9.999 per month; }
}
)SLA",
     {"4:19: error: the fee '9.999' has more decimal places than USD allows (2) [money-precision]"},
     ""},
    {"percent_cap_no_base",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { cap 50%; }
}
)SLA",
     {"4:24: error: a percentage cap needs a base [cap-base]"},
     "write: cap 50% of monthly fee;"},
    {"recovery_clock",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  recovery s { faults (node_down); within 20 min from noticed to recovered; }
}
)SLA",
     {"4:55: error: unknown clock start 'noticed' [unknown-name]"},
     "clock start is one of: occurred detected"},
    {"rolling_not_days",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { period rolling 36 h; }
}
)SLA",
     {"4:35: error: a rolling period is a whole number of days [out-of-range]"},
     "write e.g. rolling 30 d;"},
    {"target_no_percent",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.9; }
}
)SLA",
     {"4:27: error: the target must be a percentage, found a plain number '99.9' [unit-mismatch]"},
     "add a percent sign: 99.9%"},
    {"target_out_of_range",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 100.1%; }
}
)SLA",
     {"4:27: error: the target 100.1% is out of range: it must be above 0% up to 100% [out-of-range]"},
     ""},
    {"tier_above_target",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.5%; credit of monthly fee { below 99.9%: 10%; } }
}
)SLA",
     {"4:58: warning: credit starts below 99.9%, above the target 99.5% [tier-above-target]"},
     "a met target normally earns no credit; start the top tier below the target"},
    {"tiers_hole",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.9%; credit of monthly fee { below 99.9% and at least 99.0%: 10%; below 98.0%: 25%; } }
}
)SLA",
     {"4:95: error: no credit tier covers availability from 98.0% up to 99.0% [tier-hole]",
      "4:58: note: the tier above ends at 99.0%"},
     "make this tier start below 99.0%, or lower the tier above"},
    {"tiers_hole_at_bottom",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.9%; credit of monthly fee { below 99.9% and at least 99.0%: 10%; } }
}
)SLA",
     {"4:58: error: no credit tier covers availability below 99.0% [tier-hole]"},
     "drop 'and at least 99.0%' from the lowest tier, add a tier below it, or, if the contract states no "
     "credit there, write 'below 99.0%: not stated;'"},
    {"tiers_not_monotonic",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.9%; credit of monthly fee { below 99.9%: 25%; below 99.0%: 10%; } }
}
)SLA",
     {"4:76: error: the credit falls from 25% to 10% although availability is lower [tier-not-monotonic]",
      "4:58: note: the tier above earns 25%"},
     "a lower availability earns at least the credit of a higher one"},
    {"tiers_overlap",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.9%; credit of monthly fee { below 99.9% and at least 99.0%: 10%; below 99.5%: 25%; } }
}
)SLA",
     {"4:95: error: credit tiers overlap from 99.0% to 99.5% [tier-overlap]",
      "4:58: note: this tier already covers availability from 99.0%"},
     ""},
    {"tiers_same_bound",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 99.9%; credit of monthly fee { below 99.9%: 10%; below 99.9%: 25%; } }
}
)SLA",
     {"4:76: error: two credit tiers both start below 99.9% [tier-overlap]",
      "4:58: note: the other tier"},
     ""},
    {"timezone_typo",
     R"SLA(contract "t" {
  timezone "Europe/Berln";
}
)SLA",
     {"2:12: error: unknown time zone 'Europe/Berln' [unknown-timezone]"},
     "did you mean 'Europe/Berlin'?"},
    {"trailing_months",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { cap 10% of monthly fee per trailing 0 months; }
}
)SLA",
     {"4:56: error: a trailing window runs from 1 to 120 months [out-of-range]"},
     ""},
    {"two_contracts",
     R"SLA(contract "a" {
}
contract "b" {
}
)SLA",
     {"3:1: error: a file holds one contract; this is a second one [second-contract]",
      "1:1: note: the first contract starts here"},
     "put each contract in a file of its own"},
    {"two_measurements",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable when any incident; unavailable weighted by affected share; }
}
)SLA",
     {"4:51: error: how unavailability is measured is given twice [duplicate]",
      "4:20: note: first given here"},
     "keep one"},
    {"unit_mismatch_target",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { target 20 min; }
}
)SLA",
     {"4:27: error: the target must be a percentage, found a duration '20 min' [unit-mismatch]"},
     ""},
    {"unknown_attribute",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  @disable(x)
  commit gpus >= 10;
}
)SLA",
     {"4:4: error: unknown attribute '@disable' [unknown-attribute]"},
     "the attribute is @allow(rule_id, ...), which silences rules for one item"},
    {"unknown_cause",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { exclude cause in (custmer); }
}
)SLA",
     {"4:38: error: unknown cause 'custmer' [unknown-name]"},
     "did you mean 'customer'?"},
    {"unknown_currency",
     R"SLA(contract "t" {
  currency XYZ;
}
)SLA",
     {"2:12: error: unknown currency 'XYZ' [unknown-currency]"},
     "write an ISO 4217 code such as CNY, USD or EUR"},
    {"unknown_day",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { exclude window Sunday 02:00-06:00; }
}
)SLA",
     {"4:35: error: unknown day 'Sunday' [unknown-name]"},
     "day is one of: Mon Tue Wed Thu Fri Sat Sun daily weekdays weekends"},
    {"unknown_metric",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  commit checkpoint_writes >= 400 GB/s;
}
)SLA",
     {"4:10: error: unknown metric 'checkpoint_writes' [unknown-metric]"},
     "did you mean 'checkpoint_write'?"},
    {"unknown_period",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { period calendar fortnight; }
}
)SLA",
     {"4:36: error: unknown calendar period 'fortnight' [unknown-name]"},
     "calendar period is one of: month quarter year week"},
    {"unknown_service",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability x { target 99.9%; }
}
)SLA",
     {"4:16: error: no service named 'x' [unknown-service]"},
     "did you mean 's'?"},
    {"unknown_timezone",
     R"SLA(contract "t" {
  timezone "Mars/Olympus";
}
)SLA",
     {"2:12: error: unknown time zone 'Mars/Olympus' [unknown-timezone]"},
     "write an IANA zone name such as \"Asia/Shanghai\", \"America/New_York\" or \"UTC\""},
    {"unknown_unit",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { ignore downtime shorter than 5 mins; }
}
)SLA",
     {"4:51: error: unknown unit 'mins' [unknown-unit]"},
     "write 'min'"},  // an abbreviation from the table of usual ones, with a fix
    // Issue 14: dates past Boost's calendar aborted the audit; they are refused where written.
    {"date_before_1400",
     R"SLA(contract "t" {
  effective 0000-01-01 to 2026-12-31;
}
)SLA",
     {"2:13: error: '0000-01-01' is outside the years 1400-9999 slaudit computes in [bad-date]"},
     ""},
    {"date_before_1400_in_range_end",
     R"SLA(contract "t" {
  effective 1399-12-31 to 1399-12-31;
}
)SLA",
     {"2:13: error: '1399-12-31' is outside the years 1400-9999 slaudit computes in [bad-date]",
      "2:27: error: '1399-12-31' is outside the years 1400-9999 slaudit computes in [bad-date]"},
     ""},
    {"claim_window_days_too_long",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { claim within 106751991167300 d after period end; }
}
)SLA",
     {"4:33: error: a claim window is at most 3660 d (ten years) [out-of-range]"},
     ""},
    {"claim_window_months_too_long",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { claim within 121 months after period end; }
}
)SLA",
     {"4:33: error: a claim window is a whole number of months from 1 to 120 [out-of-range]"},
     ""},
    // Issue 14: 17 places of a percentage overflowed a share's int64 denominator (10^19).
    {"percent_with_17_decimals",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable when incident affects >= 0.00000000000000001% of gpus; }
}
)SLA",
     {"4:57: error: the affected share 0.00000000000000001% has more than 16 decimal places [out-of-range]"},
     "round it: the audit is exact to 16 places of a percentage"},
    {"minimum_data_period_without_else",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable from probes { measure requests; at least 100 requests per period; } }
}
)SLA",
     {"4:64: error: the clause does not say what a period below the minimum is [minimum-data]"},
     "add ', else not assessed' or ', else missed'"},
    {"minimum_data_bucket_with_else",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable from probes { measure requests; at least 10 requests per bucket, else missed; } }
}
)SLA",
     {"4:64: error: a bucket below the minimum is a bucket with missing data, not 'missed' [minimum-data]"},
     "drop ', else ...' and say 'missing data counts as up|down|excluded;'"},
    {"minimum_data_samples_per_bucket",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable from probes { bad when error rate > 5%; at least 2 samples per bucket; } }
}
)SLA",
     {"4:72: error: samples are counted per period (target-buckets with a sample) [minimum-data]"},
     "write 'at least N samples per period, else ...' or 'at least N requests per bucket'"},
    {"minimum_data_requests_without_counts",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable from probes { bad when error rate > 5%; at least 100 requests per period, else missed; } }
}
)SLA",
     {"4:72: error: a minimum of requests needs request counts [minimum-data]"},
     "add 'measure requests;' or 'measure average error rate;', or count samples"},
    {"minimum_data_zero",
     R"SLA(contract "t" {
  timezone "UTC"; currency USD;
  service s { fee 100.00 per month; }
  availability s { unavailable from probes { measure requests; at least 0 requests per period, else missed; } }
}
)SLA",
     {"4:73: error: the minimum data must be at least 1 [out-of-range]"},
     ""},
};
}  // namespace

TEST_CASE("semantic errors are reported with exact location, message, notes and hint", "[check][diagnostics]") {
  for (const auto& c : kCases) {
    SECTION(c.name) {
      SourceFile file("t.sla", c.input);
      auto compiled = compile_contract(file);
      CHECK(testing::diagnostic_lines(file, compiled.diagnostics) == c.expected);
      CHECK(testing::first_hint(compiled.diagnostics) == c.hint);
      // A contract is produced only when there is no error (warnings are fine).
      CHECK(compiled.contract.has_value() == !compiled.diagnostics.has_errors());
    }
  }
}
