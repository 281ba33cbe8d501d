#include "language/grammar/look_alikes.h"

#include <cstdio>

#include "base/text/display_width.h"

namespace slaudit::grammar {

namespace {

std::string code_point_name(char32_t cp) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(cp));
  return buffer;
}

struct Special {
  char32_t cp;
  const char* ascii;
  const char* what;
};

// Look-alikes outside the full-width block, with the reason a reader would not see the difference.
constexpr Special kSpecials[] = {
    {0x00A0, " ", "a no-break space"},         {0x3000, " ", "an ideographic (full-width) space"},
    {0x2002, " ", "an en space"},              {0x2003, " ", "an em space"},
    {0x2009, " ", "a thin space"},             {0x200B, " ", "a zero-width space"},
    {0x201C, "\"", "a curly quote"},           {0x201D, "\"", "a curly quote"},
    {0x201E, "\"", "a low curly quote"},       {0x300C, "\"", "a corner bracket"},
    {0x300D, "\"", "a corner bracket"},        {0x2212, "-", "a minus sign"},
    {0x2013, "-", "an en dash"},               {0x3001, ",", "an ideographic comma"},
    {0x3010, "(", "a lenticular bracket"},     {0x3011, ")", "a lenticular bracket"},
};

}  // namespace

std::optional<LookAlike> look_alike(std::string_view utf8) {
  size_t i = 0;
  const char32_t cp = decode_utf8(utf8, i);
  if (i != utf8.size()) return std::nullopt;
  // U+FF01..U+FF5E are the full-width forms of ASCII '!'..'~', 0xFEE0 above them.
  if (cp >= 0xFF01 && cp <= 0xFF5E) {
    const std::string ascii(1, static_cast<char>(cp - 0xFEE0));
    return LookAlike{ascii, "full-width '" + std::string(utf8) + "' (" + code_point_name(cp) + ")"};
  }
  for (const auto& s : kSpecials)
    if (s.cp == cp) return LookAlike{s.ascii, std::string(s.what) + " '" + std::string(utf8) + "' (" + code_point_name(cp) + ")"};
  return std::nullopt;
}

}  // namespace slaudit::grammar
