#pragma once
// A fresh ledger path in a folder of its own, removed with the object.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

namespace slaudit::test {

struct TempLedger {
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("slaudit-ledger-" + std::to_string(::getpid()) + "-" +
                               std::to_string(reinterpret_cast<uintptr_t>(this)));
  std::filesystem::path path = dir / "audits.db";
  TempLedger() { std::filesystem::create_directories(dir); }
  ~TempLedger() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  TempLedger(const TempLedger&) = delete;
  TempLedger& operator=(const TempLedger&) = delete;
};

}  // namespace slaudit::test
