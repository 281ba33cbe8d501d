// The provider's statement reader (docs/audit.md, section 26): figures read
// exactly, every record used or rejected with its line and reason.
#include <catch2/catch.hpp>

#include "telemetry/statement/statement_reader.h"

using namespace slaudit;
using slaudit::audit::Rational;

namespace {

StatementReadOptions options(StatementFormat format = StatementFormat::Csv) {
  StatementReadOptions o;
  o.format = format;
  o.path = "s.csv";
  o.clauses = {{"web", {""}}, {"db", {"reads", "writes"}}};
  o.currency = model::Currency{"USD", 2};
  return o;
}

}  // namespace

TEST_CASE("statement reader: availability figures are percentages, read exactly", "[telemetry][statement]") {
  struct Figure {
    const char* text;
    std::optional<Rational> share;  // nullopt: refused with `reason`
    const char* reason;
  };
  const std::vector<Figure> figures = {
      {"99.2%", Rational(124, 125), ""},        // 992/1000 / 100... 99.2 / 100 = 0.992 = 124/125
      {"99.95", Rational(1999, 2000), ""},      // without %: a percentage, 99.95 / 100 = 0.9995
      {" 99.9 % ", Rational(999, 1000), ""},    // spaces around the figure and before % are not part of it
      {"100%", Rational(1), ""},
      {"100", Rational(1), ""},                 // 100 without % is above 1: a percentage
      {"0.5%", Rational(1, 200), ""},           // with %, a small figure is a percentage: 0.005
      {"0.75%", Rational(3, 400), ""},          // "075" is 75, never octal 61: 0.75 / 100 = 3/400
      {"09.5%", Rational(19, 200), ""},         // a leading zero changes nothing: 9.5 / 100 = 19/200
      {"000%", Rational(0), ""},
      {"99.999999999999999999999%", Rational(boost::multiprecision::cpp_int("99999999999999999999999"),
                                             boost::multiprecision::cpp_int("100000000000000000000000")), ""},  // 21 decimals, / 100: / 10^23
      {"99.2.1%", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {"100.01%", std::nullopt, "more than 100%"},
      {"101", std::nullopt, "more than 100%"},
      {"0.992", std::nullopt, "a share or a percentage? write it with % (0.992% or 0.992 as a share is not read)"},
      {"1", std::nullopt, "a share or a percentage? write it with % (1% or 1 as a share is not read)"},
      {"-1%", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {"", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {"%", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {"99.%", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {".5%", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {"1e2", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {"99,2%", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
      {"99.2%%", std::nullopt, "expected a percentage such as 99.2% or 99.95"},
  };
  for (const Figure& f : figures) {
    INFO(f.text);
    std::string reason;
    const std::optional<Rational> got = parse_stated_availability(f.text, reason);
    CHECK(got == f.share);
    CHECK(reason == f.reason);
  }
}

TEST_CASE("statement reader: CSV rows used or rejected with line and reason", "[telemetry][statement]") {
  const std::string csv =
      "service,clause,period,availability,credit_paid,currency\n"  // line 1
      "web,,2026-11,99.2%,100.00 USD,\n"                           // 2: used
      "web,,2026-10,99.95,,\n"                                     // 3: used, no credit paid
      "db,reads,2026-11,99.5%,50.00,USD\n"                         // 4: used
      "db,,2026-11,99.5%,,\n"                                      // 5: two clauses, none named
      "web,,2026-12,99.2.1%,,\n"                                   // 6: bad figure
      "web,,2026-09,100.5%,,\n"                                    // 7: over 100%
      "web,,2026-08,99.2%,10.00 EUR,\n"                            // 8: another currency
      "web,,2026-07,99.2%,10.005,\n"                               // 9: more decimals than USD
      "cdn,,2026-11,99.2%,,\n"                                     // 10: unknown service
      "web,,2026-11-05,99.2%,,\n"                                  // 11: a day, not a period
      "web,,2026-06,99%,-1.00,\n"                                  // 12: negative credit
      "web,,,99%,,\n"                                              // 13: no period
      "db,writes,2026-11,99.1%,,\n"                                // 14: used
      "db,writes,2026-11,99.1%,,\n"                                // 15: repeats 14: both rejected
      "web,,2026-05,99%,1.00,EUR\n"                                // 16: currency column not the contract's
      "db,scans,2026-11,99%,,\n";                                  // 17: no such clause
  const Statement s = read_statement(csv, options());
  CHECK(s.records_read == 16);
  REQUIRE(s.rows.size() == 3);
  CHECK(s.rows[0].line == 2);
  CHECK(s.rows[0].availability == Rational(124, 125));
  CHECK(s.rows[0].paid_minor == 10000);
  CHECK(s.rows[0].stated == "99.2%");
  CHECK(s.rows[0].path == "s.csv");
  CHECK(s.rows[1].line == 3);
  CHECK(s.rows[1].paid_minor == std::nullopt);
  CHECK(s.rows[2].line == 4);
  CHECK(s.rows[2].clause_label == "reads");
  CHECK(s.rows[2].paid_minor == 5000);
  const std::vector<StatementRejection> expected = {
      {5, "service 'db' has 2 availability clauses ('reads', 'writes'): name one in 'clause'"},
      {6, "bad availability '99.2.1%': expected a percentage such as 99.2% or 99.95"},
      {7, "bad availability '100.5%': more than 100%"},
      {8, "credit paid in 'EUR', not in the contract's currency USD"},
      {9, "amount in 'credit_paid' '10.005' has more decimals than USD allows (2)"},
      {10, "unknown service 'cdn'; the contract defines 'db', 'web'"},
      {11, "bad period '2026-11-05'; expected a period label such as 2026-11, 2026-Q4, 2026 or 2026-03-15/2026-04-14"},
      {12, "negative amount in 'credit_paid' '-1.00'"},
      {13, "missing required field 'period'"},
      {14, "lines 14, 15 all state service 'db' clause 'writes' period '2026-11': none of them is used"},
      {15, "lines 14, 15 all state service 'db' clause 'writes' period '2026-11': none of them is used"},
      {16, "credit paid in 'EUR', not in the contract's currency USD"},
      {17, "unknown clause 'scans' of service 'db'; its clauses are 'reads', 'writes'"},
  };
  CHECK(s.rejected == expected);
  CHECK(s.records_read == s.rows.size() + s.rejected.size());
}

TEST_CASE("statement reader: a credit paid past 10^15 minor units is rejected with its line", "[telemetry][statement]") {
  const Statement s = read_statement(
      "service,period,availability,credit_paid\n"
      "web,2026-11,99.2%,10000000000000.00\n"   // 2: at the limit, used
      "web,2026-10,99.2%,10000000000000.01\n",  // 3: a cent past it
      options());
  REQUIRE(s.rows.size() == 1);
  CHECK(s.rows[0].paid_minor == 1'000'000'000'000'000);
  CHECK(s.rejected == std::vector<StatementRejection>{
                          {3, "amount in 'credit_paid' '10000000000000.01' is over the largest amount slaudit audits, "
                              "10000000000000.00 USD"}});
}

TEST_CASE("statement reader: JSON Lines, numbers as written, and a bad header rejects every record",
          "[telemetry][statement]") {
  const std::string jsonl =
      "{\"service\":\"web\",\"period\":\"2026-11\",\"availability\":99.2,\"credit_paid\":100.00}\n"
      "\n"
      "{\"period\":\"2026-10\",\"availability\":\"99.95%\",\"credit_paid\":null,\"service\":\"web\"}\n"
      "{\"service\":\"web\",\"period\":\"2026-09\",\"availabilty\":\"99%\"}\n"
      "{\"service\":\"web\",\"period\":\"2026-08\",\"availability\":true}\n"
      "[1]\n"
      "{\"service\":\"web\",\"period\":\"2026-07\",\"availability\":0.99}\n";
  const Statement s = read_statement(jsonl, options(StatementFormat::JsonLines));
  CHECK(s.records_read == 6);
  REQUIRE(s.rows.size() == 2);
  CHECK(s.rows[0].line == 1);
  CHECK(s.rows[0].availability == Rational(124, 125));  // the number 99.2 as written, a percentage
  CHECK(s.rows[0].paid_minor == 10000);
  CHECK(s.rows[1].line == 3);
  CHECK(s.rows[1].availability == Rational(1999, 2000));
  REQUIRE(s.rejected.size() == 4);
  CHECK(s.rejected[0].line == 4);
  CHECK(s.rejected[0].reason.starts_with("unknown field 'availabilty' (did you mean 'availability'?)"));
  CHECK(s.rejected[1] == StatementRejection{5, "field 'availability' must be a string or a number, found a boolean"});
  CHECK(s.rejected[2] == StatementRejection{6, "expected a JSON object, found an array"});
  CHECK(s.rejected[3] ==
        StatementRejection{7, "bad availability '0.99': a share or a percentage? write it with % (0.99% or 0.99 as a "
                              "share is not read)"});

  const Statement bad = read_statement("service,period,avail\nweb,2026-11,99%\nweb,2026-10,99%\n", options());
  CHECK(bad.records_read == 2);
  CHECK(bad.rows.empty());
  REQUIRE(bad.rejected.size() == 2);
  CHECK(bad.rejected[1].line == 3);
  CHECK(bad.rejected[1].reason.starts_with("the header row (line 1): unknown field 'avail'"));
}

TEST_CASE("statement reader: formats by name and by extension", "[telemetry][statement]") {
  CHECK(statement_format_from_path("s.csv") == StatementFormat::Csv);
  CHECK(statement_format_from_path("dir.v2/S.JSONL") == StatementFormat::JsonLines);
  CHECK(statement_format_from_path("s.ndjson") == StatementFormat::JsonLines);
  CHECK(statement_format_from_path("s.txt") == std::nullopt);
  CHECK(statement_format_from_path("dir.csv/statement") == std::nullopt);
  CHECK(statement_format_from_name("jsonl") == StatementFormat::JsonLines);
  CHECK(statement_format_from_name("xml") == std::nullopt);
}
