#pragma once
// One fuzz harness is one function over the bytes of one input, defined with
// SLAUDIT_FUZZ_TARGET(name) { ... } (the bytes are `data`, a string_view).
//
// The same source builds two ways (fuzz/CMakeLists.txt):
//  - replay (the normal GCC builds, plain and ASan+UBSan): every harness is
//    compiled into the one slaudit_fuzz_replay executable and registers itself
//    by name; its main runs a named harness over files (fuzz/support/replay_main.cpp),
//    so ctest runs each harness over its seed corpus in seconds;
//  - libFuzzer (SLAUDIT_FUZZ=ON, clang): one binary per harness, where the
//    macro defines LLVMFuzzerTestOneInput.
// A harness checks what must hold with SLAUDIT_FUZZ_EXPECT: a broken promise
// aborts, which both libFuzzer and ctest see as a failure, with the message.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace slaudit::fuzz {

using Harness = void (*)(std::string_view data);

// Prints "fuzz expectation failed: <what> (<file>:<line>)" and aborts.
[[noreturn]] void fail(std::string_view what, const char* file, int line);

#ifndef SLAUDIT_LIBFUZZER
bool register_harness(const char* name, Harness harness);
#endif

}  // namespace slaudit::fuzz

#define SLAUDIT_FUZZ_EXPECT(condition, what) \
  do {                                        \
    if (!(condition)) ::slaudit::fuzz::fail((what), __FILE__, __LINE__); \
  } while (0)

#ifdef SLAUDIT_LIBFUZZER
#define SLAUDIT_FUZZ_TARGET(name)                                                     \
  static void slaudit_fuzz_##name(std::string_view data);                             \
  extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {          \
    slaudit_fuzz_##name(std::string_view(reinterpret_cast<const char*>(bytes), size)); \
    return 0;                                                                         \
  }                                                                                   \
  static void slaudit_fuzz_##name(std::string_view data)
#else
#define SLAUDIT_FUZZ_TARGET(name)                                                                    \
  static void slaudit_fuzz_##name(std::string_view data);                                            \
  [[maybe_unused]] static const bool slaudit_fuzz_registered_##name =                               \
      ::slaudit::fuzz::register_harness(#name, &slaudit_fuzz_##name);                                \
  static void slaudit_fuzz_##name(std::string_view data)
#endif
