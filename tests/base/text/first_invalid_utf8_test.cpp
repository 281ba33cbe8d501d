// first_invalid_utf8 steps over ASCII eight bytes at a time: each kind of bad
// sequence, and each good multi-byte one, is put at every position of ASCII
// text from 0 to 40 bytes long, so that it falls before, inside and after an
// eight-byte step and at the very end.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "base/text/display_width.h"

using slaudit::first_invalid_utf8;

namespace {

struct Sequence {
  const char* what;
  std::string bytes;
};

const Sequence kBad[] = {
    {"a lone continuation byte", "\x80"},
    {"a byte that is never UTF-8", "\xFF"},
    {"a lead byte cut short", "\xE4\xB8"},
    {"an overlong form of '/'", "\xC0\xAF"},
    {"a surrogate", "\xED\xA0\x80"},
    {"a value past U+10FFFF", "\xF4\x90\x80\x80"},
};

const Sequence kGood[] = {
    {"é (two bytes)", "\xC3\xA9"},
    {"万 (three bytes)", "\xE4\xB8\x87"},
    {"a real U+FFFD", "\xEF\xBF\xBD"},
    {"😀 (four bytes)", "\xF0\x9F\x98\x80"},
};

}  // namespace

TEST_CASE("first_invalid_utf8: ASCII alone is valid at every length", "[text]") {
  for (size_t length = 0; length <= 40; ++length) {
    INFO("length " << length);
    CHECK(first_invalid_utf8(std::string(length, 'a')) == std::string_view::npos);
  }
}

TEST_CASE("first_invalid_utf8: a bad sequence is found at its first byte wherever it is", "[text]") {
  for (const Sequence& bad : kBad) {
    for (size_t length = 0; length <= 40; ++length) {
      for (size_t at = 0; at <= length; ++at) {
        const std::string text = std::string(at, 'a') + bad.bytes + std::string(length - at, 'b');
        INFO(bad.what << " at " << at << " of " << text.size() << " bytes");
        CHECK(first_invalid_utf8(text) == at);
      }
    }
  }
}

TEST_CASE("first_invalid_utf8: good multi-byte characters are valid wherever they are", "[text]") {
  for (const Sequence& good : kGood) {
    for (size_t length = 0; length <= 40; ++length) {
      for (size_t at = 0; at <= length; ++at) {
        const std::string text = std::string(at, 'a') + good.bytes + std::string(length - at, 'b');
        INFO(good.what << " at " << at << " of " << text.size() << " bytes");
        CHECK(first_invalid_utf8(text) == std::string_view::npos);
        // The first bad byte after it is still found at its own position.
        CHECK(first_invalid_utf8(text + "\xFF") == text.size());
      }
    }
  }
}

TEST_CASE("is_ascii: one byte at or over 0x80 anywhere makes a text not ASCII", "[text]") {
  for (size_t length = 0; length <= 40; ++length) {
    INFO("length " << length);
    CHECK(slaudit::is_ascii(std::string(length, '~')));  // 0x7E, the highest printable ASCII
    for (size_t at = 0; at < length; ++at) {
      std::string text(length, 'a');
      text[at] = '\x80';
      INFO("0x80 at " << at);
      CHECK_FALSE(slaudit::is_ascii(text));
    }
  }
}
