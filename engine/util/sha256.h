#pragma once
// SHA-256 of input bytes, so a report can name exactly which log it audited.
#include <string>
#include <string_view>

namespace slaudit {

// 64 lowercase hex digits; empty only if libcrypto itself fails.
std::string sha256_hex(std::string_view bytes);

}  // namespace slaudit
