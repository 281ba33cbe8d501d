#pragma once
// SHA-256 of input bytes, so a report can name exactly which log it audited.
#include <memory>
#include <string>
#include <string_view>

namespace slaudit {

// 64 lowercase hex digits; empty only if libcrypto itself fails.
std::string sha256_hex(std::string_view bytes);

// The same digest over bytes that arrive in pieces (a file read in blocks):
// the hex of the whole is the hex of their concatenation.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(std::string_view bytes);
  std::string hex();  // once, after the last update; empty if libcrypto failed

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace slaudit
