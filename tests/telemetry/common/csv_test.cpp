// The RFC 4180 tokenizer on its own: fields, line numbers, recovery.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/common/csv.h"

using namespace slaudit;

namespace {

std::vector<CsvRecord> records_of(std::string_view text) {
  std::vector<CsvRecord> records;
  CsvReader reader(text);
  while (std::optional<CsvRecord> record = reader.next()) records.push_back(std::move(*record));
  return records;
}

using Fields = std::vector<std::string>;

}  // namespace

TEST_CASE("telemetry csv: quoted fields keep commas, quotes and newlines", "[telemetry]") {
  const auto records = records_of("a,\"b,c\",\"say \"\"hi\"\"\"\n\"x\ny\",,\"\"\nlast,\"\",z");
  REQUIRE(records.size() == 3);
  CHECK(records[0].fields == Fields{"a", "b,c", "say \"hi\""});
  CHECK(records[0].line == 1);
  CHECK(records[1].fields == Fields{"x\ny", "", ""});
  CHECK(records[1].line == 2);
  CHECK(records[2].fields == Fields{"last", "", "z"});
  CHECK(records[2].line == 4);
  for (const CsvRecord& record : records) CHECK(record.error.empty());
}

TEST_CASE("telemetry csv: CRLF, blank lines and spaces around fields", "[telemetry]") {
  const auto records = records_of("a , b\r\n\r\n  \n \"c d\" ,e\r\n");
  REQUIRE(records.size() == 2);
  CHECK(records[0].fields == Fields{"a", "b"});
  CHECK(records[1].fields == Fields{"c d", "e"});
  CHECK(records[1].line == 4);
  CHECK(records[1].bytes == std::string(" \"c d\" ,e").size());
}

TEST_CASE("telemetry csv: a trailing comma is an empty last field", "[telemetry]") {
  const auto records = records_of("a,\n");
  REQUIRE(records.size() == 1);
  CHECK(records[0].fields == Fields{"a", ""});
}

TEST_CASE("telemetry csv: a multi-line quoted field that goes wrong ends at its opening line", "[telemetry]") {
  const auto records = records_of("a,\"b\nc\"d\ne,f\n");
  REQUIRE(records.size() == 3);
  CHECK(records[0].error ==
        "unexpected 'd' at line 2, column 3 after the closing quote of field 2, which opened at line 1, column 3; "
        "expected ',' or the end of the line");
  CHECK(records[0].bytes == 4);
  CHECK(records[1].line == 2);
  CHECK(records[1].error ==
        "'\"' inside unquoted field 1 at column 2; quote the whole field and double the quotes inside it");
  CHECK(records[2].line == 3);
  CHECK(records[2].fields == Fields{"e", "f"});
}

TEST_CASE("telemetry csv: syntax errors name the spot and recovery resumes on the next line", "[telemetry]") {
  const auto records = records_of("a,b\"c\nd,\"e\"f\ng,\"h\ni,j\n");
  REQUIRE(records.size() == 4);
  CHECK(records[0].error ==
        "'\"' inside unquoted field 2 at column 4; quote the whole field and double the quotes inside it");
  CHECK(records[1].line == 2);
  CHECK(records[1].error == "unexpected 'f' after the closing quote of field 2 at column 6; expected ',' or the end of the line");
  CHECK(records[2].line == 3);
  CHECK(records[2].error == "unterminated quoted field: the quote at line 3, column 3 is never closed");
  CHECK(records[3].line == 4);
  CHECK(records[3].fields == Fields{"i", "j"});
  CHECK(records[3].error.empty());
}

TEST_CASE("telemetry csv: a comma, quote, CR or LF is found at every position of an unquoted field",
          "[telemetry]") {
  // Unquoted fields are scanned sixteen bytes at a time, then byte by byte:
  // each special byte at every position of a 0-40 byte field, followed by
  // 0-20 more bytes, lands before, inside and after a sixteen-byte step.
  for (size_t before = 0; before <= 40; ++before) {
    for (size_t after = 0; after <= 20; ++after) {
      const std::string a(before, 'a'), b(after, 'b');
      INFO(before << " bytes before, " << after << " after");
      // A comma splits the field in two.
      {
        const auto records = records_of("x," + a + "," + b + ",y\n");
        REQUIRE(records.size() == 1);
        CHECK(records[0].fields == Fields{"x", a, b, "y"});
      }
      // A line end ends the record; the rest is the next record.
      {
        const auto records = records_of("x," + a + "\n" + b + ",y\n");
        REQUIRE(records.size() == 2);
        CHECK(records[0].fields == Fields{"x", a});
        CHECK(records[1].fields == Fields{b, "y"});
        CHECK(records[1].line == 2);
      }
      // A CR alone is part of the field; CR LF ends the record.
      {
        const auto records = records_of("x," + a + "\r" + b + ",y\r\nz\n");
        REQUIRE(records.size() == 2);
        CHECK(records[0].fields == Fields{"x", a + "\r" + b, "y"});
        CHECK(records[1].fields == Fields{"z"});
      }
      // A quote inside an unquoted field is an error at its column (1-based,
      // after "x," and the field's first bytes); the next line is read on.
      {
        const std::string text = "x," + a + "\"" + b + ",y\nnext\n";
        const auto records = records_of(text);
        if (before == 0) {
          // A quote that opens the field makes it quoted; it never closes, so the record is cut to its line.
          REQUIRE(!records.empty());
          CHECK(!records[0].error.empty());
          continue;
        }
        REQUIRE(records.size() == 2);
        CHECK(records[0].error == "'\"' inside unquoted field 2 at column " + std::to_string(3 + before) +
                                      "; quote the whole field and double the quotes inside it");
        CHECK(records[1].fields == Fields{"next"});
      }
    }
  }
}

TEST_CASE("telemetry csv: a record says whether its text is all ASCII", "[telemetry]") {
  const auto records = records_of("a,b\n\"x\ny\",z\n万,b\na,\"\xC3\xA9\"\nlong field of ascii text,and more of it\n");
  REQUIRE(records.size() == 5);
  CHECK(records[0].ascii);
  CHECK(records[1].ascii);   // over two lines, quotes and all
  CHECK_FALSE(records[2].ascii);
  CHECK_FALSE(records[3].ascii);  // inside quotes too
  CHECK(records[4].ascii);
}
