#include "language/format/layout.h"
#include "language/format/source_scan.h"

namespace slaudit::format {

void LineWriter::attribute(std::string text, SourceRange range) {
  lines_.push_back({LineRole::Attribute, depth_, std::move(text), range});
}

void LineWriter::item(std::string text, SourceRange range) {
  lines_.push_back({LineRole::Item, depth_, std::move(text), range});
}

void LineWriter::open(std::string header, SourceRange block, uint32_t header_end) {
  const uint32_t brace = open_brace_at_or_after(source_, header_end);
  lines_.push_back({LineRole::Opener, depth_, std::move(header) + " {", {block.begin, brace + 1}});
  ++depth_;
}

void LineWriter::close(SourceRange block) {
  --depth_;
  const uint32_t brace = block.end > block.begin ? block.end - 1 : block.end;
  lines_.push_back({LineRole::Closer, depth_, "}", {brace, block.end}});
}

}  // namespace slaudit::format
