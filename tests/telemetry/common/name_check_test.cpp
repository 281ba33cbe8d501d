// The one check of every name a report prints (incident, resource and target
// ids, services, regions, zones, claim references): what it refuses and why.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "telemetry/common/name_check.h"
#include "telemetry/common/reason_text.h"

namespace {

struct Case {
  const char* name;
  std::string value;
  std::string reason;  // "" when accepted
};

}  // namespace

TEST_CASE("name_problem: control, bidirectional and invalid bytes and overlong names are refused", "[names]") {
  const std::vector<Case> cases = {
      {"plain", "i-0abc/eu-west-1", ""},
      {"CJK", "训练集群", ""},
      {"exactly 1,024 bytes", std::string(1024, 'a'), ""},
      {"1,025 bytes", std::string(1025, 'a'), "field 'id' is 1025 bytes long; a name is at most 1024 bytes: 'aaaa"},
      {"a newline (a forged report line)", "i-1\nTotal owed: 0.00 USD",
       "field 'id' contains a control character: 'i-1\\nTotal owed: 0.00 USD'"},
      {"NUL", std::string("i-1\0x", 5), "field 'id' contains a control character: 'i-1\\x00x'"},
      {"DEL", "i-1\x7F", "field 'id' contains a control character"},
      {"C1 control U+0085", "i-1\xC2\x85", "field 'id' contains a control character: 'i-1\\xc2\\x85'"},
      {"invalid UTF-8", "i-1\xFF", "field 'id' is not valid UTF-8 (byte 4): 'i-1\\xff'"},
      {"a right-to-left override U+202E", "i-1\xE2\x80\xAEgpj.exe",
       "field 'id' contains a bidirectional formatting character (U+202E), which reorders the text as it is shown: "
       "'i-1\\xe2\\x80\\xaegpj.exe'"},
      {"a left-to-right isolate U+2066", "\xE2\x81\xA6x", "(U+2066)"},
      {"an Arabic letter mark U+061C", "x\xD8\x9C", "(U+061C)"},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      const auto problem = slaudit::name_problem("field 'id'", c.value);
      if (c.reason.empty()) {
        CHECK_FALSE(problem);
      } else {
        REQUIRE(problem);
        CHECK_THAT(*problem, Catch::Contains(c.reason));
        // The reason itself is one printable line, however hostile the value.
        CHECK(problem->find('\n') == std::string::npos);
        CHECK(problem->find("\xE2\x80\xAE") == std::string::npos);
        CHECK(problem->size() < 400);
      }
    }
  }
}
