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

namespace {

size_t longest_backtick_run(std::string_view text) {
  size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string md_code(std::string_view text) {
  // A fence one backtick longer than the longest run inside, as CommonMark allows.
  const std::string fence(longest_backtick_run(text) + 1, '`');
  const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
  std::string body(text);
  std::replace(body.begin(), body.end(), '\n', ' ');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string md_code_cell(std::string_view text) {
  std::string out;
  for (const char c : md_code(text)) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string md_code_block(const std::vector<std::string>& lines) {
  // A closing fence is a line of at least as many backticks as the opening one:
  // one longer than any run inside, and never fewer than CommonMark's three.
  size_t longest = 0;
  for (const std::string& line : lines) longest = std::max(longest, longest_backtick_run(line));
  const std::string fence(std::max<size_t>(3, longest + 1), '`');
  std::string out = fence + "\n";
  for (const std::string& line : lines) out += line + "\n";
  return out + fence + "\n";
}

namespace {

std::string md_url(std::string_view url) {
  static constexpr std::string_view kPlain =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&'*+,;=%";
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : url) {
    if (kPlain.find(c) != std::string_view::npos) {
      out += c;
      continue;
    }
    const auto byte = static_cast<unsigned char>(c);
    out += '%';
    out += kHex[byte >> 4];
    out += kHex[byte & 15];
  }
  return out;
}

}  // namespace

std::string md_incident(std::string_view id, const IncidentLabels* labels) {
  std::string out = md_escape(id);
  if (!labels) return out;
  if (!labels->title.empty()) {
    out += ": " + (labels->url.empty() ? md_escape(labels->title)
                                       : "[" + md_escape(labels->title) + "](" + md_url(labels->url) + ")");
  } else if (!labels->url.empty()) {
    out += " ([link](" + md_url(labels->url) + "))";
  }
  if (!labels->ticket.empty()) out += " (" + md_escape(labels->ticket) + ")";
  return out;
}

}  // namespace slaudit::report
