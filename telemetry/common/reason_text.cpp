#include "telemetry/common/reason_text.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "base/text/display_width.h"
#include "telemetry/common/name_check.h"

namespace slaudit {

namespace {

void append_escaped(std::string& out, std::string_view bytes) {
  for (const char c : bytes) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned char>(c));
        out += buffer;
      }
    }
  }
}

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Optimal string alignment distance, ignoring ASCII case: a swapped pair of
// letters ("ned" for "end") is one edit, as it is one slip of the fingers.
size_t typo_distance(std::string_view a, std::string_view b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1, 0));
  for (size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = ascii_lower(a[i - 1]) == ascii_lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && ascii_lower(a[i - 1]) == ascii_lower(b[j - 2]) &&
          ascii_lower(a[i - 2]) == ascii_lower(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

}  // namespace

std::string printable(std::string_view text, size_t max_code_points) {
  std::string out;
  size_t count = 0;
  for (size_t i = 0; i < text.size(); ++count) {
    if (count == max_code_points) return out + "…";
    const size_t at = i;
    const char32_t cp = decode_utf8(text, i);
    const bool invalid = cp == U'\uFFFD' && !(static_cast<unsigned char>(text[at]) == 0xEF && i - at == 3);
    if (invalid || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || is_bidi_control(cp)) {
      append_escaped(out, text.substr(at, i - at));
    } else {
      out += text.substr(at, i - at);
    }
  }
  return out;
}

std::string quote_value(std::string_view value) { return "'" + printable(value, 60) + "'"; }

std::optional<std::string_view> near_miss(std::string_view name, std::span<const std::string_view> known) {
  if (name.size() > 64) return std::nullopt;  // no typo is that long; spare the quadratic distance
  const size_t allowed = name.size() <= 4 ? 1 : 2;
  std::optional<std::string_view> best;
  size_t best_distance = allowed + 1;
  for (const std::string_view candidate : known) {
    const size_t distance = typo_distance(name, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

std::string unknown_field_reason(std::string_view name, std::span<const std::string_view> known) {
  std::string reason = "unknown field " + quote_value(name);
  if (const std::optional<std::string_view> best = near_miss(name, known))
    reason += " (did you mean '" + std::string(*best) + "'?)";
  return reason;
}

size_t code_point_column(std::string_view text, size_t at) {
  size_t column = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  }
  return column;
}

}  // namespace slaudit
