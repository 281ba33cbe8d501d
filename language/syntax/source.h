#pragma once
// Source text and byte-offset ranges. Nodes carry only byte offsets; line and
// column are computed when a diagnostic is rendered (after cel-cpp's source.h).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace slaudit {

// A half-open byte range [begin, end) into a SourceFile's text.
struct SourceRange {
  uint32_t begin = 0;
  uint32_t end = 0;
  bool operator==(const SourceRange&) const = default;
};

// 1-based line and column; the column counts Unicode code points, so a
// diagnostic in a line of Chinese text points at the right character.
struct LineColumn {
  uint32_t line = 1;
  uint32_t column = 1;
};

class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }

  LineColumn location(uint32_t offset) const;
  // The text of a 1-based line, without its line terminator.
  std::string_view line_text(uint32_t line) const;
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  std::string_view slice(SourceRange range) const;

 private:
  std::string name_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

}  // namespace slaudit
