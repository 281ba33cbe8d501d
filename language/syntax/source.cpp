#include "language/syntax/source.h"

#include <algorithm>

namespace slaudit {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

LineColumn SourceFile::location(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const uint32_t line_index = static_cast<uint32_t>(it - line_starts_.begin()) - 1;
  uint32_t column = 1;
  for (uint32_t i = line_starts_[line_index]; i < offset; ++i)
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;  // count code points
  return {line_index + 1, column};
}

std::string_view SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  const uint32_t begin = line_starts_[line - 1];
  uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<uint32_t>(text_.size());
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  return std::string_view(text_).substr(begin, end - begin);
}

std::string_view SourceFile::slice(SourceRange range) const {
  const uint32_t size = static_cast<uint32_t>(text_.size());
  const uint32_t begin = std::min(range.begin, size);
  const uint32_t end = std::clamp(range.end, begin, size);
  return std::string_view(text_).substr(begin, end - begin);
}

}  // namespace slaudit
