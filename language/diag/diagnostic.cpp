#include "language/diag/diagnostic.h"

#include <algorithm>
#include <tuple>

#include "base/text/display_width.h"

namespace slaudit {

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

Diagnostic& Diagnostics::error(std::string code, SourceRange range, std::string message,
                               std::string hint) {
  add({Severity::Error, std::move(code), range, std::move(message), std::move(hint), {}, {}});
  return truncated_ ? overflow_ : items_.back();
}

Diagnostic& Diagnostics::warning(std::string code, SourceRange range, std::string message,
                                 std::string hint) {
  add({Severity::Warning, std::move(code), range, std::move(message), std::move(hint), {}, {}});
  return truncated_ ? overflow_ : items_.back();
}

void Diagnostics::add(Diagnostic diagnostic) {
  if (error_count_ >= kMaxErrors || items_.size() >= 4 * kMaxErrors) {
    truncated_ = true;
    overflow_ = std::move(diagnostic);
    return;
  }
  if (diagnostic.severity == Severity::Error) ++error_count_;
  items_.push_back(std::move(diagnostic));
}

void Diagnostics::append(const Diagnostics& other) {
  for (const auto& d : other.items_) add(d);
  if (other.truncated_) truncated_ = true;
}

std::vector<Diagnostic> Diagnostics::sorted() const {
  std::vector<Diagnostic> out = items_;
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.range.begin, a.severity, a.message) < std::tie(b.range.begin, b.severity, b.message);
  });
  return out;
}

namespace {

constexpr size_t kWindow = 60;  // columns shown either side of the caret in long lines

// The line with the caret under `range`, windowed when the line is long.
std::string snippet(const SourceFile& file, SourceRange range) {
  const LineColumn at = file.location(range.begin);
  std::string_view line = file.line_text(at.line);
  // Byte offset of the caret within the line.
  size_t caret = 0;
  for (uint32_t col = 1; col < at.column && caret < line.size(); ++col) decode_utf8(line, caret);
  size_t first = 0, last = line.size();
  bool cut_left = false, cut_right = false;
  if (display_width(line) > 2 * kWindow + 20) {
    // Move whole code points so the window never splits a character.
    size_t count = 0;
    first = caret;
    while (first > 0 && count < kWindow) {
      --first;
      while (first > 0 && (static_cast<unsigned char>(line[first]) & 0xC0) == 0x80) --first;
      ++count;
    }
    last = caret;
    for (count = 0; last < line.size() && count < kWindow; ++count) decode_utf8(line, last);
    cut_left = first > 0;
    cut_right = last < line.size();
  }
  std::string shown = std::string(cut_left ? "..." : "") + std::string(line.substr(first, last - first)) +
                      (cut_right ? "..." : "");
  // Underline: same width as the text before the caret, tabs kept as tabs.
  std::string pad = cut_left ? "   " : "";
  for (size_t i = first; i < caret;) {
    if (line[i] == '\t') {
      pad += '\t';
      ++i;
    } else {
      pad.append(code_point_width(decode_utf8(line, i)), ' ');
    }
  }
  const size_t line_end_offset = caret + (line.size() - caret);
  size_t range_bytes = range.end > range.begin ? range.end - range.begin : 1;
  range_bytes = std::min(range_bytes, line_end_offset - caret);
  size_t underline = 0;
  for (size_t i = caret; i < caret + range_bytes && i < last;)
    underline += static_cast<size_t>(code_point_width(decode_utf8(line, i)));
  std::string marks = "^";
  if (underline > 1) marks.append(std::min<size_t>(underline, kWindow) - 1, '~');

  const std::string number = std::to_string(at.line);
  const std::string gutter(number.size(), ' ');
  return " " + number + " | " + shown + "\n " + gutter + " | " + pad + marks + "\n";
}

std::string position(const SourceFile& file, SourceRange range) {
  const LineColumn at = file.location(range.begin);
  return file.name() + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

}  // namespace

std::string render_diagnostic(const SourceFile& file, const Diagnostic& d) {
  std::string out = position(file, d.range) + ": " + severity_name(d.severity) + ": " + d.message;
  if (!d.code.empty()) out += " [" + d.code + "]";
  out += "\n";
  if (!file.text().empty()) out += snippet(file, d.range);
  if (!d.hint.empty()) out += "  hint: " + d.hint + "\n";
  for (const auto& note : d.notes) out += position(file, note.range) + ": note: " + note.message + "\n";
  return out;
}

std::string render_diagnostics(const SourceFile& file, const Diagnostics& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics.sorted()) out += render_diagnostic(file, d);
  if (diagnostics.truncated())
    out += file.name() + ": error: too many errors; stopped after " +
           std::to_string(Diagnostics::kMaxErrors) + "\n";
  return out;
}

}  // namespace slaudit
