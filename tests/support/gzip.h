#pragma once
// Test support: gzip data written by zlib, for the readers that undo it.
#include <string>
#include <string_view>

namespace slaudit::testing {

// One gzip member of `text` (zlib's deflate with a gzip wrapper) at `level`
// 1-9; throws std::runtime_error if zlib fails.
std::string gzip(std::string_view text, int level = 6);

}  // namespace slaudit::testing
