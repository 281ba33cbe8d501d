// Caps in reports for people: a stated cap the credit did not reach reads
// "not reached (...)", never "-" or "none applies"; "no cap" only when the
// clause states none (issue 20).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "report/common/cap_words.h"

using namespace slaudit;

namespace {

model::Cap percent_cap(int64_t percent, model::CapWindow window = model::CapWindow::PerPeriod, int months = 0) {
  model::Cap cap;
  cap.percent_of_fee = model::Percent{Decimal(percent, 0)};
  cap.window = window;
  cap.trailing_months = months;
  return cap;
}

model::Cap amount_cap(int64_t minor) {
  model::Cap cap;
  cap.amount = model::Money{minor};
  return cap;
}

}  // namespace

TEST_CASE("report cap words: binding, not reached, or no cap", "[report]") {
  const model::Currency cny{"CNY", 2};
  struct Case {
    int64_t binding_minor;
    std::vector<model::Cap> caps;
    bool with_code;
    const char* text;
    const char* phrase;
  };
  const std::vector<Case> cases = {
      // 100% of a 500.00 fee binds a 600.00 credit at 500.00.
      {50'000, {percent_cap(100)}, false, "500.00", "capped at 500.00"},
      {50'000, {percent_cap(100)}, true, "500.00 CNY", "capped at 500.00 CNY"},
      {-1, {percent_cap(100)}, true, "not reached (100% of fee)", "cap not reached (100% of fee)"},
      {-1, {percent_cap(50)}, false, "not reached (50% of fee)", "cap not reached (50% of fee)"},
      {-1, {amount_cap(1'000'000)}, true, "not reached (10,000.00 CNY)", "cap not reached (10,000.00 CNY)"},
      {-1,
       {percent_cap(100), percent_cap(30, model::CapWindow::PerContractYear)},
       true,
       "not reached (100% of fee; 30% of fee per contract year)",
       "cap not reached (100% of fee; 30% of fee per contract year)"},
      {-1,
       {percent_cap(50, model::CapWindow::TrailingMonths, 12)},
       true,
       "not reached (50% of fee over the trailing 12 months)",
       "cap not reached (50% of fee over the trailing 12 months)"},
      {-1, {}, true, "no cap", "no cap"},
      {-1, {}, false, "no cap", "no cap"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(report::cap_text(c.binding_minor, c.caps, cny, c.with_code) == c.text);
    CHECK(report::cap_phrase(c.binding_minor, c.caps, cny, c.with_code) == c.phrase);
  }
}
