#pragma once
// A file whose bytes the harness sets, for readers that only take a path
// (reading in blocks is the file path's business). One anonymous memory file
// per process (memfd), rewritten for each input: nothing left on disk when a
// fuzzer is killed, and no file name shared between parallel runs.
#include <string>
#include <string_view>

namespace slaudit::fuzz {

// Replaces the memory file's content with `data`; returns a path opening it.
std::string memory_file(std::string_view data);

}  // namespace slaudit::fuzz
