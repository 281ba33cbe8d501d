// CSV injection (OWASP): what a spreadsheet would run as a formula is written
// as text, in every CSV (they all write their cells with csv_field); a plain
// number, negative or not, stays a number.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "report/csv/csv_field.h"

namespace {

struct Case {
  std::string cell, written;
};

}  // namespace

TEST_CASE("csv_field: a cell a spreadsheet would run gets a leading apostrophe, numbers stay numbers", "[csv]") {
  const std::vector<Case> cases = {
      // Formulas and the characters OWASP lists: each starts with an apostrophe.
      {"=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""},
      {"=1+2", "'=1+2"},
      {"+1+1", "'+1+1"},
      {"-2+3", "'-2+3"},
      {"@SUM(A1)", "'@SUM(A1)"},
      {"\t=1", "'\t=1"},
      {"\r=1", "\"'\r=1\""},           // a CR is also a line break: quoted
      {"-", "'-"},
      {"-x", "'-x"},
      {"-5e3", "'-5e3"},              // not a number as the reports write one
      {"cmd|' /C calc'!A0", "cmd|' /C calc'!A0"},  // harmless unless it starts a cell
      // Numbers as the reports write them: kept, so a spreadsheet sums them.
      {"-5", "-5"},
      {"-12.50", "-12.50"},
      {"-1/3", "-1/3"},
      {"2419109/2592000", "2419109/2592000"},
      {"0", "0"},
      // Text that starts otherwise is as before.
      {"i-003", "i-003"},
      {"a,b", "\"a,b\""},
      {"", ""},
  };
  for (const Case& c : cases) {
    INFO(c.cell);
    CHECK(slaudit::report::csv_field(c.cell) == c.written);
  }
}

TEST_CASE("write_csv_row: every cell of a row is neutralised", "[csv]") {
  std::ostringstream out;
  slaudit::report::write_csv_row(out, {"=1", "-5", "@x"});
  CHECK(out.str() == "'=1,-5,'@x\n");
}
