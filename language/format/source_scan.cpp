#include "language/format/source_scan.h"

#include <algorithm>
#include <string_view>

namespace slaudit::format {

namespace {

// The end of the comment starting at `at`, or `at` itself when none starts there.
size_t skip_comment(std::string_view text, size_t at) {
  if (text.compare(at, 2, "//") == 0) {
    const size_t eol = text.find('\n', at);
    return eol == std::string_view::npos ? text.size() : eol;
  }
  if (text.compare(at, 2, "/*") == 0) {
    const size_t close = text.find("*/", at + 2);
    return close == std::string_view::npos ? text.size() : close + 2;
  }
  return at;
}

// The end of the string literal starting at the `"` at `at` (the lexer's STRING rule).
size_t skip_string(std::string_view text, size_t at) {
  size_t i = at + 1;
  while (i < text.size() && text[i] != '"' && text[i] != '\n' && text[i] != '\r') i += text[i] == '\\' ? 2 : 1;
  return i < text.size() && text[i] == '"' ? i + 1 : std::min(i, text.size());
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\r'; }

}  // namespace

uint32_t open_brace_at_or_after(const SourceFile& source, uint32_t from) {
  const std::string_view text = source.text();
  size_t i = from;
  while (i < text.size() && text[i] != '{') {
    const size_t after = skip_comment(text, i);
    i = after == i ? i + 1 : after;
  }
  return static_cast<uint32_t>(i);
}

bool only_blanks_between(const SourceFile& source, uint32_t from, uint32_t to) {
  if (from > to) return false;
  for (char c : source.slice({from, to}))
    if (c != ' ' && c != '\t') return false;
  return true;
}

bool blank_line_between(const SourceFile& source, uint32_t from, uint32_t to) {
  if (from >= to) return false;
  bool line_so_far_blank = false;  // only whitespace since the last newline
  for (char c : source.slice({from, to})) {
    if (c == '\n') {
      if (line_so_far_blank) return true;
      line_so_far_blank = true;
    } else if (!is_blank(c)) {
      line_so_far_blank = false;
    }
  }
  return false;
}

std::vector<std::string> raw_strings_in(const SourceFile& source, SourceRange range) {
  const std::string_view text = source.slice(range);
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '"') {
      const size_t end = skip_string(text, i);
      out.emplace_back(text.substr(i, end - i));
      i = end;
      continue;
    }
    const size_t after = skip_comment(text, i);
    i = after == i ? i + 1 : after;
  }
  return out;
}

}  // namespace slaudit::format
