// Amounts for people: thousands grouped with ',' in text, HTML and Markdown;
// JSON keeps the plain decimal (issue 20).
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "engine/figures/figures.h"
#include "report/common/amounts.h"

using namespace slaudit;

TEST_CASE("report amounts: whole units grouped by threes, minor digits as the currency has them", "[report]") {
  const model::Currency cny{"CNY", 2}, jpy{"JPY", 0}, bhd{"BHD", 3};
  struct Case {
    int64_t minor;
    const model::Currency& currency;
    const char* text;
  };
  const std::vector<Case> cases = {
      {0, cny, "0.00"},
      {5, cny, "0.05"},
      {99'999, cny, "999.99"},                 // three whole digits: no separator
      {100'000, cny, "1,000.00"},              // four: one
      {12'000'000, cny, "120,000.00"},         // the example: 120000.00 CNY
      {120'000'000, cny, "1,200,000.00"},
      {-5, cny, "-0.05"},
      {-12'345'678, cny, "-123,456.78"},       // the sign stays in front of the first group
      {-100'000, cny, "-1,000.00"},
      {0, jpy, "0"},
      {999, jpy, "999"},
      {1'000, jpy, "1,000"},
      {12'000'000, jpy, "12,000,000"},         // 0-decimal currency: no point at all
      {-1'234'567, jpy, "-1,234,567"},
      {1'234'567, bhd, "1,234.567"},           // three minor digits, not grouped
      {std::numeric_limits<int64_t>::min(), jpy, "-9,223,372,036,854,775,808"},
  };
  for (const Case& c : cases) {
    INFO(c.minor << " " << c.currency.code);
    CHECK(report::amount_text(c.minor, c.currency) == c.text);
    // Removing the separators gives the plain decimal JSON prints.
    std::string plain = c.text;
    std::erase(plain, ',');
    CHECK(money_text(c.minor, c.currency) == plain);
  }
  CHECK(report::amount_with_code(12'000'000, cny) == "120,000.00 CNY");
  CHECK(report::amount_with_code(-1'000, jpy) == "-1,000 JPY");
}

TEST_CASE("report amounts: grouped_decimal groups only the whole part and keeps marks", "[report]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", ""},           {"abc", "abc"},           {"1234", "1,234"},
      {"1234.5678", "1,234.5678"}, {"-1234567.50", "-1,234,567.50"}, {"123456.78~", "123,456.78~"},
      {"12", "12"},
  };
  for (const auto& [plain, grouped] : cases) {
    INFO(plain);
    CHECK(report::grouped_decimal(plain) == grouped);
  }
}

TEST_CASE("report amounts: amounts in the audit's own wording are grouped, nothing else", "[report]") {
  const model::Currency cny{"CNY", 2};
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"10% of 1200000.00 CNY (tier below 99.9%)", "10% of 1,200,000.00 CNY (tier below 99.9%)"},
      {"1200000.00 CNY", "1,200,000.00 CNY"},
      {"1200000.00 CNY per month x 2 months", "1,200,000.00 CNY per month x 2 months"},
      {"-1234.50 CNY", "-1,234.50 CNY"},
      {"a 999.99 CNY and 1000.00 CNY.", "a 999.99 CNY and 1,000.00 CNY."},
      {"period 2592000 s", "period 2592000 s"},            // seconds are not an amount
      {"1200000 minor units", "1200000 minor units"},      // nor minor units
      {"1200000.00 CNYX", "1200000.00 CNYX"},              // the code must end the word
      {"v1200000.00 CNY", "v1200000.00 CNY"},              // a number inside a word
      {"1,200,000.00 CNY", "1,200,000.00 CNY"},            // grouped already
      {" CNY at the start", " CNY at the start"},
      {"", ""},
  };
  for (const auto& [plain, grouped] : cases) {
    INFO(plain);
    CHECK(report::amounts_grouped(plain, cny) == grouped);
  }
}
