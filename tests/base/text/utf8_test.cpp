// utf8_char_length (a message never cuts a character) and json_text (no
// invalid byte reaches a JSON document: it becomes U+FFFD, never an exception).
#include <catch2/catch.hpp>

#include <string>

#include "base/text/utf8.h"

TEST_CASE("utf8_char_length: whole valid sequences, 1 for anything else", "[text][hostile]") {
  CHECK(slaudit::utf8_char_length("a", 0) == 1);
  CHECK(slaudit::utf8_char_length("\xC3\xA9x", 0) == 2);          // é
  CHECK(slaudit::utf8_char_length("\xE5\x90\x88", 0) == 3);       // 合
  CHECK(slaudit::utf8_char_length("\xF0\x9F\x98\x80", 0) == 4);   // an emoji
  CHECK(slaudit::utf8_char_length("\xC3", 0) == 1);               // cut short at the end
  CHECK(slaudit::utf8_char_length("\xC3x", 0) == 1);              // no continuation
  CHECK(slaudit::utf8_char_length("\xFF", 0) == 1);
  CHECK(slaudit::utf8_char_length("\xC0\xAF", 0) == 1);           // overlong '/'
  CHECK(slaudit::utf8_char_length("\xED\xA0\x80", 0) == 1);       // a surrogate
  CHECK(slaudit::utf8_char_length("\xF4\x90\x80\x80", 0) == 1);   // past U+10FFFF
}

TEST_CASE("json_text replaces invalid bytes with U+FFFD", "[text][hostile]") {
  const nlohmann::json doc = {{"path", std::string("bad\xFFname")}, {"ok", "合同"}};
  CHECK(slaudit::json_text(doc, -1) == "{\"ok\":\"合同\",\"path\":\"bad\xEF\xBF\xBDname\"}");
}
