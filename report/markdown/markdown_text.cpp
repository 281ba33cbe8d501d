#include "report/markdown/markdown_text.h"

#include <algorithm>

namespace slaudit::report {

std::string md_escape(std::string_view text) {
  static constexpr std::string_view kSpecial = "\\`*_[]<>|#";
  std::string out;
  for (const char c : text) {
    if (c == '\n' || c == '\r') {
      out += ' ';
      continue;
    }
    if (kSpecial.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string md_code(std::string_view text) {
  // A fence one backtick longer than the longest run inside, as CommonMark allows.
  size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
  std::string body(text);
  std::replace(body.begin(), body.end(), '\n', ' ');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

}  // namespace slaudit::report
