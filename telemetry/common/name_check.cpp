#include "telemetry/common/name_check.h"

#include <cstdio>

#include "base/text/display_width.h"
#include "telemetry/common/reason_text.h"

namespace slaudit {

namespace {

bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

std::string code_point_name(char32_t cp) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(cp));
  return buffer;
}

}  // namespace

bool is_bidi_control(char32_t cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

std::optional<std::string> name_problem(std::string_view what, std::string_view value) {
  if (value.size() > kMaxNameBytes)
    return std::string(what) + " is " + std::to_string(value.size()) + " bytes long; a name is at most " +
           std::to_string(kMaxNameBytes) + " bytes: " + quote_value(value);
  if (is_ascii(value)) {  // most names: a byte is a character
    for (const char c : value)
      if (c < 0x20 || c == 0x7F) return std::string(what) + " contains a control character: " + quote_value(value);
    return std::nullopt;
  }
  if (const size_t bad = first_invalid_utf8(value); bad != std::string_view::npos)
    return std::string(what) + " is not valid UTF-8 (byte " + std::to_string(bad + 1) + "): " + quote_value(value);
  for (size_t i = 0; i < value.size();) {
    const char32_t cp = decode_utf8(value, i);
    if (is_control(cp)) return std::string(what) + " contains a control character: " + quote_value(value);
    if (is_bidi_control(cp))
      return std::string(what) + " contains a bidirectional formatting character (" + code_point_name(cp) +
             "), which reorders the text as it is shown: " + quote_value(value);
  }
  return std::nullopt;
}

}  // namespace slaudit
