#include "language/grammar/token_offsets.h"

namespace slaudit::grammar {

CodePointOffsets::CodePointOffsets(std::string_view utf8) : size_(static_cast<uint32_t>(utf8.size())) {
  for (unsigned char c : utf8)
    if (c >= 0x80) {
      ascii_ = false;
      break;
    }
  if (ascii_) return;
  offsets_.reserve(utf8.size() + 1);
  for (uint32_t i = 0; i < utf8.size(); ++i)
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80) offsets_.push_back(i);
  offsets_.push_back(size_);
}

uint32_t CodePointOffsets::byte_offset(size_t index) const {
  if (ascii_) return index < size_ ? static_cast<uint32_t>(index) : size_;
  return index < offsets_.size() ? offsets_[index] : size_;
}

}  // namespace slaudit::grammar
