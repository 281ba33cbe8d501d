#include "base/text/display_width.h"

#include <cstdint>
#include <cstring>

namespace slaudit {

namespace {
// Length of the sequence announced by a lead byte, 0 if not a lead byte.
int sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}
}  // namespace

char32_t decode_utf8(std::string_view text, size_t& i) {
  const unsigned char lead = static_cast<unsigned char>(text[i]);
  const int length = sequence_length(lead);
  if (length == 0 || i + length > text.size()) {
    ++i;
    return U'\uFFFD';
  }
  if (length == 1) {
    ++i;
    return lead;
  }
  char32_t cp = lead & (0x7F >> length);
  for (int k = 1; k < length; ++k) {
    const unsigned char c = static_cast<unsigned char>(text[i + k]);
    if ((c & 0xC0) != 0x80) {
      ++i;
      return U'\uFFFD';
    }
    cp = (cp << 6) | (c & 0x3F);
  }
  // Reject overlong forms, surrogates and values past U+10FFFF.
  static constexpr char32_t kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[length] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
    ++i;
    return U'\uFFFD';
  }
  i += length;
  return cp;
}

namespace {
// The end of the run of ASCII bytes from `i`: eight bytes at a time, then one.
size_t ascii_run_end(std::string_view text, size_t i) {
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, text.data() + i, sizeof word);
    if ((word & 0x8080808080808080ULL) != 0) break;
  }
  while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) ++i;
  return i;
}
}  // namespace

bool is_ascii(std::string_view text) { return ascii_run_end(text, 0) == text.size(); }

size_t first_invalid_utf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    i = ascii_run_end(text, i);  // most text is ASCII
    if (i == text.size()) break;
    const size_t at = i;
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    const char32_t cp = decode_utf8(text, i);
    if (cp == U'\uFFFD' && !(lead == 0xEF && i - at == 3)) return at;  // a real U+FFFD is fine
  }
  return std::string_view::npos;
}

int code_point_width(char32_t cp) {
  if (cp == 0) return 0;
  if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) return 0;
  if ((cp >= 0x0300 && cp <= 0x036F) || cp == 0x200B) return 0;  // combining marks, ZWSP
  const bool wide =
      (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
      (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
      (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
      (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
      (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x3FFFD);
  return wide ? 2 : 1;
}

size_t display_width(std::string_view utf8) {
  size_t width = 0;
  for (size_t i = 0; i < utf8.size();) width += code_point_width(decode_utf8(utf8, i));
  return width;
}

std::string pad_right(std::string_view utf8, size_t width) {
  std::string out(utf8);
  const size_t have = display_width(utf8);
  if (have < width) out.append(width - have, ' ');
  return out;
}

std::string pad_left(std::string_view utf8, size_t width) {
  const size_t have = display_width(utf8);
  std::string out(have < width ? width - have : 0, ' ');
  out.append(utf8);
  return out;
}

std::string fit_width(std::string_view utf8, size_t width) {
  size_t used = 0, i = 0, cut = std::string_view::npos;
  while (i < utf8.size()) {
    const size_t at = i;
    const size_t w = static_cast<size_t>(code_point_width(decode_utf8(utf8, i)));
    if (used + w > width - 1 && cut == std::string_view::npos) cut = at;  // where "…" would go
    if (used + w > width) return std::string(utf8.substr(0, cut)) + "…";
    used += w;
  }
  return std::string(utf8);
}

}  // namespace slaudit
