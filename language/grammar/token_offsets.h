#pragma once
// ANTLR's runtime decodes UTF-8 into code points, so token indexes count code
// points. Our ranges are byte offsets; this table converts between the two.
#include <cstdint>
#include <string_view>
#include <vector>

namespace slaudit::grammar {

class CodePointOffsets {
 public:
  explicit CodePointOffsets(std::string_view utf8);
  // Byte offset of the code point at `index` (index == count gives the text size).
  uint32_t byte_offset(size_t index) const;

 private:
  bool ascii_ = true;
  uint32_t size_ = 0;
  std::vector<uint32_t> offsets_;  // only for non-ASCII text
};

}  // namespace slaudit::grammar
